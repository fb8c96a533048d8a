import { useMutation } from '@tanstack/react-query';
import { createFeedbackContract, type CreateFeedbackBody } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

export function createFeedback(body: CreateFeedbackBody) {
  return callContract(createFeedbackContract, { body });
}

/** Sends a submission; nothing is cached, so there is nothing to invalidate. */
export function useCreateFeedback(options: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: createFeedback, onSuccess: options.onSuccess });
}
