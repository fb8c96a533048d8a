import { useQuery } from '@tanstack/react-query';
import { listReviewAnswerOptionsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** The script's questions to pick the right answer from, recorded ones first. */
export function useAnswerOptions(storyfileId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: trainingKeys.answers(storyfileId),
    queryFn: ({ signal }) =>
      callContract(listReviewAnswerOptionsContract, { params: { id: storyfileId }, signal }),
    enabled,
  });
}
