import { findRoute, type CurrentUser, type FeedbackKind } from '@conversa/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router';
import { UserAvatar } from '@/components/avatar';
import { useBrand } from '@/components/brand';
import { NavigationStateProvider } from '@/components/navigation-state';
import { UserMenu } from '@/components/user-menu';
import { UploadBarSlot, VideoUploadsProvider } from '@/features/uploads/shell';
import { buildBreadcrumbs } from '@/lib/breadcrumbs';
import { formatDisplayName } from '@/lib/format';
import { Footer, isFooterHidden } from './footer';
import { MobileMenu } from './mobile-menu';
import { RouteGuard } from './route-guard';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

// Only the record and interact tabs hide the footer and show this floating widget (in the dock);
// its dropdown menu loads with them.
const FeedbackWidget = lazy(() =>
  import('./feedback-widget').then((module) => ({ default: module.FeedbackWidget })),
);

// Loaded on the first Give Feedback / Report a Bug, not with every signed-in first load.
const FeedbackDialog = lazy(() =>
  import('@/features/feedback').then((module) => ({ default: module.FeedbackDialog })),
);

/** /dashboard is the one screen without a top bar (spec §2 Routes). */
const PATHS_WITHOUT_TOP_BAR = ['/dashboard'];

/** The tab's title: the screen's label, then the brand's name (Conversa Studio unbranded). */
export function getPageTitle(pathname: string, brandName: string): string {
  const label = findRoute(pathname)?.label ?? buildBreadcrumbs(pathname).at(-1)?.label;
  return label === undefined ? brandName : `${label} · ${brandName}`;
}

/**
 * Keeps the page's bottom scroll padding equal to the dock's height, so that what the browser
 * scrolls into view (a focused control, the player's newest exchange) stops above the dock instead
 * of under it (WCAG 2.2 SC 2.4.11, focus not obscured).
 */
function useScrollPaddingAbove(dockRef: React.RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const dock = dockRef.current;
    if (!dock || typeof ResizeObserver === 'undefined') {
      return;
    }
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${dock.offsetHeight}px`;
    });
    observer.observe(dock);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [dockRef]);
}

/**
 * The frame of every signed-in screen: left menu, top bar, the screen, footer, feedback dialogs,
 * the navigation state (temporary state cleared and route history recorded per navigation), and
 * the video uploads, which go on across screens.
 */
export function AppShell({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const [feedback, setFeedback] = useState<{
    kind: FeedbackKind;
    isOpen: boolean;
    /** Mounted from the first opening on, so later closings keep the dialog's own behaviour. */
    hasOpened: boolean;
  }>({ kind: 'feedback', isOpen: false, hasOpened: false });
  const mainRef = useRef<HTMLElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  useScrollPaddingAbove(dockRef);
  const previousPath = useRef(pathname);
  const brand = useBrand();

  useEffect(() => {
    document.title = getPageTitle(pathname, brand.name);
    // After an in-app navigation, screen readers and keyboards start at the new screen.
    if (previousPath.current !== pathname) {
      previousPath.current = pathname;
      mainRef.current?.focus({ preventScroll: true });
    }
  }, [pathname, brand.name]);

  const displayName = formatDisplayName(user);
  const openFeedback = (kind: FeedbackKind) => setFeedback({ kind, isOpen: true, hasOpened: true });
  const hasTopBar = !PATHS_WITHOUT_TOP_BAR.includes(pathname);
  const sideMenu = (
    <>
      <SideMenu user={user} pathname={pathname} />
      <section aria-label="Your account" className="border-t border-slate-800 p-3">
        <UserMenu
          displayName={displayName}
          email={user.email}
          avatar={<UserAvatar iam={user.iam} alt="" size="sm" />}
          onLogout={onLogout}
        />
      </section>
    </>
  );
  const menuButton = <MobileMenu pathname={pathname}>{sideMenu}</MobileMenu>;

  return (
    <NavigationStateProvider>
      <VideoUploadsProvider key={user.iam} userId={user.iam}>
        <ScrollRestoration />
        <a
          href="#main-content"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <div className="flex min-h-screen bg-slate-50">
          <div className="sticky top-0 hidden h-screen w-52 shrink-0 flex-col bg-slate-900 lg:flex xl:w-56">
            {sideMenu}
          </div>
          <div className="flex min-w-0 flex-1 flex-col">
            {hasTopBar ? (
              <TopBar pathname={pathname} menuButton={menuButton} onLogout={onLogout} />
            ) : (
              <div className="flex h-14 items-center border-b border-slate-200 bg-white px-4 lg:hidden">
                {menuButton}
              </div>
            )}
            <main id="main-content" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
              <div className="mx-auto w-full max-w-(--breakpoint-2xl) px-4 py-8 sm:px-6 lg:px-8">
                <RouteGuard user={user}>
                  <Outlet />
                </RouteGuard>
              </div>
            </main>
            {/* The dock (issue 44, items 25 and 26): the pieces that stay in view, the Feedback
                entry where the footer is hidden and the upload bar, at the window's bottom edge
                in room of their own. Floating over the page they covered the Record tab's list
                and the intro clip card, and the Feedback tab's gutter narrowed Interact; here the
                page ends above the dock and scrolls out from under it, as under the top bar. It
                takes no room when empty. */}
            <div
              ref={dockRef}
              className="sticky bottom-0 z-30 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-2 py-2 backdrop-blur empty:hidden"
            >
              {isFooterHidden(searchParams) && (
                <Suspense fallback={null}>
                  <FeedbackWidget onOpenFeedback={openFeedback} />
                </Suspense>
              )}
              <UploadBarSlot />
            </div>
            {isFooterHidden(searchParams) ? null : <Footer onOpenFeedback={openFeedback} />}
          </div>
        </div>
        {feedback.hasOpened && (
          <Suspense fallback={null}>
            <FeedbackDialog
              kind={feedback.kind}
              isOpen={feedback.isOpen}
              onOpenChange={(isOpen) => setFeedback((current) => ({ ...current, isOpen }))}
            />
          </Suspense>
        )}
      </VideoUploadsProvider>
    </NavigationStateProvider>
  );
}
