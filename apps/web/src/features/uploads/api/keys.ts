import type { QueryClient } from '@tanstack/react-query';

export const uploadKeys = {
  all: ['uploads'] as const,
  recent: () => [...uploadKeys.all, 'recent'] as const,
  storyfileVideos: (storyfileId: string) =>
    [...uploadKeys.all, 'storyfile-videos', storyfileId] as const,
};

// The storyfiles feature owns these keys (features/storyfiles/api/keys.ts: storyfileKeys.detail
// and storyfileKeys.lists). Features cannot import each other, so the literals are repeated here;
// keep them in step.
const storyfileDetailKey = (storyfileId: string) => ['storyfiles', 'detail', storyfileId] as const;
const STORYFILE_LISTS_KEY = ['storyfiles', 'list'] as const;

/**
 * After a video of the storyfile changed (processed, failed or deleted): its recorded marks, its
 * list of videos and the storyfile lists' counts are stale.
 */
export async function refreshStoryfileMedia(
  queryClient: QueryClient,
  storyfileId: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: storyfileDetailKey(storyfileId) }),
    queryClient.invalidateQueries({ queryKey: uploadKeys.storyfileVideos(storyfileId) }),
    queryClient.invalidateQueries({ queryKey: STORYFILE_LISTS_KEY }),
  ]);
}
