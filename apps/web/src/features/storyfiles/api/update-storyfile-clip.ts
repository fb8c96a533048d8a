import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateStoryfileClipContract, type ClipKind } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { refreshStoryfileDetail } from './detail-cache';

export function updateStoryfileClip(id: string, kind: ClipKind, prompt: string) {
  return callContract(updateStoryfileClipContract, { params: { id, kind }, body: { prompt } });
}

/** Sets what to say in one of the special clips. */
export function useUpdateStoryfileClip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, prompt }: { kind: ClipKind; prompt: string }) =>
      updateStoryfileClip(id, kind, prompt),
    onSuccess: () => refreshStoryfileDetail(queryClient, id),
  });
}
