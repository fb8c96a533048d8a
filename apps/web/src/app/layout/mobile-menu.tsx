import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';

// The drawer (Radix Dialog with its focus trap and scroll lock) loads on the first opening.
const MobileMenuDrawer = lazy(() =>
  import('./mobile-menu-drawer').then((module) => ({ default: module.MobileMenuDrawer })),
);

/** Below the large breakpoint the left menu slides in from a button instead of standing still. */
export function MobileMenu({ pathname, children }: { pathname: string; children: ReactNode }) {
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // Mounted from the first opening on, so later closings keep the dialog's own behaviour.
  const [hasOpened, setHasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Following a link closes the drawer: it is open only on the path it was opened on.
  const isOpen = openedAt === pathname;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-state={isOpen ? 'open' : 'closed'}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
        aria-label="Open menu"
        onClick={() => {
          setHasOpened(true);
          setOpenedAt(pathname);
        }}
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <MobileMenuDrawer
            isOpen={isOpen}
            onOpenChange={(open) => setOpenedAt(open ? pathname : null)}
            openerRef={buttonRef}
          >
            {children}
          </MobileMenuDrawer>
        </Suspense>
      )}
    </>
  );
}
