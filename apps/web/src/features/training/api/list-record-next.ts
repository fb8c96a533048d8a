import { useQuery } from '@tanstack/react-query';
import { listRecordNextContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/**
 * The storyfile's unrecorded questions that visitors asked for, most visitors first; asked again
 * when `answeredCount` (the storyfile's recorded answers) moves.
 */
export function useRecordNext(storyfileId: string, answeredCount?: number) {
  return useQuery({
    queryKey: trainingKeys.recordNext(storyfileId, answeredCount),
    queryFn: ({ signal }) =>
      callContract(listRecordNextContract, { params: { id: storyfileId }, signal }),
  });
}
