import { z } from 'zod';
import {
  avatarUrlSchema,
  captionCueSchema,
  CLIP_KINDS,
  CUE_ENDS_BEFORE_START_MESSAGE,
  DESCRIPTION_MAX_LENGTH,
  inkCompileMessageSchema,
  inkStoryStatsSchema,
  MAX_ALTERNATES_PER_QUESTION,
  NAME_MAX_LENGTH,
  QUESTION_TEXT_MAX_LENGTH,
  STORYFILE_PACKAGE_FORMAT_VERSION,
  TRANSCRIPT_MAX_CUES,
  transcriptSourceSchema,
} from '@conversa/contracts';

/**
 * The `manifest.json` of a storyfile package (issue 31), version 1. Everything a storyfile is
 * besides its media, and every media file with its SHA-256. `docs/storyfile-package.schema.json`
 * is generated from this schema (`npm run -w apps/server packages:schema`); a test keeps them equal.
 * Not in a package: chat logs, people (authors are left out), share links, secrets.
 */
export const MANIFEST_FORMAT = 'conversa-storyfile-package';
export const MANIFEST_FILE = 'manifest.json';

/** A file's path inside the package: `media/...`, plain segments, never `..` or absolute. */
export const packagePathSchema = z
  .string()
  .max(300)
  .regex(/^media\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/, {
    error: 'A file path must be media/<name>, without ".." or a leading "/".',
  })
  .refine((value) => !value.split('/').includes('..'), 'A file path must not contain "..".');

export const packageFileSchema = z.object({
  path: packagePathSchema,
  sizeBytes: z.number().int().min(0),
  /** Lower-case hex SHA-256 of the file's bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.string().max(100),
});
export type PackageFile = z.infer<typeof packageFileSchema>;

/** Heard words of a transcript: at most ten a second of a 24-hour video. */
export const PACKAGE_HEARD_WORDS_MAX = 864_000;
const momentSchema = z
  .number()
  .int()
  .min(0)
  .max(24 * 3_600_000);

/**
 * A video's transcript beside its captions file (issue 41): a draft or an author's words, with
 * their cues and the recognizer's heard words, so an import keeps what an author saved and can
 * still re-time a later edit. Absent in packages of older studios: the import then drafts the
 * video again (from its captions file first).
 */
export const packageTranscriptSchema = z.object({
  status: z.enum(['draft', 'edited']),
  source: transcriptSourceSchema.nullable(),
  /** The recognizer that made the draft (`pocketsphinx`, an external engine's name). */
  engine: z.string().max(100).nullable(),
  cues: z
    .array(captionCueSchema)
    .max(TRANSCRIPT_MAX_CUES)
    .refine((cues) => cues.every((cue) => cue.endMs > cue.startMs), CUE_ENDS_BEFORE_START_MESSAGE),
  words: z
    .array(
      z.object({
        text: z.string().min(1).max(200),
        startMs: momentSchema,
        endMs: momentSchema,
        confidence: z.number().min(0).max(1).nullable(),
      }),
    )
    .max(PACKAGE_HEARD_WORDS_MAX),
  /** An author approved the draft as it is (issue 52); absent in older packages: not approved. */
  isApproved: z.boolean().optional(),
});

/** A processed video: its files by role (paths into `files`) and its measurements. */
export const packageVideoSchema = z.object({
  video: packagePathSchema,
  poster: packagePathSchema,
  audio: packagePathSchema,
  captions: packagePathSchema.optional(),
  transcript: packageTranscriptSchema.optional(),
  durationMs: z.number().int().min(0),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
});
export type PackageVideo = z.infer<typeof packageVideoSchema>;

const text = (max: number) => z.string().max(max);

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  /** The format's version; this studio reads versions up to STORYFILE_PACKAGE_FORMAT_VERSION. */
  formatVersion: z.number().int().min(1),
  exportedAt: z.iso.datetime({ offset: true }),
  /** The exporting studio (its public address or name), for the person importing. */
  exportedFrom: text(500),
  storyfile: z.object({
    name: text(NAME_MAX_LENGTH).min(1),
    description: text(DESCRIPTION_MAX_LENGTH),
    language: text(20),
    status: z.enum(['draft', 'recording', 'ready']),
    /**
     * Only an http(s) address travels; a picture stored on the studio does not. The API's avatar
     * rule applies (issue 43: `javascript:` was imported as it came).
     */
    avatarUrl: avatarUrlSchema.nullable(),
  }),
  settings: z.object({
    /** Out-of-scope threshold 0-1; null lets the matcher calibrate itself. */
    threshold: z.number().min(0).max(1).nullable(),
    recognizer: z.enum(['studio', 'browser']),
  }),
  topics: z
    .array(
      z.object({
        name: text(NAME_MAX_LENGTH).min(1),
        questions: z.array(
          z.object({
            /** Unique in the package; starters refer to it. */
            key: text(100).min(1),
            /** Its id in the exporting studio: ink sources name it in `# answer:` tags. */
            id: text(100).optional(),
            text: text(QUESTION_TEXT_MAX_LENGTH).min(1),
            alternates: z.array(text(QUESTION_TEXT_MAX_LENGTH)).max(MAX_ALTERNATES_PER_QUESTION),
            answer: packageVideoSchema.nullable(),
          }),
        ),
      }),
    )
    .max(1000),
  /** Question keys, in the order visitors see them. */
  starters: z.array(text(100)).max(100),
  clips: z.array(
    z.object({
      kind: z.enum(CLIP_KINDS),
      prompt: text(1000),
      video: packageVideoSchema.nullable(),
    }),
  ),
  vocabulary: z.object({
    /** Interchangeable words: the namespace's (`namespace`) and the storyfile's own (`storyfile`). */
    customCategories: z
      .array(
        z.object({
          name: text(200).min(1),
          scope: z.enum(['namespace', 'storyfile']),
          phrases: z.array(text(200)).min(1).max(500),
        }),
      )
      .max(2000),
    /** The namespace's custom words (names the recognizer mishears). */
    customWords: z
      .array(
        z.object({
          term: text(200).min(1),
          displayForm: text(200).nullable(),
          heardAs: z.array(text(200)).max(100),
        }),
      )
      .max(5000),
  }),
  ink: z.object({
    /** Number of the published version; null when none is published. */
    publishedVersionNumber: z.number().int().min(1).nullable(),
    versions: z
      .array(
        z.object({
          number: z.number().int().min(1),
          source: text(2_000_000),
          /**
           * inkjs's JSON as the exporting studio compiled it (null when the source has errors); for
           * other tools: an importing studio compiles the source again.
           */
          compiledJson: text(20_000_000).nullable(),
          messages: z.array(inkCompileMessageSchema),
          errorCount: z.number().int().min(0),
          warningCount: z.number().int().min(0),
          stats: inkStoryStatsSchema,
          restoredFromNumber: z.number().int().min(1).nullable(),
          createdAt: z.iso.datetime({ offset: true }),
        }),
      )
      .max(10_000),
  }),
  /** Every file of the package besides this manifest. */
  files: z.array(packageFileSchema).max(10_000),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const CURRENT_FORMAT_VERSION = STORYFILE_PACKAGE_FORMAT_VERSION;

/** The JSON Schema of the manifest, as committed in docs/storyfile-package.schema.json. */
export function buildManifestJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(manifestSchema, { io: 'input' }),
    $id: 'https://conversa.studio/schemas/storyfile-package.schema.json',
    title: `Conversa storyfile package manifest (manifest.json), format version ${CURRENT_FORMAT_VERSION}`,
  };
}
