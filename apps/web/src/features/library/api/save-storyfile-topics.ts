import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveStoryfileTopicsToLibraryContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { libraryKeys } from './keys';

/** Copies a storyfile's script topics and questions into its namespace's library. */
export function useSaveStoryfileTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storyfileId: string) =>
      callContract(saveStoryfileTopicsToLibraryContract, { params: { id: storyfileId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });
}
