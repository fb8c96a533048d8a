import { type StoryfileSummary } from '@conversa/contracts';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { formatCount, formatUsDate } from '@/lib/format';
import { StatusBadge } from './status-badge';

export function Counts({ storyfile }: { storyfile: StoryfileSummary }) {
  return (
    <span>
      {formatCount(storyfile.topicCount, 'topic')} ·{' '}
      {formatCount(storyfile.questionCount, 'question')} ·{' '}
      {formatCount(storyfile.answeredCount, 'answer')} recorded
    </span>
  );
}

export function StoryfileCard({ storyfile }: { storyfile: StoryfileSummary }) {
  return (
    <li className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-300">
      <div className="flex items-start gap-3">
        <Avatar src={storyfile.avatarUrl} alt="" size="lg" />
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 text-base font-semibold wrap-anywhere text-slate-900">
            <Link
              to={`/storyfiles/${storyfile.id}`}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {storyfile.name}
            </Link>
          </h2>
          <p className="mt-0.5 truncate text-sm text-slate-500">{storyfile.namespaceLabel}</p>
        </div>
        <StatusBadge status={storyfile.status} isDeleted={storyfile.deletedAt !== null} />
      </div>
      <p className="mt-3 line-clamp-2 min-h-10 text-sm text-slate-600">
        {storyfile.description || <span className="text-slate-500 italic">No description</span>}
      </p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-500">
        <Counts storyfile={storyfile} />
        <span>Updated {formatUsDate(storyfile.updatedAt)}</span>
      </div>
    </li>
  );
}
