import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promoKeys } from './keys';

/** A change to codes or clients: both lists are refetched (a revoke gives a code its use back). */
export function usePromoMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }),
  });
}
