import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reorderTopicQuestionsContract, type TopicDetail } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function reorderTopicQuestions(input: { id: string; ids: string[] }) {
  return callContract(reorderTopicQuestionsContract, {
    params: { id: input.id },
    body: { ids: input.ids },
  });
}

/**
 * Puts a library topic's questions in a new order: the cached topic shows it at once and goes
 * back to the previous order if the server refuses.
 */
export function useReorderTopicQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderTopicQuestions,
    onMutate: async ({ id, ids }) => {
      const key = libraryKeys.topic(id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TopicDetail>(key);
      if (previous !== undefined) {
        const byId = new Map(previous.questions.map((question) => [question.id, question]));
        const questions = ids.flatMap((questionId, position) => {
          const question = byId.get(questionId);
          return question === undefined ? [] : [{ ...question, position }];
        });
        queryClient.setQueryData(key, { ...previous, questions });
      }
      return { previous };
    },
    onError: (_error, { id }, context) => {
      if (context?.previous !== undefined) {
        queryClient.setQueryData(libraryKeys.topic(id), context.previous);
      }
    },
    onSuccess: (topic) => {
      queryClient.setQueryData(libraryKeys.topic(topic.id), topic);
    },
  });
}
