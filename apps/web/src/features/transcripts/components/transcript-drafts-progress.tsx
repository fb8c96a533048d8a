import type { StoryfileDetail } from '@conversa/contracts';
import { countPendingDrafts, useStoryfileTranscripts } from '../api/list-storyfile-transcripts';
import {
  formatDraftsProgress,
  formatNeedsReview,
  formatRedrafted,
} from '../utils/transcript-status';

/**
 * How many of the storyfile's transcript drafts are still being made (the list is polled while
 * any is), and how many wait for an author's review (each answer's Transcript button says which),
 * with how many were redone with the storyfile's voice; nothing once all are made and reviewed.
 */
export function TranscriptDraftsProgress({ storyfile }: { storyfile: StoryfileDetail }) {
  const transcripts = useStoryfileTranscripts(storyfile.id);
  const pending = countPendingDrafts(transcripts.data);
  const needsReview = transcripts.data?.needsReview ?? 0;
  const redrafted = transcripts.data?.redrafted ?? 0;
  if (pending === 0 && needsReview > 0) {
    return (
      <div
        role="status"
        className="mb-4 space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      >
        <p>{formatNeedsReview(needsReview)}</p>
        {redrafted > 0 ? <p>{formatRedrafted(redrafted)}</p> : null}
      </div>
    );
  }
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
