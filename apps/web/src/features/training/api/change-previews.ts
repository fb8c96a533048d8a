import { useQuery } from '@tanstack/react-query';
import {
  previewCategoryChangeContract,
  previewThresholdChangeContract,
  previewWordChangeContract,
  type CategoryChangePreviewBody,
  type WordChangePreviewBody,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

const previewKeys = [...trainingKeys.all, 'change-preview'] as const;

/** What saving (or deleting) a category would do to past questions; none while `body` is null. */
export function useCategoryChangePreview(body: CategoryChangePreviewBody | null) {
  return useQuery({
    queryKey: [...previewKeys, 'category', body] as const,
    queryFn: ({ signal }) => callContract(previewCategoryChangeContract, { body: body!, signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 0,
  });
}

/** What saving a custom word would do to past spoken questions; none while `body` is null. */
export function useWordChangePreview(body: WordChangePreviewBody | null) {
  return useQuery({
    queryKey: [...previewKeys, 'word', body] as const,
    queryFn: ({ signal }) => callContract(previewWordChangeContract, { body: body!, signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 0,
  });
}

/** What setting the threshold (null: automatic) would do; none while `threshold` is undefined. */
export function useThresholdPreview(storyfileId: string, threshold: number | null | undefined) {
  return useQuery({
    queryKey: [...previewKeys, 'threshold', storyfileId, threshold] as const,
    queryFn: ({ signal }) =>
      callContract(previewThresholdChangeContract, {
        params: { id: storyfileId },
        body: { threshold: threshold ?? null },
        signal,
      }),
    enabled: threshold !== undefined,
    retry: false,
    staleTime: 0,
  });
}
