import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStoryfilePackageJobContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { getPackageJobRefetchDelay } from '../utils/package-job';
import { packageKeys } from './package-keys';

export function getStoryfilePackageJob(jobId: string, signal?: AbortSignal) {
  return callContract(getStoryfilePackageJobContract, {
    params: { jobId },
    ...(signal ? { signal } : {}),
  });
}

export const storyfilePackageJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: packageKeys.job(jobId),
    queryFn: ({ signal }) => getStoryfilePackageJob(jobId, signal),
    retry: false,
    // Polled while it runs; once done, asked again before its download link expires.
    refetchInterval: (query) =>
      query.state.error ? false : getPackageJobRefetchDelay(query.state.data),
    refetchIntervalInBackground: false,
  });

/** An export or import job, polled until it is done or failed (null: no job). */
export function useStoryfilePackageJob(jobId: string | null) {
  return useQuery({
    ...storyfilePackageJobQueryOptions(jobId ?? ''),
    enabled: jobId !== null,
  });
}
