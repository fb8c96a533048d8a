import { z } from 'zod';
import { timestampSchema } from '../library/content.ts';
import { clipKindSchema } from '../storyfiles/storyfile.ts';
import { transcriptReviewSchema } from './transcript-review.ts';

/** Longest answer text kept (an hour of speech is about 60,000 characters). */
export const TRANSCRIPT_MAX_CHARACTERS = 100_000;
/** Most cues in one transcript. */
export const TRANSCRIPT_MAX_CUES = 5_000;
/** Longest text of one cue. */
export const CUE_MAX_CHARACTERS = 500;
/** A `.vtt` or `.srt` file sent as captions. */
export const CAPTIONS_FILE_MAX_BYTES = 1_000_000;

/**
 * Where a transcript stands: `pending` until the recognizer made its draft, `draft` (made by the
 * recognizer or read from captions the upload carried) until an author saves it, `edited` once an
 * author saved it (never replaced by a machine after that), `failed` when no draft could be made.
 */
export const TRANSCRIPT_STATUSES = ['pending', 'draft', 'edited', 'failed'] as const;
export const transcriptStatusSchema = z.enum(TRANSCRIPT_STATUSES);
export type TranscriptStatus = z.infer<typeof transcriptStatusSchema>;

/** What the text came from. */
export const TRANSCRIPT_SOURCES = ['recognizer', 'captions', 'author'] as const;
export const transcriptSourceSchema = z.enum(TRANSCRIPT_SOURCES);
export type TranscriptSource = z.infer<typeof transcriptSourceSchema>;

/**
 * A word the recognizer heard, with its place in the video (milliseconds), kept to re-time edits,
 * and how sure the recognizer was of it (0-1, pocketsphinx's posterior; null when the engine gives
 * none): what guides an author's eye when reviewing a draft.
 */
export const heardWordSchema = z.object({
  text: z.string(),
  startMs: z.number().int().min(0),
  endMs: z.number().int().min(0),
  confidence: z.number().min(0).max(1).nullable(),
});
export type HeardWord = z.infer<typeof heardWordSchema>;

/**
 * Characters a player shows as nothing: spaces of every kind, format characters (zero-width space,
 * joiners, the byte-order mark, soft hyphen), controls, and the blank-looking letters (Hangul
 * fillers, the braille blank).
 */
const INVISIBLE = /^[\s\p{Z}\p{Cf}\p{Cc}\u115F\u1160\u2800\u3164\uFFA0]*$/u;

function hasVisibleCharacter(text: string): boolean {
  return !INVISIBLE.test(text);
}

export const CUE_TEXT_INVISIBLE_MESSAGE =
  'A caption needs at least one visible character; spaces and invisible characters alone show nothing.';

/**
 * One caption: what is said between two moments of the video (milliseconds). That it ends after
 * it starts is checked by the save (CUE_ENDS_BEFORE_START_MESSAGE), not by the schema: a rule
 * across fields has no JSON Schema form, and the document must describe what a call accepts.
 */
export const captionCueSchema = z.object({
  startMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000),
  endMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000),
  text: z
    .string()
    .trim()
    .min(1)
    .max(CUE_MAX_CHARACTERS)
    .refine(hasVisibleCharacter, { message: CUE_TEXT_INVISIBLE_MESSAGE }),
});
export type CaptionCue = z.infer<typeof captionCueSchema>;

/** A transcript: the answer's words and their captions. */
export const transcriptSchema = z.object({
  videoId: z.string(),
  status: transcriptStatusSchema,
  source: transcriptSourceSchema.nullable(),
  /** The recognizer that made the draft (`pocketsphinx`, `external`), null for captions or none yet. */
  engine: z.string().nullable(),
  text: z.string(),
  cues: z.array(captionCueSchema),
  /** Goes up by one with every save; a save names the revision it edited. */
  revision: z.number().int(),
  /** Why the draft failed, for a person. */
  error: z.string().nullable(),
  /** Where the author's review stands: what visitors see follows it (`transcript-review.ts`). */
  review: transcriptReviewSchema,
  /** When an author approved the draft as it is; null otherwise. */
  approvedAt: timestampSchema.nullable(),
  /** The recognizer's words with their confidence, [] for captions an upload carried. */
  words: z.array(heardWordSchema),
  /**
   * The revision of the storyfile's voice (`speakerModelRevision`) the recognizer drafted with:
   * null for the general model (issue 52: drafts adapted to the storyfile's speaker).
   */
  speakerModelRevision: z.number().int().nullable(),
  /**
   * A draft redone with the storyfile's voice while it still needed review: the draft it replaced,
   * which undo restores; null when the draft was not redone (or the redo was undone).
   */
  redraft: z
    .object({
      redraftedAt: timestampSchema,
      previousText: z.string(),
    })
    .nullable(),
  updatedAt: timestampSchema,
});
export type Transcript = z.infer<typeof transcriptSchema>;

/** One video's transcript on the storyfile's overview. */
export const transcriptSummarySchema = z.object({
  videoId: z.string(),
  questionId: z.string().nullable(),
  clipKind: clipKindSchema.nullable(),
  status: transcriptStatusSchema,
  review: transcriptReviewSchema,
  text: z.string(),
  /** The draft was redone with the storyfile's voice and can be undone in the editor. */
  isRedrafted: z.boolean(),
});
export type TranscriptSummary = z.infer<typeof transcriptSummarySchema>;

export const CUE_ENDS_BEFORE_START_MESSAGE = 'A caption must end after it starts.';
export const TRANSCRIPT_NOT_READY_MESSAGE =
  'This video has no transcript yet. Its draft is made a minute or two after processing.';
export const TRANSCRIPT_STALE_MESSAGE =
  'Someone saved this transcript while you were editing it. Reload it to see their version, then make your changes again.';
export const TRANSCRIPT_NOT_REDRAFTED_MESSAGE =
  'This draft was not redone with the storyfile’s voice, or someone changed it since. Reload it to see the current words.';
export const TRANSCRIPT_DRAFT_FAILED_MESSAGE =
  'The recognizer could not make a draft of this video. Type the transcript, upload captions, or try again.';
export const CAPTIONS_FILE_INVALID_MESSAGE =
  'This file is not WebVTT or SubRip captions. Choose a .vtt or .srt file with at least one timed caption.';
