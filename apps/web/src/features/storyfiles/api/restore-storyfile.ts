import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { restoreStoryfileContract, type StoryfileDetail } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { ME_QUERY_KEY, storyfileKeys } from './keys';

export function restoreStoryfile(id: string) {
  return callContract(restoreStoryfileContract, { params: { id } });
}

async function storeRestored(queryClient: QueryClient, storyfile: StoryfileDetail) {
  queryClient.setQueryData(storyfileKeys.detail(storyfile.id), storyfile);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  ]);
}

/**
 * Restores and refreshes the caches without a mounted hook: the Undo of a delete toast runs after
 * the screen that deleted has gone.
 */
export async function restoreStoryfileAndRefresh(
  queryClient: QueryClient,
  id: string,
): Promise<StoryfileDetail> {
  const storyfile = await restoreStoryfile(id);
  await storeRestored(queryClient, storyfile);
  return storyfile;
}

/** Restores a soft-deleted storyfile under its original name (owner role). */
export function useRestoreStoryfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreStoryfile,
    onSuccess: (storyfile) => storeRestored(queryClient, storyfile),
  });
}
