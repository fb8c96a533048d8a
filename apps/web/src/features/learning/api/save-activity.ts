import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createActivityContract,
  duplicateActivityContract,
  updateActivityContract,
  type CreateActivityBody,
  type UpdateActivityBody,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { learningKeys } from './keys';

/** Creates, edits (archive included) or duplicates an activity; every learning view refreshes. */
export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { kind: 'create'; body: CreateActivityBody }
        | { kind: 'update'; id: string; body: UpdateActivityBody }
        | { kind: 'duplicate'; id: string },
    ) => {
      switch (input.kind) {
        case 'create':
          return callContract(createActivityContract, { body: input.body });
        case 'update':
          return callContract(updateActivityContract, {
            params: { id: input.id },
            body: input.body,
          });
        case 'duplicate':
          return callContract(duplicateActivityContract, { params: { id: input.id } });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.all }),
  });
}
