import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveStoryfileTopicsToLibraryContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

export function saveTopicsToLibrary(id: string) {
  return callContract(saveStoryfileTopicsToLibraryContract, { params: { id } });
}

/**
 * Copies the storyfile's script into its namespace's question library. The library's screens
 * keep their queries under the `library` key prefix (features do not import each other, so the
 * prefix is named here); invalidating it shows the new topics on /topics at once.
 */
export function useSaveTopicsToLibrary(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => saveTopicsToLibrary(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
  });
}
