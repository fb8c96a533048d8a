import { z } from 'zod';

/** Resources that carry an avatar (spec §3 Avatar; `{product}` = storyfile). */
export const AVATAR_RESOURCE_TYPES = [
  'user',
  'storyfile',
  'namespace',
  'role',
  'learning_activity',
  'promo_code',
] as const;
export const avatarResourceTypeSchema = z.enum(AVATAR_RESOURCE_TYPES);
export type AvatarResourceType = z.infer<typeof avatarResourceTypeSchema>;

/** Content types an avatar may have (spec §5); the server also checks the file's first bytes. */
export const AVATAR_CONTENT_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
} as const;

/**
 * Path of an avatar image (spec §7 `GET /avatar/{iam}/type/{resource_type}`): the id is the
 * user's iam for user avatars and the resource's own id for the other types. A timestamp, when
 * given, is the spec's cache bypass: a new value makes the browser fetch the image again.
 */
export function buildAvatarPath(
  id: string,
  resourceType: AvatarResourceType = 'user',
  timestamp?: number,
): string {
  const path = `/avatar/${encodeURIComponent(id)}/type/${resourceType}`;
  return timestamp === undefined ? path : `${path}?timestamp=${timestamp}`;
}

/** 404 text of the avatar endpoint; the web then shows the product logo (spec §3). */
export const AVATAR_NOT_FOUND_MESSAGE = 'No avatar has been uploaded for this resource.';
