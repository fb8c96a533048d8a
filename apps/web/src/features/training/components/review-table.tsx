import {
  CHAT_CHANNEL_LABELS,
  CONFIDENCE_LABELS,
  REVIEW_STATE_LABELS,
  type ReviewItem,
  type ReviewSortField,
  type SortOrder,
} from '@conversa/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, ThumbsDown, ThumbsUp } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { formatScore, formatUsDateTime } from '@/lib/format';
import { describeItemOffer, describeItemOutcome } from '../utils/labels';

// Free text (questions, outcomes, names) wraps inside its own wide-enough column; every other
// value is a short word or number that never breaks (issue 32: "0.7 5", "Par ap hra se", "Ne w").
// What does not fit then scrolls inside the table's box, which says so.
const COLUMNS: { field: ReviewSortField; label: string; className?: string }[] = [
  { field: 'questionText', label: 'Question', className: 'min-w-56' },
  { field: 'answer', label: 'Outcome', className: 'min-w-56' },
  { field: 'score', label: 'Score' },
  { field: 'confidence', label: 'Confidence' },
  { field: 'topMargin', label: 'Top 3', className: 'min-w-48' },
  { field: 'channel', label: 'Channel' },
  { field: 'reviewState', label: 'State' },
  { field: 'feedback', label: 'Rating' },
  { field: 'storyfileName', label: 'Storyfile', className: 'min-w-40' },
  { field: 'createdAt', label: 'Asked' },
];

function SortHeader({
  field,
  label,
  sort,
  order,
  onSort,
  className,
}: {
  field: ReviewSortField;
  label: string;
  sort: ReviewSortField;
  order: SortOrder;
  onSort: (field: ReviewSortField) => void;
  className?: string | undefined;
}) {
  const isSorted = sort === field;
  const Icon = !isSorted ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 text-left font-semibold whitespace-nowrap', className)}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 rounded hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
      >
        {label}
        <Icon className={cn('size-3', !isSorted && 'opacity-50')} aria-hidden="true" />
      </button>
    </th>
  );
}

/**
 * What the storyfile asked back with on the exchange and which question the asker pressed; an
 * editor makes the question an alternate of that one (previewed first, like any correction).
 */
function ItemOffer({
  item,
  onMakeAlternate,
}: {
  item: ReviewItem;
  onMakeAlternate: ((item: ReviewItem) => void) | undefined;
}) {
  const offer = describeItemOffer(item);
  if (offer === null) {
    return null;
  }
  const chosen = item.chosenSuggestion;
  return (
    <div className="mt-1 space-y-1 text-xs text-slate-600">
      <p>{offer}</p>
      {chosen === null ? (
        <p>Nothing chosen</p>
      ) : (
        <>
          <p className="font-medium text-brand-800">Chose: {chosen.questionText}</p>
          {onMakeAlternate ? (
            <button
              type="button"
              onClick={() => onMakeAlternate(item)}
              aria-label={`Make “${item.questionText}” an alternate of “${chosen.questionText}”`}
              className="rounded font-semibold text-brand-700 underline hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
            >
              Make it an alternate
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The inbox: one row per exchange with its top 3 candidates, state and rating; rows selectable. */
export function ReviewTable({
  items,
  sort,
  order,
  onSort,
  selected,
  onToggle,
  isSelectable,
  onMakeAlternate,
  timeZone,
}: {
  items: ReviewItem[];
  sort: ReviewSortField;
  order: SortOrder;
  onSort: (field: ReviewSortField) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  isSelectable: boolean;
  /** Turns the question into an alternate of the suggestion the asker chose (editors only). */
  onMakeAlternate?: ((item: ReviewItem) => void) | undefined;
  timeZone?: string;
}) {
  return (
    <HorizontalScroll
      label="Logged exchanges to review"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Logged exchanges to review</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            {isSelectable ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Select</span>
              </th>
            ) : null}
            {COLUMNS.map((column) => (
              <SortHeader
                key={column.field}
                field={column.field}
                label={column.label}
                sort={sort}
                order={order}
                onSort={onSort}
                className={column.className}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id} className={cn(selected.has(item.id) && 'bg-brand-50')}>
              {isSelectable ? (
                <td className="px-3 py-2 align-top">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={selected.has(item.id)}
                    onChange={() => onToggle(item.id)}
                    aria-label={`Select: ${item.questionText}`}
                  />
                </td>
              ) : null}
              <td className="px-3 py-2 align-top wrap-anywhere text-slate-900">
                {item.questionText}
              </td>
              <td
                className={cn(
                  'px-3 py-2 align-top wrap-anywhere',
                  item.decision === 'fallback' ? 'text-amber-800' : 'text-slate-700',
                )}
              >
                {describeItemOutcome(item)}
                <ItemOffer item={item} onMakeAlternate={onMakeAlternate} />
              </td>
              <td className="px-3 py-2 align-top whitespace-nowrap tabular-nums">
                {formatScore(item.score)}
              </td>
              <td className="px-3 py-2 align-top whitespace-nowrap">
                {item.confidence ? CONFIDENCE_LABELS[item.confidence] : '—'}
              </td>
              <td className="px-3 py-2 align-top">
                {item.topCandidates.length === 0 ? (
                  '—'
                ) : (
                  <ol className="space-y-0.5 text-xs text-slate-600">
                    {item.topCandidates.map((candidate) => (
                      <li key={candidate.questionId} className="wrap-anywhere">
                        <span className="whitespace-nowrap tabular-nums">
                          {formatScore(candidate.score)}
                        </span>{' '}
                        {candidate.questionText}
                      </li>
                    ))}
                  </ol>
                )}
              </td>
              <td className="px-3 py-2 align-top whitespace-nowrap">
                {CHAT_CHANNEL_LABELS[item.channel]}
              </td>
              <td className="px-3 py-2 align-top whitespace-nowrap">
                {REVIEW_STATE_LABELS[item.reviewState]}
              </td>
              <td className="px-3 py-2 align-top">
                {item.feedback === 'up' ? (
                  <ThumbsUp className="size-4 text-green-700" role="img" aria-label="Thumbs up" />
                ) : item.feedback === 'down' ? (
                  <ThumbsDown className="size-4 text-red-700" role="img" aria-label="Thumbs down" />
                ) : (
                  <span className="text-slate-400">—</span>
                )}
              </td>
              <td className="px-3 py-2 align-top wrap-anywhere">{item.storyfileName}</td>
              <td className="px-3 py-2 align-top whitespace-nowrap text-slate-600">
                {formatUsDateTime(item.createdAt, timeZone)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}
