import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTopicContract, type createTopicBodySchema } from '@conversa/contracts';
import type { z } from 'zod';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

export function createTopic(body: z.input<typeof createTopicBodySchema>) {
  return callContract(createTopicContract, { body });
}

/** Adds a topic to a namespace's question library. */
export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopic,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.topicLists() });
    },
  });
}
