import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveInkVersionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { inkKeys } from './keys';

export function saveInkVersion(storyfileId: string, source: string) {
  return callContract(saveInkVersionContract, { params: { id: storyfileId }, body: { source } });
}

/** Saves the source as a new version; the server compiles it again. */
export function useSaveInkVersion(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: string) => saveInkVersion(storyfileId, source),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inkKeys.story(storyfileId) }),
  });
}
