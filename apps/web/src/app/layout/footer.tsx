import { FOOTER_HIDDEN_TABS, SUPPORT_HOURS, type FeedbackKind } from '@conversa/contracts';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Bug, ExternalLink, Headset, MessageSquareHeart } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useBrand } from '@/components/brand';
import { webConfig } from '@/config/env';

/** Whether the `tab` query parameter hides the footer: record or interact (spec §2). */
export function isFooterHidden(params: URLSearchParams): boolean {
  const tab = params.get('tab');
  return FOOTER_HIDDEN_TABS.some((hidden) => hidden === tab);
}

// At least 24 px tall: WCAG 2.2 AA target size (issue 68: 20 px on a phone).
const ITEM_CLASS =
  'inline-flex min-h-6 items-center gap-1.5 rounded-md font-medium text-slate-600 hover:text-brand-700';

function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={ITEM_CLASS}>
      {children}
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/**
 * The footer (spec §2 Layout): the Support tooltip with phone, email and hours, the Give Feedback
 * and Report a Bug dialogs, and Privacy Policy and Terms of Service in a new tab.
 */
export function Footer({ onOpenFeedback }: { onOpenFeedback: (kind: FeedbackKind) => void }) {
  // The tooltip's closing is ours: Radix closes a tooltip whenever the page scrolls, and tabbing to
  // Support at the end of a long page scrolls it into view, which closed the tooltip at once for
  // keyboard users. It closes on blur, pointer leave, Escape or a press elsewhere.
  const [isSupportOpen, setIsSupportOpen] = useState(false);
  const closeSupport = () => setIsSupportOpen(false);
  const brand = useBrand();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-(--breakpoint-2xl) flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-4 text-sm sm:px-6">
        <p className="text-slate-500">
          © {new Date().getFullYear()} {brand.name}
        </p>
        <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <li>
            <Tooltip.Root
              open={isSupportOpen}
              onOpenChange={(isOpen) => {
                if (isOpen) {
                  setIsSupportOpen(true);
                }
              }}
            >
              <Tooltip.Trigger asChild>
                <button
                  type="button"
                  className={ITEM_CLASS}
                  onBlur={closeSupport}
                  onPointerLeave={closeSupport}
                >
                  <Headset className="size-4" aria-hidden="true" />
                  Support
                </button>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  side="top"
                  sideOffset={8}
                  onEscapeKeyDown={closeSupport}
                  onPointerDownOutside={closeSupport}
                  className="z-50 rounded-lg bg-slate-900 px-3 py-2 text-sm text-white shadow-lg"
                >
                  <p>Phone: {brand.supportPhone}</p>
                  <p>Email: {brand.supportEmail}</p>
                  <p className="text-slate-300">{SUPPORT_HOURS}</p>
                  <Tooltip.Arrow className="fill-slate-900" />
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          </li>
          <li>
            <button type="button" className={ITEM_CLASS} onClick={() => onOpenFeedback('feedback')}>
              <MessageSquareHeart className="size-4" aria-hidden="true" />
              Give Feedback
            </button>
          </li>
          <li>
            <button type="button" className={ITEM_CLASS} onClick={() => onOpenFeedback('bug')}>
              <Bug className="size-4" aria-hidden="true" />
              Report a Bug
            </button>
          </li>
          <li>
            <NewTabLink href={webConfig.privacyPolicyUrl}>Privacy Policy</NewTabLink>
          </li>
          <li>
            <NewTabLink href={webConfig.termsOfServiceUrl}>Terms of Service</NewTabLink>
          </li>
        </ul>
      </div>
    </footer>
  );
}
