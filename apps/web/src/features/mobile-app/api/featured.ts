import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addFeaturedContract,
  listFeaturedContract,
  removeFeaturedContract,
  reorderFeaturedContract,
  updateFeaturedContract,
  type FeaturedEntry,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { mobileAppKeys } from './keys';
import { useMobileAppMutation } from './use-mobile-app-mutation';

export function useFeatured() {
  return useQuery({
    queryKey: mobileAppKeys.featured(),
    queryFn: ({ signal }) => callContract(listFeaturedContract, { signal }),
  });
}

export function useAddFeatured() {
  return useMobileAppMutation(
    (input: { storyfileId: string; startsOn: string | null; endsOn: string | null }) =>
      callContract(addFeaturedContract, { body: input }),
  );
}

export function useUpdateFeaturedDates() {
  return useMobileAppMutation(
    (input: { storyfileId: string; startsOn: string | null; endsOn: string | null }) =>
      callContract(updateFeaturedContract, {
        params: { id: input.storyfileId },
        body: { startsOn: input.startsOn, endsOn: input.endsOn },
      }),
  );
}

export function useRemoveFeatured() {
  return useMobileAppMutation((storyfileId: string) =>
    callContract(removeFeaturedContract, { params: { id: storyfileId } }),
  );
}

/** Reorders at once on screen (the drop must not jump back), then saves; a failure refetches. */
export function useReorderFeatured() {
  const queryClient = useQueryClient();
  const mutation = useMobileAppMutation((storyfileIds: string[]) =>
    callContract(reorderFeaturedContract, { body: { storyfileIds } }),
  );
  return {
    ...mutation,
    reorder(items: FeaturedEntry[], options?: { onError?: (error: Error) => void }) {
      queryClient.setQueryData(mobileAppKeys.featured(), { items });
      mutation.mutate(
        items.map((item) => item.storyfileId),
        options?.onError ? { onError: options.onError } : undefined,
      );
    },
  };
}
