import { z } from 'zod';
import { timestampSchema } from '../library/content.ts';
import { clipKindSchema } from '../storyfiles/storyfile.ts';
import { uploadPhaseSchema } from '../uploads/list-uploads.ts';
import { uploadServerStatusSchema } from '../uploads/get-upload-status.ts';

/**
 * The files processing makes of every video: an H.264/AAC MP4 with fast start, a poster frame,
 * and the speech track (16 kHz mono WAV) for speech recognition.
 */
export const MEDIA_FILES = {
  video: { name: 'video.mp4', contentType: 'video/mp4' },
  poster: { name: 'poster.jpg', contentType: 'image/jpeg' },
  audio: { name: 'audio.wav', contentType: 'audio/wav' },
} as const;
export type MediaFileRole = keyof typeof MEDIA_FILES;

/**
 * Files processing makes only when the input has them: WebVTT captions converted from the first
 * text subtitle stream of the upload (no speech-to-text here, so a video without one has none).
 */
export const OPTIONAL_MEDIA_FILES = {
  captions: { name: 'captions.vtt', contentType: 'text/vtt' },
} as const;
export type OptionalMediaFileRole = keyof typeof OPTIONAL_MEDIA_FILES;

/** One entry per file of a processed video: every fixed role, and the optional ones it has. */
export type MediaFiles<File> = Record<MediaFileRole, File> &
  Partial<Record<OptionalMediaFileRole, File>>;

/** Query parameter of a signed media URL (spec §7 "Content URLs get an access_token"). */
export const MEDIA_ACCESS_TOKEN_PARAM = 'access_token';

/** A processed answer or clip video with signed, short-lived URLs of its files. */
export const storyfileVideoSchema = z.object({
  id: z.string(),
  uploadId: z.string(),
  /** The question it answers, or null for a clip. */
  questionId: z.string().nullable(),
  clipKind: clipKindSchema.nullable(),
  durationMs: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Size of the MP4. */
  sizeBytes: z.number().int(),
  filename: z.string().nullable(),
  createdAt: timestampSchema,
  videoUrl: z.string(),
  posterUrl: z.string(),
  audioUrl: z.string(),
  /** WebVTT captions, or null when the uploaded video had no text subtitle stream. */
  captionsUrl: z.string().nullable(),
  /** When the URLs stop working; list again for fresh ones. */
  urlsExpireAt: timestampSchema,
});
export type StoryfileVideo = z.infer<typeof storyfileVideoSchema>;

/** An upload onto the storyfile that has not become a video (yet). */
export const pendingVideoUploadSchema = z.object({
  uploadId: z.string(),
  questionId: z.string().nullable(),
  clipKind: clipKindSchema.nullable(),
  phase: uploadPhaseSchema,
  status: uploadServerStatusSchema,
  error: z.string().nullable(),
  filename: z.string().nullable(),
  createdAt: timestampSchema,
});
export type PendingVideoUpload = z.infer<typeof pendingVideoUploadSchema>;

export const storyfileVideosSchema = z.object({
  videos: z.array(storyfileVideoSchema),
  /** Uploads of the last day still uploading, processing, or failed. */
  pendingUploads: z.array(pendingVideoUploadSchema),
});
export type StoryfileVideos = z.infer<typeof storyfileVideosSchema>;

export const storyfileVideoParamsSchema = z.object({ id: z.uuid(), videoId: z.uuid() });

export const VIDEO_NOT_FOUND_MESSAGE = 'This storyfile has no such video.';
