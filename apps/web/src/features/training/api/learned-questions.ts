import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listLearnedQuestionsContract,
  removeLearnedQuestionContract,
  restoreLearnedQuestionContract,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

/** What the storyfile learned from its visitors (issue 50 item 2), most recent first. */
export function useLearnedQuestions(storyfileId: string) {
  return useQuery({
    queryKey: trainingKeys.learned(storyfileId),
    queryFn: ({ signal }) =>
      callContract(listLearnedQuestionsContract, { params: { id: storyfileId }, signal }),
  });
}

/** Removes a learned question (`isRemoved`) or undoes its removal. */
export function useSetLearnedRemoved(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ labelId, isRemoved }: { labelId: string; isRemoved: boolean }) =>
      callContract(isRemoved ? removeLearnedQuestionContract : restoreLearnedQuestionContract, {
        params: { id: storyfileId, labelId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingKeys.learned(storyfileId) }),
  });
}
