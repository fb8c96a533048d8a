import { z } from 'zod';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { INK_MESSAGE_SEVERITIES } from './compile-messages.ts';

/** Largest ink source the server compiles (1 MB, counted in UTF-8 bytes). */
export const INK_SOURCE_MAX_BYTES = 1_000_000;
export const INK_SOURCE_TOO_LARGE_MESSAGE =
  'An ink story can have at most 1 MB of source. Split it or shorten it, then save again.';
export const INK_COMPILED_JSON_REFUSED_MESSAGE =
  'Send the ink source only: the server compiles it and never accepts compiled JSON.';
export const INK_VERSION_NOT_FOUND_MESSAGE = 'Story version not found.';
export const INK_VERSION_HAS_ERRORS_MESSAGE =
  'This version has compile errors: fix them and save before publishing.';

export const inkCompileMessageSchema = z.object({
  severity: z.enum(INK_MESSAGE_SEVERITIES),
  line: z.number().int().nullable(),
  message: z.string(),
});

export const inkStoryStatsSchema = z.object({
  words: z.number().int(),
  knots: z.number().int(),
  stitches: z.number().int(),
  choices: z.number().int(),
});

/** A saved version, without its source (history rows). */
export const inkVersionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  hasErrors: z.boolean(),
  errorCount: z.number().int(),
  warningCount: z.number().int(),
  /** The version this one restored, when it was made by a restore. */
  restoredFromNumber: z.number().int().nullable(),
  isPublished: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  createdByName: z.string().nullable(),
  stats: inkStoryStatsSchema,
});
export type InkVersionSummary = z.infer<typeof inkVersionSummarySchema>;

/** A version with its source, the server compiler's messages and its compiled JSON (or null). */
export const inkVersionSchema = inkVersionSummarySchema.extend({
  source: z.string(),
  messages: z.array(inkCompileMessageSchema),
  /** inkjs's JSON; null when the source has errors. */
  compiledJson: z.string().nullable(),
});
export type InkVersion = z.infer<typeof inkVersionSchema>;

/** A checklist question, for autocompletion and reference checks. */
export const inkQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  topicName: z.string(),
  isRecorded: z.boolean(),
});
export type InkQuestion = z.infer<typeof inkQuestionSchema>;

export const inkStorySchema = z.object({
  storyfileId: z.string(),
  storyfileName: z.string(),
  /** The storyfile's namespace: who may change the story is decided there (edit role). */
  namespaceId: z.string(),
  /** The newest version (what the editor opens); null before the first save. */
  latest: inkVersionSchema.nullable(),
  publishedNumber: z.number().int().nullable(),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Newest first. */
  versions: z.array(inkVersionSummarySchema),
  questions: z.array(inkQuestionSchema),
  /** Clip kinds of the storyfile that are recorded. */
  recordedClips: z.array(z.string()),
});
export type InkStory = z.infer<typeof inkStorySchema>;

const inkSourceSchema = z
  .string()
  .refine((source) => new TextEncoder().encode(source).length <= INK_SOURCE_MAX_BYTES, {
    error: INK_SOURCE_TOO_LARGE_MESSAGE,
  });

/** Only the source: unknown keys (such as compiled JSON) are refused, not ignored. */
export const saveInkVersionBodySchema = z.strictObject(
  { source: inkSourceSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? INK_COMPILED_JSON_REFUSED_MESSAGE : undefined,
  },
);
export type SaveInkVersionBody = z.infer<typeof saveInkVersionBodySchema>;

export const inkVersionParamsSchema = storyfileParamsSchema.extend({
  number: z.coerce.number().int().min(1),
});
