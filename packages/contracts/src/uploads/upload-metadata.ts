import type { ClipKind } from '../storyfiles/storyfile.ts';
import type { AvatarResourceType } from '../media/avatar.ts';

/**
 * The tus 1.0 endpoint (creation, termination, expiration extensions). Any tus client can
 * upload to it with the session cookie plus the system-id header, or with a bearer token.
 */
export const UPLOAD_ENDPOINT_PATH = '/files/';

/**
 * Keys of the tus `Upload-Metadata` header. A video names its storyfile and either a question or
 * a clip kind; an avatar names its resource (spec §3 upload metadata: source, filetype,
 * resource_type, resource_id). The bearer authorization goes in the `Authorization` header,
 * never in the metadata: the server drops an `authorization` key rather than store a token.
 */
export const UPLOAD_METADATA_KEYS = {
  filename: 'filename',
  filetype: 'filetype',
  storyfileId: 'storyfile_id',
  questionId: 'question_id',
  clipKind: 'clip_kind',
  source: 'source',
  resourceType: 'resource_type',
  resourceId: 'resource_id',
  /** `storyfile-package` for a storyfile package to import (issue 31); absent for videos and avatars. */
  uploadKind: 'upload_kind',
} as const;

/** The `upload_kind` metadata value of a storyfile package upload. */
export const PACKAGE_UPLOAD_KIND = 'storyfile-package';

/** Default cap of one upload (the spec's avatar cap); the server's `UPLOAD_MAX_BYTES` may lower it. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10_000_000_000;
/** PATCH size of browser video uploads: the spec's avatar chunk size, for both kinds alike. */
export const VIDEO_UPLOAD_CHUNK_BYTES = 100_000_000;
/** tus-js-client `retryDelays` (ms): retry with backoff after a dropped connection. */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];
/** Longest answer or clip the studio keeps; processing fails a longer video. */
export const VIDEO_MAX_DURATION_SECONDS = 600;

/** Video types accepted for answers and clips (parameters such as `;codecs=vp8` are ignored). */
export const ACCEPTED_VIDEO_TYPES = [
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-matroska',
  'video/x-m4v',
  'video/ogg',
  'video/mpeg',
  'video/x-msvideo',
  'video/3gpp',
  'video/3gpp2',
] as const;
/** Extensions accepted when the browser gives no usable type (it often gives none for .mkv). */
export const ACCEPTED_VIDEO_EXTENSIONS = [
  '.mp4',
  '.m4v',
  '.mov',
  '.webm',
  '.mkv',
  '.ogv',
  '.mpg',
  '.mpeg',
  '.avi',
  '.3gp',
  '.3g2',
] as const;

const GENERIC_TYPES = new Set(['', 'application/octet-stream']);

/**
 * Whether a file may be uploaded as a video: an accepted type, or a generic/empty type with an
 * accepted extension. Processing checks the content itself; this only turns obvious mistakes
 * away before any byte is sent.
 */
export function isAcceptedVideoFile(
  filetype: string | null | undefined,
  filename?: string | null,
): boolean {
  const type = (filetype ?? '').split(';')[0]!.trim().toLowerCase();
  if ((ACCEPTED_VIDEO_TYPES as readonly string[]).includes(type)) {
    return true;
  }
  if (!GENERIC_TYPES.has(type)) {
    return false;
  }
  const name = (filename ?? '').toLowerCase();
  return ACCEPTED_VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** Whether a type is one of the avatar types of spec §5 (png or jpeg). */
export function isAcceptedAvatarType(filetype: string | null | undefined): boolean {
  const type = (filetype ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/jpg';
}

/** Where an answer or clip video goes: one question of the storyfile, or one of its clips. */
export type VideoUploadTarget = { questionId: string } | { clipKind: ClipKind };

/** Upload-Metadata of an answer or clip video. */
export function buildVideoUploadMetadata(input: {
  storyfileId: string;
  target: VideoUploadTarget;
  filename: string;
  filetype: string;
}): Record<string, string> {
  return {
    [UPLOAD_METADATA_KEYS.storyfileId]: input.storyfileId,
    ...('questionId' in input.target
      ? { [UPLOAD_METADATA_KEYS.questionId]: input.target.questionId }
      : { [UPLOAD_METADATA_KEYS.clipKind]: input.target.clipKind }),
    [UPLOAD_METADATA_KEYS.filename]: input.filename,
    [UPLOAD_METADATA_KEYS.filetype]: input.filetype,
  };
}

/** Upload-Metadata of an avatar (spec §3: source, filetype, resource_type, resource_id). */
export function buildAvatarUploadMetadata(input: {
  resourceType: AvatarResourceType;
  resourceId: string;
  filetype: string;
  source: string;
}): Record<string, string> {
  return {
    [UPLOAD_METADATA_KEYS.source]: input.source,
    [UPLOAD_METADATA_KEYS.filetype]: input.filetype,
    [UPLOAD_METADATA_KEYS.resourceType]: input.resourceType,
    [UPLOAD_METADATA_KEYS.resourceId]: input.resourceId,
  };
}

/**
 * Upload-Metadata of a storyfile package to import (issue 31). It names no storyfile or
 * namespace: the namespace is chosen after the upload, in the import preview.
 */
export function buildPackageUploadMetadata(input: { filename: string }): Record<string, string> {
  return {
    [UPLOAD_METADATA_KEYS.uploadKind]: PACKAGE_UPLOAD_KIND,
    [UPLOAD_METADATA_KEYS.filename]: input.filename,
    [UPLOAD_METADATA_KEYS.filetype]: 'application/zip',
  };
}

/**
 * The upload's id, as spec §7 takes it: the last path segment of the upload URL before any `+`.
 * It is the `uploadObjectKey` of the upload status call.
 */
export function getUploadIdFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0]!.replace(/\/+$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  return decodeURIComponent(segment.split('+')[0]!);
}

/** Why processing failed, in words a person understands (the status call's `error`). */
export const VIDEO_PROCESSING_MESSAGES = {
  notAVideo: 'This file is not a video we can read.',
  noAudio: "This video has no sound; answers need the speaker's voice.",
  empty: 'This video is empty (0 seconds).',
  tooLong: `This video is longer than ${VIDEO_MAX_DURATION_SECONDS / 60} minutes; answers should be short.`,
  failed: 'We could not process this video. Please upload it again.',
  /** `failed` once its bytes are no longer kept (FAILED_UPLOAD_RETENTION): no Try again any more. */
  failedFileGone:
    'We could not process this video, and its file is no longer kept. Please upload the video again.',
  cancelled: 'The upload was cancelled.',
  expired: 'The upload expired before it finished. Please upload the file again.',
} as const;

/** Answers of the tus endpoint when an upload is refused at creation. */
export const UPLOAD_REJECTION_MESSAGES = {
  noTarget:
    'Say what the upload is for: storyfile_id with question_id or clip_kind, or resource_type with resource_id.',
  bothTargets: 'An upload is either a video (storyfile_id) or an avatar (resource_type), not both.',
  videoType: `Only video files can be uploaded here (${ACCEPTED_VIDEO_EXTENSIONS.join(', ')}).`,
  avatarType: 'An avatar must be a png or jpeg image.',
  packageType: 'A storyfile package must be a .zip file.',
  avatarContent: 'This file is not a png or jpeg image.',
  unknownQuestion: 'This storyfile has no such question.',
  unknownClipKind: 'This storyfile has no such clip.',
  unknownResourceType: 'Unknown avatar resource type.',
  tooLarge: 'This file is larger than uploads may be.',
  notFound: 'Upload not found.',
} as const;
