import type { TranscriptStatus } from '@conversa/contracts';

/** What the Transcript button and the editor's badge say of each status. */
export const TRANSCRIPT_STATUS_LABELS: Record<TranscriptStatus, string> = {
  pending: 'Making a draft…',
  draft: 'Draft',
  edited: 'Edited',
  failed: 'No draft — type one',
};

/** "Drafts: 3 of 40 still being made". */
export function formatDraftsProgress(pending: number, total: number): string {
  return `Drafts: ${pending} of ${total} still being made`;
}
