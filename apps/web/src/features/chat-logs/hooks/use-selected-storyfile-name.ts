import { useStoryfileOptions } from '@/entities/storyfile';
import { useStoryfileName } from '../api/get-storyfile-name';

/**
 * The name of the storyfile the logs are filtered by: from the filter's options when they hold
 * it, else fetched by id. `isPending` while it may still arrive; `undefined` name when unknown
 * (no filter, or a storyfile the user cannot see or that was deleted).
 */
export function useSelectedStoryfileName(storyfileId: string | undefined): {
  name: string | undefined;
  isPending: boolean;
} {
  const options = useStoryfileOptions();
  const listed = options.data?.items.find((item) => item.id === storyfileId)?.name;
  const fetched = useStoryfileName(storyfileId, {
    enabled: options.isSuccess && listed === undefined,
  });
  if (storyfileId === undefined) {
    return { name: undefined, isPending: false };
  }
  if (listed !== undefined) {
    return { name: listed, isPending: false };
  }
  return {
    name: fetched.data,
    isPending: options.isPending || (fetched.isPending && fetched.fetchStatus !== 'idle'),
  };
}
