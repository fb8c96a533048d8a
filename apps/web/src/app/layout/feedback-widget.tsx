import type { FeedbackKind } from '@conversa/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bug, MessageSquareHeart, MessageSquareText } from 'lucide-react';

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

/**
 * The floating Give Feedback / Report a Bug widget (spec §2 Shared screen pieces). It stands in for
 * the footer on the record and interact tabs, where the footer is hidden.
 */
export function FeedbackWidget({
  onOpenFeedback,
}: {
  onOpenFeedback: (kind: FeedbackKind) => void;
}) {
  return (
    // A tab on the right edge: at the bottom it covered the recorder's and the player's controls.
    // The shell keeps a right gutter (pr-9) for it while it shows; data-floating lets the layout
    // test check that nothing of the page lies under it.
    <aside
      aria-label="Feedback"
      data-floating="always"
      className="fixed top-1/2 right-0 z-30 w-9 -translate-y-1/2"
    >
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="inline-flex rotate-180 items-center gap-2 rounded-r-lg bg-slate-900 px-2 py-3 text-sm font-semibold text-white shadow-lg [writing-mode:vertical-rl] hover:bg-slate-800">
          <MessageSquareText className="size-4 rotate-90" aria-hidden="true" />
          Feedback
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="left"
            align="center"
            sideOffset={8}
            className="z-50 w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
          >
            <DropdownMenu.Item className={ITEM_CLASS} onSelect={() => onOpenFeedback('feedback')}>
              <MessageSquareHeart className="size-4" aria-hidden="true" />
              Give Feedback
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM_CLASS} onSelect={() => onOpenFeedback('bug')}>
              <Bug className="size-4" aria-hidden="true" />
              Report a Bug
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </aside>
  );
}
