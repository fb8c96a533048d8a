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
    <aside aria-label="Feedback" className="fixed bottom-4 left-4 z-30 lg:left-60 xl:left-64">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-slate-800">
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
