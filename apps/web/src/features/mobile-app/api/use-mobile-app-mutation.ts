import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mobileAppKeys } from './keys';

/** A curation change: on success or failure every Mobile App list is refetched. */
export function useMobileAppMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mobileAppKeys.all }),
  });
}
