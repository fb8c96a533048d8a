import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createCustomWordContract,
  deleteCustomWordContract,
  listCustomWordsContract,
  runTestBenchContract,
  type CreateCustomWordBody,
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
