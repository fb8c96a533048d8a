import { Link } from 'react-router';
import {
  CHAT_CHANNEL_LABELS,
  INK_STATE_COMPATIBILITY_LABELS,
  type InkStateCompatibility,
  type InkStateRow,
} from '@conversa/contracts';

import { formatNumber, formatUsDateTime } from '@/lib/format';

import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { CELL } from './ink-classes';

export function CompatibilityBadge({ value }: { value: InkStateCompatibility }) {
  const tone =
    value === 'compatible'
      ? 'bg-green-50 text-green-800'
      : value === 'outdated'
        ? 'bg-amber-50 text-amber-900'
        : 'bg-slate-100 text-slate-700';
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      {INK_STATE_COMPATIBILITY_LABELS[value]}
    </span>
  );
}

export function StatesTable({
  items,
  detailHref,
}: {
  items: InkStateRow[];
  detailHref: (id: string) => string;
}) {
  return (
    // The box is positioned, so the header's absolutely placed sr-only label stays inside it
    // rather than widening the page by the table's width.
    <HorizontalScroll
      label="Ink states"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table aria-label="Ink states" className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold whitespace-nowrap text-slate-500 uppercase">
          <tr>
            <th scope="col" className={CELL}>
              Storyfile
            </th>
            <th scope="col" className={CELL}>
              Channel
            </th>
            <th scope="col" className={CELL}>
              Started
            </th>
            <th scope="col" className={CELL}>
              Last activity
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              Turns
            </th>
            <th scope="col" className={CELL}>
              Current knot
            </th>
            <th scope="col" className={CELL}>
              Versions
            </th>
            <th scope="col" className={CELL}>
              Compatibility
            </th>
            <th scope="col" className={CELL}>
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((row) => (
            <tr key={row.conversationId}>
              <td className={`${CELL} max-w-48 min-w-40 wrap-anywhere`}>{row.storyfileName}</td>
              <td className={`${CELL} whitespace-nowrap`}>{CHAT_CHANNEL_LABELS[row.channel]}</td>
              <td className={`${CELL} whitespace-nowrap`}>
                <time dateTime={row.startedAt}>{formatUsDateTime(row.startedAt)}</time>
              </td>
              <td className={`${CELL} whitespace-nowrap`}>
                <time dateTime={row.lastAt}>{formatUsDateTime(row.lastAt)}</time>
              </td>
              <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
                {formatNumber(row.turns)}
              </td>
              <td className={`${CELL} max-w-48 min-w-48 font-mono text-xs wrap-anywhere`}>
                {row.hasEnded ? 'ended' : (row.currentPath ?? '—')}
              </td>
              <td className={`${CELL} text-xs whitespace-nowrap text-slate-700`}>
                Story v{row.storyVersionNumber}
                {row.publishedVersionNumber === null
                  ? ''
                  : ` (published v${row.publishedVersionNumber})`}
                <br />
                ink save v{row.inkSaveVersion ?? '?'}
              </td>
              <td className={CELL}>
                <CompatibilityBadge value={row.compatibility} />
              </td>
              <td className={CELL}>
                <Link
                  to={detailHref(row.conversationId)}
                  className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                  aria-label="Details"
                >
                  Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}
