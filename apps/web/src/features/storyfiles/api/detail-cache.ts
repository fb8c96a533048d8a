import type { QueryClient } from '@tanstack/react-query';
import type { StoryfileDetail } from '@conversa/contracts';
import { storyfileKeys } from './keys';

/** Puts a storyfile the server answered with into the cache; list counts may have changed. */
export async function storeStoryfileDetail(
  queryClient: QueryClient,
  storyfile: StoryfileDetail,
): Promise<void> {
  queryClient.setQueryData(storyfileKeys.detail(storyfile.id), storyfile);
  await queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() });
}

/** For calls that answer with a part of the storyfile: fetch the whole again. */
export async function refreshStoryfileDetail(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: storyfileKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() }),
  ]);
}

/**
 * Applies a change to the cached storyfile at once and returns how to undo it; reorders use it so
 * the list moves under the pointer and snaps back if the server refuses.
 */
export async function changeStoryfileOptimistically(
  queryClient: QueryClient,
  id: string,
  change: (storyfile: StoryfileDetail) => StoryfileDetail,
): Promise<{ previous: StoryfileDetail | undefined }> {
  const key = storyfileKeys.detail(id);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<StoryfileDetail>(key);
  if (previous !== undefined) {
    queryClient.setQueryData(key, change(previous));
  }
  return { previous };
}

export function rollBackStoryfile(
  queryClient: QueryClient,
  id: string,
  context: { previous: StoryfileDetail | undefined } | undefined,
): void {
  if (context?.previous !== undefined) {
    queryClient.setQueryData(storyfileKeys.detail(id), context.previous);
  }
}
