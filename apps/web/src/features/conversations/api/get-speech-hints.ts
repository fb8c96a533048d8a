import { useQuery } from '@tanstack/react-query';
import { getPublicSpeechHintsContract, getSpeechHintsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { conversationKeys } from './keys';
import { callPublicContract } from './public-request';

const NO_HINTS: readonly string[] = [];
const HINTS_STALE_MS = 5 * 60_000;

/** The custom words of a storyfile's namespace, for the recognizer (none until loaded or on failure). */
export function useSpeechHints(storyfileId: string): readonly string[] {
  const hints = useQuery({
    queryKey: [...conversationKeys.all, 'speech-hints', storyfileId] as const,
    queryFn: ({ signal }) =>
      callContract(getSpeechHintsContract, { params: { id: storyfileId }, signal }),
    staleTime: HINTS_STALE_MS,
    retry: false,
  });
  return hints.data?.terms ?? NO_HINTS;
}

/** The same for the public player, by share slug. */
export function usePublicSpeechHints(slug: string): readonly string[] {
  const hints = useQuery({
    queryKey: [...conversationKeys.all, 'public-speech-hints', slug] as const,
    queryFn: ({ signal }) =>
      callPublicContract(getPublicSpeechHintsContract, { params: { slug }, signal }),
    staleTime: HINTS_STALE_MS,
    retry: false,
  });
  return hints.data?.terms ?? NO_HINTS;
}
