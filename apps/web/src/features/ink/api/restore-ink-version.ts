import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreInkVersionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { inkKeys } from './keys';

export function restoreInkVersion(storyfileId: string, number: number) {
  return callContract(restoreInkVersionContract, { params: { id: storyfileId, number } });
}

/** Saves an older version's source again as the newest version. */
export function useRestoreInkVersion(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: number) => restoreInkVersion(storyfileId, number),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inkKeys.story(storyfileId) }),
  });
}
