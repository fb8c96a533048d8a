import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startStoryfileExportContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { packageKeys } from './package-keys';

export function startStoryfileExport(storyfileId: string) {
  return callContract(startStoryfileExportContract, { params: { id: storyfileId } });
}

/** Queues the export of a storyfile as a `.zip` package; the job it answers is polled. */
export function useStartStoryfileExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startStoryfileExport,
    onSuccess: (job) => queryClient.setQueryData(packageKeys.job(job.id), job),
  });
}
