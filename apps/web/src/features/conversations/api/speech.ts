import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getMyActivitySpeechSettingsContract,
  getPublicSpeechSettingsContract,
  myActivitySpeechStreamContract,
  myActivitySpeechToTextContract,
  getSpeechSettingsContract,
  publicSpeechStreamContract,
  publicSpeechToTextContract,
  speechStreamContract,
  speechToTextContract,
  updateSpeechSettingsContract,
  buildPath,
  type StoryfileRecognizer,
} from '@conversa/contracts';
import { callContract, requestJson } from '@/lib/api-client';
import { toSocketUrl } from '@/lib/speech-stream';
import { conversationKeys } from './keys';
import { callPublicContract } from './public-request';

const SETTINGS_STALE_MS = 60_000;

/** The speech2text WebSocket of the studio's players (issue 42, item 3), on this origin. */
export function speechStreamUrlForStoryfile(storyfileId: string): string {
  return toSocketUrl(`${speechStreamContract.path}?storyfileId=${encodeURIComponent(storyfileId)}`);
}

/** The same for a visitor of a published storyfile. */
export function speechStreamUrlForPublicStoryfile(slug: string): string {
  return toSocketUrl(buildPath(publicSpeechStreamContract.path, { slug }));
}

/** The same for a student's activity. */
export function speechStreamUrlForActivity(activityId: string, storyfileId: string): string {
  return toSocketUrl(
    `${buildPath(myActivitySpeechStreamContract.path, { id: activityId })}?storyfileId=${encodeURIComponent(storyfileId)}`,
  );
}

/** The studio's recognizer hears a recording of a question to the storyfile (signed in). */
export async function transcribeForStoryfile(
  storyfileId: string,
  recording: Blob,
  signal?: AbortSignal,
) {
  const url = `${speechToTextContract.path}?storyfileId=${encodeURIComponent(storyfileId)}`;
  return speechToTextContract.response.parse(
    await requestJson('POST', url, { body: recording, ...(signal ? { signal } : {}) }),
  );
}

/** The same for a visitor of a published storyfile (outside the session's hooks). */
export async function transcribeForPublicStoryfile(
  slug: string,
  recording: Blob,
  signal?: AbortSignal,
) {
  const url = buildPath(publicSpeechToTextContract.path, { slug });
  return publicSpeechToTextContract.response.parse(
    await requestJson('POST', url, {
      body: recording,
      isAuthCall: true,
      ...(signal ? { signal } : {}),
    }),
  );
}

/** The owner's choice of recognizer; undefined while loading (the player then uses the studio's). */
export function useSpeechRecognizer(storyfileId: string): StoryfileRecognizer | undefined {
  const settings = useQuery({
    queryKey: conversationKeys.speechSettings(storyfileId),
    queryFn: ({ signal }) =>
      callContract(getSpeechSettingsContract, { params: { id: storyfileId }, signal }),
    staleTime: SETTINGS_STALE_MS,
  });
  return settings.data?.recognizer;
}

export function usePublicSpeechRecognizer(slug: string): StoryfileRecognizer | undefined {
  const settings = useQuery({
    queryKey: [...conversationKeys.all, 'public-speech-settings', slug] as const,
    queryFn: ({ signal }) =>
      callPublicContract(getPublicSpeechSettingsContract, { params: { slug }, signal }),
    staleTime: SETTINGS_STALE_MS,
    retry: false,
  });
  return settings.data?.recognizer;
}

/** A student's recording of a question to one of the activity's storyfiles. */
export async function transcribeForActivity(
  activityId: string,
  storyfileId: string,
  recording: Blob,
  signal?: AbortSignal,
) {
  const url = `${buildPath(myActivitySpeechToTextContract.path, { id: activityId })}?storyfileId=${encodeURIComponent(storyfileId)}`;
  return myActivitySpeechToTextContract.response.parse(
    await requestJson('POST', url, { body: recording, ...(signal ? { signal } : {}) }),
  );
}

export function useActivitySpeechRecognizer(
  activityId: string,
  storyfileId: string,
): StoryfileRecognizer | undefined {
  const settings = useQuery({
    queryKey: [
      ...conversationKeys.all,
      'activity-speech-settings',
      activityId,
      storyfileId,
    ] as const,
    queryFn: ({ signal }) =>
      callContract(getMyActivitySpeechSettingsContract, {
        params: { id: activityId },
        query: { storyfileId },
        signal,
      }),
    staleTime: SETTINGS_STALE_MS,
  });
  return settings.data?.recognizer;
}

/** Chooses the recognizer; every player of the storyfile uses it from its next load. */
export function useUpdateSpeechRecognizer(storyfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recognizer: StoryfileRecognizer) =>
      callContract(updateSpeechSettingsContract, {
        params: { id: storyfileId },
        body: { recognizer },
      }),
    onSuccess: (settings) => {
      queryClient.setQueryData(conversationKeys.speechSettings(storyfileId), settings);
    },
  });
}
