import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createCustomWordContract,
  deleteCustomWordContract,
  getSpeechHintsContract,
  listCustomWordsContract,
  runTestBenchContract,
  updateCustomWordContract,
  type CreateCustomWordBody,
  type CustomWordBody,
  type ListCustomWordsQuery,
  type TestBenchBody,
} from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { trainingKeys } from './keys';

const wordKeys = {
  all: [...trainingKeys.all, 'words'] as const,
  list: (query: ListCustomWordsQuery) => [...wordKeys.all, query] as const,
};

export function useCustomWords(query: ListCustomWordsQuery, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: wordKeys.list(query),
    queryFn: ({ signal }) => callContract(listCustomWordsContract, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateCustomWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCustomWordBody) => callContract(createCustomWordContract, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wordKeys.all }),
  });
}

export function useUpdateCustomWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CustomWordBody }) =>
      callContract(updateCustomWordContract, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wordKeys.all }),
  });
}

export function useDeleteCustomWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callContract(deleteCustomWordContract, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wordKeys.all }),
  });
}

/** Runs the test bench on one phrase (nothing is logged). */
export function useTestBench(storyfileId: string) {
  return useMutation({
    mutationFn: (body: TestBenchBody) =>
      callContract(runTestBenchContract, { params: { id: storyfileId }, body }),
  });
}

const NO_HINTS: readonly string[] = [];

/**
 * The namespace's custom words as recognizer hints for the test bench's microphone, as the player
 * hands them over; under the words' key, so adding or deleting a word refreshes them.
 */
export function useSpeechHints(storyfileId: string): readonly string[] {
  const hints = useQuery({
    queryKey: [...wordKeys.all, 'speech-hints', storyfileId] as const,
    queryFn: ({ signal }) =>
      callContract(getSpeechHintsContract, { params: { id: storyfileId }, signal }),
    retry: false,
  });
  return hints.data?.terms ?? NO_HINTS;
}
