import { type StoryfileSummary } from '@conversa/contracts';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { formatUsDate } from '@/lib/format';
import { StatusBadge } from './status-badge';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';

export function StoryfileTable({ items }: { items: StoryfileSummary[] }) {
  return (
    <HorizontalScroll
      label="Storyfiles"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Storyfiles</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Topics
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Questions
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Answers
            </th>
            <th scope="col" className="px-4 py-3">
              Language
            </th>
            <th scope="col" className="px-4 py-3">
              Updated
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((storyfile) => (
            <tr key={storyfile.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Avatar src={storyfile.avatarUrl} alt="" size="sm" />
                  <div className="min-w-0">
                    <Link
                      to={`/storyfiles/${storyfile.id}`}
                      className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {storyfile.name}
                    </Link>
                    <p className="truncate text-xs text-slate-500">{storyfile.namespaceLabel}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={storyfile.status} isDeleted={storyfile.deletedAt !== null} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {storyfile.topicCount.toLocaleString('en-US')}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {storyfile.questionCount.toLocaleString('en-US')}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {storyfile.answeredCount.toLocaleString('en-US')}
              </td>
              <td className="px-4 py-3 text-slate-600">{storyfile.language}</td>
              <td className="px-4 py-3 text-slate-600">{formatUsDate(storyfile.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}
