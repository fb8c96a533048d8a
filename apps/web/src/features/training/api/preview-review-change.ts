import { useQuery } from '@tanstack/react-query';
import { previewReviewChangeContract, type ReviewChange } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** What a change would do to past questions; asked again whenever the change differs. */
export function useReviewPreview(storyfileId: string, change: ReviewChange | null) {
  return useQuery({
    queryKey: [...trainingKeys.all, 'preview', storyfileId, change] as const,
    queryFn: ({ signal }) =>
      callContract(previewReviewChangeContract, {
        params: { id: storyfileId },
        body: change!,
        signal,
      }),
    enabled: change !== null,
    retry: false,
    staleTime: 0,
  });
}
