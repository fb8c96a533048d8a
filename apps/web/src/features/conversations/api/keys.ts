/** Query keys of the conversation player, publishing and matching settings. */
export const conversationKeys = {
  all: ['conversations'] as const,
  videos: (storyfileId: string) => [...conversationKeys.all, 'videos', storyfileId] as const,
  matchingSettings: (storyfileId: string) =>
    [...conversationKeys.all, 'matching-settings', storyfileId] as const,
  publication: (storyfileId: string) =>
    [...conversationKeys.all, 'publication', storyfileId] as const,
  publicStoryfile: (slug: string) => [...conversationKeys.all, 'public', slug] as const,
};

/**
 * How long signed media URLs may be cached: until a minute before they expire, so a loop or a
 * replay never asks with a token the server refuses.
 */
export function getSignedUrlStaleTime(expiresAt: string | null | undefined, now = Date.now()) {
  if (!expiresAt) {
    return 5 * 60_000;
  }
  return Math.max(30_000, new Date(expiresAt).getTime() - now - 60_000);
}
