import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { previewStoryfileImportContract, type StoryfileImportBody } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { packageKeys } from './package-keys';

export function previewStoryfileImport(body: StoryfileImportBody, signal?: AbortSignal) {
  return callContract(previewStoryfileImportContract, { body, ...(signal ? { signal } : {}) });
}

/**
 * What importing the uploaded package into the namespace would create (nothing is created). A
 * package the studio cannot import answers an error naming the problem.
 */
export function useStoryfileImportPreview(body: StoryfileImportBody | null) {
  return useQuery({
    queryKey: packageKeys.preview(body?.uploadId ?? '', body?.namespaceId ?? '', body?.name ?? ''),
    queryFn: ({ signal }) => previewStoryfileImport(body!, signal),
    enabled: body !== null,
    retry: false,
    staleTime: Infinity,
    // Another namespace or name keeps the last summary on screen while the new one loads.
    placeholderData: keepPreviousData,
  });
}
