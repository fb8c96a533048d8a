import type { TranscriptReview, TranscriptStatus } from '@conversa/contracts';
import { formatNumber, selectPlural } from '@/lib/format';

/** What the editor says of each status while a draft is made. */
export const TRANSCRIPT_STATUS_LABELS: Record<TranscriptStatus, string> = {
  pending: 'Making a draft…',
  draft: 'Draft',
  edited: 'Edited',
  failed: 'No draft — type one',
};

/** What the Transcript button and the editor's badge say of each review state (issue 52). */
export const TRANSCRIPT_REVIEW_LABELS: Record<TranscriptReview, string> = {
  pending: 'Making a draft…',
  failed: 'No draft — type one',
  'no-speech': 'No speech',
  'needs-review': 'Needs review',
  reviewed: 'Reviewed',
};

/** "Drafts: 3 of 40 still being made". */
export function formatDraftsProgress(pending: number, total: number): string {
  return `Drafts: ${pending} of ${total} still being made`;
}

/** "2 answers need review: visitors see their words once you approve or save them." */
export function formatNeedsReview(count: number): string {
  return `${formatNumber(count)} ${selectPlural(count, 'transcript needs', 'transcripts need')} review: visitors see the words once you approve or save them.`;
}

/** "3 drafts were redone with this storyfile's voice: …" (issue 52). */
export function formatRedrafted(count: number): string {
  return `${formatNumber(count)} ${selectPlural(count, 'draft was', 'drafts were')} redone with this storyfile’s voice, learned from the answers you corrected. Open an answer’s transcript to review it or undo.`;
}

/** Below this confidence a heard word is marked for the author's eye. */
export const LOW_CONFIDENCE = 0.5;
