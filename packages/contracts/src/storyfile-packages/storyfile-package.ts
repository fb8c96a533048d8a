import { z } from 'zod';
import { itemNameSchema, timestampSchema } from '../library/content.ts';

/**
 * Storyfile packages (issue 31): one `.zip` holding a storyfile's `manifest.json` and its
 * processed media, written by an export job, read by an import job. The manifest's own schema is
 * the server's (`docs/storyfile-package.schema.json` documents it); these are the calls around it.
 */

/** Version of the manifest this studio writes; an import refuses a newer one. */
export const STORYFILE_PACKAGE_FORMAT_VERSION = 1;
export const STORYFILE_PACKAGE_EXTENSION = '.zip';
export const STORYFILE_PACKAGE_MEDIA_TYPE = 'application/zip';
/** Appended to an imported (or duplicated) storyfile's name when the name is taken (issue 31). */
export const IMPORTED_NAME_SUFFIX = ' (imported)';
/** Appended to a duplicate's name when none is given. */
export const DUPLICATE_NAME_SUFFIX = ' (copy)';

/** Limits an import checks before it reads a byte of media (no zip bomb). */
export const STORYFILE_PACKAGE_LIMITS = {
  /** Largest package upload. */
  maxPackageBytes: 10_000_000_000,
  /** Most files in one package. */
  maxEntries: 5000,
  /** Largest sum of the files' unpacked sizes. */
  maxUnpackedBytes: 20_000_000_000,
  /** Largest manifest.json. */
  maxManifestBytes: 20_000_000,
  /** Largest unpacked size over packed size of one file (video hardly compresses; text does). */
  maxCompressionRatio: 100,
} as const;

/** What a package job does. A duplicate runs synchronously and has no job. */
export const STORYFILE_PACKAGE_JOB_KINDS = ['export', 'import'] as const;
export const storyfilePackageJobKindSchema = z.enum(STORYFILE_PACKAGE_JOB_KINDS);
export type StoryfilePackageJobKind = z.infer<typeof storyfilePackageJobKindSchema>;

export const STORYFILE_PACKAGE_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const storyfilePackageJobStateSchema = z.enum(STORYFILE_PACKAGE_JOB_STATES);
export type StoryfilePackageJobState = z.infer<typeof storyfilePackageJobStateSchema>;

export const STORYFILE_PACKAGE_JOB_STATE_LABELS = {
  queued: 'Waiting',
  running: 'Working',
  done: 'Done',
  failed: 'Failed',
} as const satisfies Record<StoryfilePackageJobState, string>;

/** An export or import, as the progress dialog polls it. */
export const storyfilePackageJobSchema = z.object({
  id: z.string(),
  kind: storyfilePackageJobKindSchema,
  state: storyfilePackageJobStateSchema,
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  /** What it is doing now, in words, e.g. "Packing media/answer-3.mp4 (4 of 12)". */
  step: z.string(),
  namespaceId: z.string(),
  /** Export: the storyfile exported. Import: the storyfile created, null until done. */
  storyfileId: z.string().nullable(),
  /** Export: the storyfile's name. Import: the name it is (or will be) created under. */
  storyfileName: z.string(),
  /** Export, when done: where to download the package (signed, answers range requests). */
  downloadUrl: z.string().nullable(),
  /** When downloadUrl stops working; ask for the job again for a fresh one. */
  downloadExpiresAt: timestampSchema.nullable(),
  /** Export: the package's file name, e.g. "Grandma Rose.zip". */
  fileName: z.string().nullable(),
  /** Export, when done: the package's size. Import: the uploaded package's size. */
  sizeBytes: z.number().int().nullable(),
  /** Why it failed, naming the problem; null unless failed. */
  error: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type StoryfilePackageJob = z.infer<typeof storyfilePackageJobSchema>;

export const storyfilePackageJobParamsSchema = z.object({
  jobId: z.uuid(),
});

/** How many of each thing a package holds (the import summary). */
export const storyfilePackageCountsSchema = z.object({
  topics: z.number().int(),
  questions: z.number().int(),
  alternates: z.number().int(),
  starters: z.number().int(),
  /** Questions with a recorded answer video. */
  answers: z.number().int(),
  /** Recorded clips (idle loop, intro, cannot answer, please repeat). */
  clips: z.number().int(),
  /** Video files (answers and clips). */
  videos: z.number().int(),
  captions: z.number().int(),
  customCategories: z.number().int(),
  customWords: z.number().int(),
  /** Saved story versions (the published ink story is one of them, or the current draft). */
  storyVersions: z.number().int(),
  hasInkStory: z.boolean(),
});
export type StoryfilePackageCounts = z.infer<typeof storyfilePackageCountsSchema>;

/** What an import will do, shown before the person confirms. */
export const storyfileImportPreviewSchema = z.object({
  uploadId: z.string(),
  formatVersion: z.number().int(),
  /** The storyfile's name in the package. */
  packageName: z.string(),
  /** The name it will be created under: the chosen one, else the package's, else with " (imported)". */
  name: z.string(),
  /** Whether the package's name (or the chosen one) is taken in the namespace. */
  isNameTaken: z.boolean(),
  namespaceId: z.string(),
  namespaceLabel: z.string(),
  description: z.string(),
  language: z.string(),
  /** When and from which studio it was exported. */
  exportedAt: timestampSchema,
  exportedFrom: z.string(),
  counts: storyfilePackageCountsSchema,
  /** The package file's size. */
  sizeBytes: z.number().int(),
  /** The media files' size once unpacked. */
  mediaBytes: z.number().int(),
  /** What will be created, one sentence a line, e.g. `12 topics with 80 questions`. */
  willCreate: z.array(z.string()),
});
export type StoryfileImportPreview = z.infer<typeof storyfileImportPreviewSchema>;

/** Body of the preview and of the import itself. */
export const storyfileImportBodySchema = z.object({
  /** The tus upload of the package (the last path segment of its upload URL). */
  uploadId: z.string().trim().min(1).max(200),
  namespaceId: z.uuid(),
  /** The new storyfile's name; by default the package's, with " (imported)" if taken. */
  name: itemNameSchema.optional(),
});
export type StoryfileImportBody = z.infer<typeof storyfileImportBodySchema>;

export const duplicateStoryfileBodySchema = z.object({
  /** The copy's name; by default the storyfile's name with " (copy)". */
  name: itemNameSchema.optional(),
});
export type DuplicateStoryfileBody = z.infer<typeof duplicateStoryfileBodySchema>;

export const STORYFILE_PACKAGE_JOB_NOT_FOUND_MESSAGE = 'Package job not found.';
/** The upload named is not a finished package upload of the caller. */
export const STORYFILE_PACKAGE_UPLOAD_MESSAGES = {
  notFound: 'Package upload not found.',
  notAPackage: 'This upload is not a storyfile package.',
  notFinished: 'The package has not finished uploading yet.',
  used: 'This package upload was already imported. Upload the package again to import it again.',
  expired:
    'This package upload was not imported in time and is no longer kept. Upload the package again.',
} as const;

/** An export's job once maintenance deleted its package, `hours` (PACKAGE_RETENTION_HOURS) after it was made. */
export function formatPackageExpiredMessage(hours: number): string {
  return `The package is kept for ${hours} ${hours === 1 ? 'hour' : 'hours'} after it is made and has been deleted. Export again to download it.`;
}
