import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getTranscriptSettingsContract,
  type TranscriptSettings,
  updateTranscriptSettingsContract,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { transcriptKeys } from './transcript-keys';

const settingsKey = (storyfileId: string) =>
  [...transcriptKeys.list(storyfileId), 'settings'] as const;

export const transcriptSettingsQueryOptions = (storyfileId: string) =>
  queryOptions({
    queryKey: settingsKey(storyfileId),
    queryFn: () => callContract(getTranscriptSettingsContract, { params: { id: storyfileId } }),
  });

/** Whether visitors see the storyfile's drafts not reviewed yet (issue 52). */
export function useTranscriptSettings(storyfileId: string) {
  return useQuery(transcriptSettingsQueryOptions(storyfileId));
}

export function useUpdateTranscriptSettings(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TranscriptSettings) =>
      callContract(updateTranscriptSettingsContract, { params: { id: storyfileId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(storyfileId), saved),
  });
}
