import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import type { ScriptDetail } from '@conversa/contracts';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { libraryKeys } from '../api/keys';
import { useScriptSaver } from './use-script-saver';

const script = { id: 's1', name: 'Before', topics: [] } as unknown as ScriptDetail;
const changed = { ...script, name: 'Optimistic' };

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(libraryKeys.script('s1'), script);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useScriptSaver('s1'), { wrapper });
  return { queryClient, result };
}

describe('useScriptSaver', () => {
  it('shows the change at once and keeps the server answer', async () => {
    const { queryClient, result } = setup();
    let resolve: (value: ScriptDetail) => void = () => undefined;
    let saving: Promise<boolean> = Promise.resolve(false);
    act(() => {
      saving = result.current.save(changed, () => new Promise((done) => (resolve = done)));
    });
    await act(() => Promise.resolve());
    expect(queryClient.getQueryData(libraryKeys.script('s1'))).toEqual(changed);
    expect(result.current.isSaving).toBe(true);
    await act(async () => {
      resolve({ ...changed, name: 'Saved' });
      expect(await saving).toBe(true);
    });
    expect(queryClient.getQueryData<ScriptDetail>(libraryKeys.script('s1'))?.name).toBe('Saved');
    expect(result.current.isSaving).toBe(false);
  });

  it('puts the previous script back and shows the server message on failure', async () => {
    const { queryClient, result } = setup();
    await act(async () => {
      const isSaved = await result.current.save(changed, () =>
        Promise.reject(new ApiError('You need to be at least "Content Creator"', 403, 'FORBIDDEN')),
      );
      expect(isSaved).toBe(false);
    });
    expect(queryClient.getQueryData(libraryKeys.script('s1'))).toEqual(script);
    expect(
      await screen.findByText('You need to be at least "Content Creator"'),
    ).toBeInTheDocument();
  });
});
