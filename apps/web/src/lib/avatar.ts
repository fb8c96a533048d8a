import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_FILES,
  AVATAR_MIME_TYPES,
} from '@conversa/contracts/constants';

/** Resource types an avatar can belong to (spec §3). */
export const AVATAR_RESOURCE_TYPES = [
  'user',
  'storyfile',
  'namespace',
  'role',
  'learning_activity',
  'promo_code',
] as const;
export type AvatarResourceType = (typeof AVATAR_RESOURCE_TYPES)[number];

/** The default product logo shown when an avatar cannot be. */
export const DEFAULT_AVATAR_SRC = '/logo.svg';

/** Whether to show the default logo: the source is missing, mentions undefined, or failed. */
export function shouldUseFallbackAvatar(
  src: string | null | undefined,
  hasFailed: boolean,
): boolean {
  return hasFailed || src == null || src === '' || src.includes('undefined');
}

/** The image source to render, falling back to the default product logo (spec §3 Avatar). */
export function getAvatarSrc(
  src: string | null | undefined,
  hasFailed: boolean,
  fallbackSrc: string = DEFAULT_AVATAR_SRC,
): string {
  return src == null || shouldUseFallbackAvatar(src, hasFailed) ? fallbackSrc : src;
}

export type ActiveDotColor = 'green' | 'grey';

/** Green dot for active, grey for inactive, no dot when the flag is not given. */
export function getActiveDotColor(isActive: boolean | undefined): ActiveDotColor | undefined {
  if (isActive === undefined) {
    return undefined;
  }
  return isActive ? 'green' : 'grey';
}

/** The avatar address; the timestamp defeats caches after an upload (spec §7). */
export function buildAvatarUrl(
  iam: string,
  resourceType: AvatarResourceType,
  timestamp: number = Date.now(),
): string {
  return `/avatar/${encodeURIComponent(iam)}/type/${resourceType}?timestamp=${timestamp}`;
}

export type AvatarFileProblem = 'count' | 'type' | 'size';
type FileLike = { type: string; size: number };

/** Checks an avatar selection: exactly one png or jpeg file of at most 10,000,000,000 bytes. */
export function validateAvatarFiles(
  files: readonly FileLike[],
): { isValid: true; file: FileLike } | { isValid: false; problem: AvatarFileProblem } {
  const [file] = files;
  if (file === undefined || files.length !== AVATAR_MAX_FILES) {
    return { isValid: false, problem: 'count' };
  }
  if (!AVATAR_MIME_TYPES.some((type) => type === file.type)) {
    return { isValid: false, problem: 'type' };
  }
  if (file.size > AVATAR_MAX_BYTES) {
    return { isValid: false, problem: 'size' };
  }
  return { isValid: true, file };
}

/** The uploaded file's id: the last path segment of the upload URL, cut before any `+`. */
export function getUploadIdFromUrl(uploadUrl: string): string {
  const path = uploadUrl.split(/[?#]/)[0] ?? '';
  const lastSegment =
    path
      .split('/')
      .filter((segment) => segment !== '')
      .at(-1) ?? '';
  return lastSegment.split('+')[0] ?? '';
}

/** Metadata sent with a resumable avatar upload (spec §3 Upload metadata). */
export type AvatarUploadMetadata = {
  source: string;
  filetype: string;
  resource_type: AvatarResourceType;
  resource_id: string;
  authorization: string;
};

/** Builds the upload metadata; `source` is passed through because the spec does not define it. */
export function buildAvatarUploadMetadata(input: {
  source: string;
  fileType: string;
  resourceType: AvatarResourceType;
  resourceId: string;
  accessToken: string;
}): AvatarUploadMetadata {
  return {
    source: input.source,
    filetype: input.fileType,
    resource_type: input.resourceType,
    resource_id: input.resourceId,
    authorization: `Bearer ${input.accessToken}`,
  };
}
