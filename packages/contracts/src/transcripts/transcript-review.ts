import { z } from 'zod';

/**
 * Where an answer's words stand with its authors (issue 52): `pending` (no draft yet), `failed`
 * (no draft could be made), `no-speech` (the draft is done and holds no words), `needs-review` (a
 * recognizer's draft no author saved or approved), `reviewed` (an author saved or approved it, or
 * it came from captions the upload carried: the author's own words).
 */
export const TRANSCRIPT_REVIEWS = [
  'pending',
  'failed',
  'no-speech',
  'needs-review',
  'reviewed',
] as const;
export const transcriptReviewSchema = z.enum(TRANSCRIPT_REVIEWS);
export type TranscriptReview = z.infer<typeof transcriptReviewSchema>;

/** The review state of a transcript row (its status, source, text and approval). */
export function getTranscriptReview(transcript: {
  status: 'pending' | 'draft' | 'edited' | 'failed';
  source: 'recognizer' | 'captions' | 'author' | null;
  text: string;
  approvedAt: Date | string | null;
}): TranscriptReview {
  if (transcript.status === 'pending' || transcript.status === 'failed') {
    return transcript.status;
  }
  if (transcript.text.trim() === '') {
    return 'no-speech';
  }
  if (
    transcript.status === 'edited' ||
    transcript.source !== 'recognizer' ||
    transcript.approvedAt !== null
  ) {
    return 'reviewed';
  }
  return 'needs-review';
}

/**
 * What visitors may read of an answer: its words once reviewed, or, when the storyfile publishes
 * drafts, a draft labelled automatic; nothing otherwise. Every player's captions, the public
 * transcript page and the visitor's conversation transcript follow this one rule.
 */
export function getVisitorWords(
  review: TranscriptReview,
  isPublishingDrafts: boolean,
): 'reviewed' | 'automatic' | null {
  if (review === 'reviewed') {
    return 'reviewed';
  }
  return review === 'needs-review' && isPublishingDrafts ? 'automatic' : null;
}

/** A storyfile's choice of what visitors read of its answers. */
export const transcriptSettingsSchema = z.object({
  /**
   * Show the recognizer's drafts no author reviewed yet, labelled automatic (default false: only
   * words an author saved or approved reach visitors).
   */
  publishDrafts: z.boolean(),
});
export type TranscriptSettings = z.infer<typeof transcriptSettingsSchema>;

/** What players call captions drawn from a draft no author reviewed (the track and its badge). */
export const AUTOMATIC_CAPTIONS_LABEL = 'Automatic captions';
/** Beside an answer's words on the transcript page when they are an unreviewed draft. */
export const AUTOMATIC_TRANSCRIPT_LABEL = 'Automatic transcript, not checked yet';
/** The transcript page's words for an answer whose draft is done and holds no speech. */
export const NO_SPEECH_TEXT = 'No words are spoken in this answer.';
/** The transcript page's words for an answer whose words are not ready for visitors. */
export const IN_REVIEW_TEXT = 'The words of this answer are not published yet.';
