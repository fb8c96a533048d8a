import { FileVideo } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatNumber, formatUsDate } from '@/lib/format';
import { getRecentStoryfiles } from '@/lib/recent-activity';
import { useRecentStoryfiles } from '../api/get-recent-storyfiles';

/** The 5 storyfiles opened most recently in this browser (deleted ones drop out). */
export function RecentStoryfilesPanel() {
  const ids = useMemo(() => getRecentStoryfiles(localStorage).map((entry) => entry.id), []);
  const recent = useRecentStoryfiles(ids);
  const items = recent.data?.items ?? [];

  if (ids.length > 0 && recent.isPending) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <Spinner label="Loading recent storyfiles" /> Loading recent storyfiles…
      </div>
    );
  }
  if (recent.error) {
    return <Alert kind="error">{recent.error.message}</Alert>;
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
        <FileVideo className="size-8 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-800">No recent storyfiles</p>
        <p className="mt-1 max-w-sm text-sm text-slate-600">
          The storyfiles you open are kept here, the five newest first.{' '}
          <Link to="/storyfiles" className="font-semibold text-brand-700 hover:underline">
            Go to the storyfiles
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Recent storyfiles" className="divide-y divide-slate-100">
      {items.map((storyfile) => (
        <li key={storyfile.id} className="flex items-center gap-3 py-3">
          <Avatar src={storyfile.avatarUrl} alt="" size="sm" />
          <div className="min-w-0 flex-1">
            <Link
              to={`/storyfiles/${storyfile.id}`}
              className="block truncate font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              {storyfile.name}
            </Link>
            <p className="text-xs text-slate-500">
              {formatCount(storyfile.questionCount, 'question')} ·{' '}
              {formatNumber(storyfile.answeredCount)} recorded
            </p>
          </div>
          <span className="shrink-0 text-xs text-slate-500">
            {formatUsDate(storyfile.updatedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
