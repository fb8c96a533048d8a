import type { StoryfileDetail } from '@conversa/contracts';
import { countPendingDrafts, useStoryfileTranscripts } from '../api/list-storyfile-transcripts';
import { formatDraftsProgress } from '../utils/transcript-status';

/**
 * How many of the storyfile's transcript drafts are still being made (the list is polled while
 * any is); nothing once all are made.
 */
export function TranscriptDraftsProgress({ storyfile }: { storyfile: StoryfileDetail }) {
  const transcripts = useStoryfileTranscripts(storyfile.id);
  const pending = countPendingDrafts(transcripts.data);
  if (pending === 0 || !transcripts.data) {
    return null;
  }
  const total = Object.values(transcripts.data.counts).reduce((sum, count) => sum + count, 0);
  return (
    <div className="mb-4 flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-800">
      <span
        aria-hidden="true"
        className="size-4 shrink-0 animate-spin rounded-full border-2 border-slate-500 border-t-transparent"
      />
      <p role="status">{formatDraftsProgress(pending, total)}</p>
      <progress
        className="ml-auto hidden h-2 w-40 sm:block"
        max={total}
        value={total - pending}
        aria-label="Transcript drafts made"
      />
    </div>
  );
}
