import type { FeedbackKind } from '@conversa/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bug, MessageSquareHeart, MessageSquareText } from 'lucide-react';

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

/**
 * The floating Give Feedback / Report a Bug widget (spec §2 Shared screen pieces). It stands in for
 * the footer on the record and interact tabs, where the footer is hidden: the one Feedback entry
 * there, in the shell's dock at the window's bottom edge.
 */
export function FeedbackWidget({
  onOpenFeedback,
}: {
  onOpenFeedback: (kind: FeedbackKind) => void;
}) {
  return (
    // Issue 44, item 25: a tab fixed on the right edge took a gutter of its own (Interact narrowed
    // at 390 px) and was a second kind of Feedback entry. In the dock it takes the room of a bottom
    // edge, which the page scrolls out from under, and narrows nothing.
    <aside aria-label="Feedback" className="mr-auto">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none">
          <MessageSquareText className="size-4" aria-hidden="true" />
          Feedback
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            align="start"
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
