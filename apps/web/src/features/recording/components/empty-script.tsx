import { ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The record tab of a storyfile without questions: where to add them, or record the clips. */
export function EmptyScript({
  storyfileId,
  onRecordClips,
}: {
  storyfileId: string;
  onRecordClips?: () => void;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
      <ListChecks className="size-10 text-brand-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">
        This script has no questions yet
      </h2>
      <p className="mt-1 max-w-xl text-sm text-slate-600">
        Add topics and questions (or apply a script) in the Script tab, then come back here to
        record an answer to each one.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link
          to={`/storyfiles/${storyfileId}`}
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Go to the Script tab
        </Link>
        {onRecordClips === undefined ? null : (
          <Button onClick={onRecordClips}>Record the clips</Button>
        )}
      </div>
    </div>
  );
}
