import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startStoryfileImportContract, type StoryfileImportBody } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { packageKeys } from './package-keys';

export function startStoryfileImport(body: StoryfileImportBody) {
  return callContract(startStoryfileImportContract, { body });
}

/** Queues the import of an uploaded package; the job it answers is polled for the new storyfile. */
export function useStartStoryfileImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startStoryfileImport,
    onSuccess: (job) => queryClient.setQueryData(packageKeys.job(job.id), job),
  });
}
