import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_FILES,
  AVATAR_MIME_TYPES,
} from '@conversa/contracts/constants';
import { buildAvatarPath, type AvatarResourceType } from '@conversa/contracts';

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
  return buildAvatarPath(iam, resourceType, timestamp);
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

/** What to tell a person whose selection cannot be an avatar (the spec gives no words). */
export const AVATAR_FILE_PROBLEM_MESSAGES: Record<AvatarFileProblem, string> = {
  count: 'Choose exactly one image for the avatar.',
  type: 'An avatar must be a png or jpeg image.',
  size: 'An avatar can be at most 10,000,000,000 bytes.',
};
