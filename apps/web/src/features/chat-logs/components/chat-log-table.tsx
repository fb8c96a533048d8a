import {
  CHAT_CHANNEL_LABELS,
  INPUT_MODE_LABELS,
  OUTCOME_LABELS,
  outcomeOf,
  type ChatLogEntry,
  type ChatOutcome,
} from '@conversa/contracts';
import { Keyboard, Mic } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { formatScore, formatUsDateTime } from '@/lib/format';
import {
  describeClarification,
  describeConfidence,
  describeInkTurn,
  describeOutcome,
} from '../utils/labels';

const OUTCOME_CLASSES: Record<ChatOutcome, string> = {
  answered: 'bg-green-50 text-green-800',
  'asked-back': 'bg-sky-50 text-sky-900',
  fallback: 'bg-amber-50 text-amber-900',
};

/** What the asker got: answered, asked back ("Did you mean…?") or a fallback (issue 68). */
export function DecisionBadge({
  entry,
}: {
  entry: Pick<ChatLogEntry, 'decision' | 'clarification'>;
}) {
  const outcome = outcomeOf(entry);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        OUTCOME_CLASSES[outcome],
      )}
    >
      {OUTCOME_LABELS[outcome]}
    </span>
  );
}

/** Whether the exchange took a choice of the storyfile's ink story or was a free question. */
export function InkTurnNote({ entry }: { entry: ChatLogEntry }) {
  const text = describeInkTurn(entry);
  return text === null ? null : (
    <p
      className={cn(
        'mt-1 text-xs font-medium wrap-anywhere',
        entry.inkTurn === 'choice' ? 'text-brand-800' : 'text-slate-600',
      )}
    >
      {text}
    </p>
  );
}

/** What the storyfile offered back ("Did you mean…?"), or that the asker pressed an offer. */
export function ClarificationNote({ entry }: { entry: ChatLogEntry }) {
  const text = describeClarification(entry);
  return text === null ? null : (
    <p className="mt-1 text-xs font-medium wrap-anywhere text-brand-800">{text}</p>
  );
}

function InputModeCell({ mode }: { mode: ChatLogEntry['inputMode'] }) {
  const Icon = mode === 'spoken' ? Mic : Keyboard;
  return (
    <span className="inline-flex items-center gap-1.5 text-slate-600">
      <Icon className="size-3.5" aria-hidden="true" />
      {INPUT_MODE_LABELS[mode]}
    </span>
  );
}

const HEAD_CELL = 'px-3 py-3 whitespace-nowrap';

/**
 * The logged exchanges of one page. A row opens its conversation: the question is a button for
 * keyboard and screen-reader users, and the whole row answers a pointer click.
 */
export function ChatLogTable({
  items,
  openConversationId,
  onOpenConversation,
  timeZone,
}: {
  items: ChatLogEntry[];
  openConversationId: string | null;
  /** The conversation of a row, and the row's own exchange to show in it. */
  onOpenConversation: (conversationId: string, exchangeId: string) => void;
  timeZone?: string;
}) {
  return (
    <HorizontalScroll
      label="Chat log"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Chat log: one row per question asked, newest first. Choose a question to open its
          conversation.
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-500 uppercase">
          <tr>
            <th scope="col" className={HEAD_CELL}>
              Time
            </th>
            <th scope="col" className={HEAD_CELL}>
              Storyfile
            </th>
            <th scope="col" className={HEAD_CELL}>
              Question
            </th>
            <th scope="col" className={HEAD_CELL}>
              Input
            </th>
            <th scope="col" className={HEAD_CELL}>
              Decision
            </th>
            <th scope="col" className={cn(HEAD_CELL, 'text-right')}>
              Score
            </th>
            <th scope="col" className={HEAD_CELL}>
              Confidence
            </th>
            <th scope="col" className={HEAD_CELL}>
              Channel
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((entry) => (
            <tr
              key={entry.id}
              onClick={() => onOpenConversation(entry.conversationId, entry.id)}
              aria-current={entry.conversationId === openConversationId ? 'true' : undefined}
              className="cursor-pointer align-top hover:bg-slate-50 aria-[current=true]:bg-brand-50/60"
            >
              <td className="px-3 py-3 whitespace-nowrap text-slate-600">
                <time dateTime={entry.createdAt}>
                  {formatUsDateTime(entry.createdAt, timeZone)}
                </time>
              </td>
              <td
                className="max-w-40 truncate px-3 py-3 text-slate-700"
                title={entry.storyfileName}
              >
                {entry.storyfileName}
              </td>
              <td className="max-w-xs min-w-56 px-3 py-3">
                <button
                  type="button"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpenConversation(entry.conversationId, entry.id);
                  }}
                  className="text-left font-medium wrap-anywhere text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {entry.questionText === '' ? (
                    <span className="text-slate-500 italic">(nothing heard)</span>
                  ) : (
                    entry.questionText
                  )}
                </button>
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                <InputModeCell mode={entry.inputMode} />
              </td>
              <td className="max-w-xs min-w-48 px-3 py-3">
                <DecisionBadge entry={entry} />
                <p className="mt-1 text-xs wrap-anywhere text-slate-600">
                  {describeOutcome(entry)}
                </p>
                <InkTurnNote entry={entry} />
                <ClarificationNote entry={entry} />
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums">
                {formatScore(entry.score)}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                {describeConfidence(entry)}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                {CHAT_CHANNEL_LABELS[entry.channel]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}

/** Grey rows in the table's shape while the first page loads. */
export function ChatLogTableSkeleton() {
  return (
    <div aria-busy="true" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <span className="sr-only" role="status">
        Loading chat logs
      </span>
      <div aria-hidden="true" className="divide-y divide-slate-100">
        <div className="h-10 rounded-t-xl bg-slate-50" />
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="flex animate-pulse items-center gap-4 px-3 py-4">
            <div className="h-3 w-28 rounded bg-slate-200" />
            <div className="h-3 w-24 rounded bg-slate-100" />
            <div className="h-3 flex-1 rounded bg-slate-200" />
            <div className="h-5 w-20 rounded-full bg-slate-100" />
            <div className="h-3 w-10 rounded bg-slate-100" />
            <div className="h-3 w-16 rounded bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
