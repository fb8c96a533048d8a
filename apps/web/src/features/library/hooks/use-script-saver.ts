import { useQueryClient } from '@tanstack/react-query';
import type { ScriptDetail } from '@conversa/contracts';
import { useCallback, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { libraryKeys } from '../api/keys';

/**
 * Saves builder changes optimistically: the cached script shows the change at once, the server's
 * answer replaces it, and an error puts the previous script back with the server's message.
 * One save runs at a time (the builder locks dragging meanwhile), so a change is never computed
 * from a draft whose saved ids are still on their way.
 */
export function useScriptSaver(scriptId: string) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [isSaving, setIsSaving] = useState(false);

  const save = useCallback(
    async (next: ScriptDetail, send: () => Promise<ScriptDetail>): Promise<boolean> => {
      const key = libraryKeys.script(scriptId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ScriptDetail>(key);
      queryClient.setQueryData(key, next);
      setIsSaving(true);
      try {
        queryClient.setQueryData(key, await send());
        return true;
      } catch (error) {
        queryClient.setQueryData(key, previous);
        showToast({
          kind: 'error',
          message: error instanceof ApiError ? error.message : 'The change could not be saved.',
        });
        return false;
      } finally {
        setIsSaving(false);
        void queryClient.invalidateQueries({ queryKey: libraryKeys.scriptLists() });
      }
    },
    [queryClient, scriptId, showToast],
  );

  return { save, isSaving };
}
