import type { DropResult } from '@hello-pangea/dnd';
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { dispatchDragEnd } from '@/lib/drag-and-drop';
import type { RouteHistory, TemporaryStateStore } from '@/lib/temporary-state';
import { useDragHandlers } from './drag-and-drop';
import {
  NavigationStateProvider,
  useRouteHistory,
  useTemporaryStateStore,
} from './navigation-state';

let store: TemporaryStateStore | undefined;
let history: RouteHistory | undefined;

function Probe() {
  const currentStore = useTemporaryStateStore();
  const currentHistory = useRouteHistory();
  useEffect(() => {
    store = currentStore;
    history = currentHistory;
  });
  return null;
}

function TopicScreen({ onDragEnd }: { onDragEnd: () => void }) {
  useDragHandlers('topic', { onDragEnd });
  return null;
}

function renderAt(path: string, onDragEnd = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <NavigationStateProvider>
            <Probe />
            <TopicScreen onDragEnd={onDragEnd} />
          </NavigationStateProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const drop = (sourceIndex: unknown, destinationIndex: unknown) =>
  ({
    type: 'topic',
    source: { index: sourceIndex, droppableId: 'topics' },
    destination: { index: destinationIndex, droppableId: 'topics' },
  }) as DropResult;

describe('navigation state (spec §4 Navigation)', () => {
  it('records route history and clears temporary state when the path changes', async () => {
    const router = renderAt('/storyfiles');
    expect(history!.getPaths()).toEqual(['/storyfiles']);
    act(() => store!.update({ isFullscreen: true }));
    act(() => store!.setLoading('storyfiles', true));

    await act(() => router.navigate('/storyfiles?page=2'));
    expect(store!.getState()).toMatchObject({ isFullscreen: true, loading: { storyfiles: true } });
    expect(history!.getPaths()).toEqual(['/storyfiles']);

    await act(() => router.navigate('/topics'));
    expect(store!.getState().isFullscreen).toBe(false);
    expect(store!.getState().loading).toEqual({});
    expect(history!.getPaths()).toEqual(['/storyfiles', '/topics']);
  });

  it('dispatches to the handlers a screen registers only placed drops of their type', () => {
    const onDragEnd = vi.fn();
    renderAt('/topics/builder', onDragEnd);
    const registry = () => store!.getState().dragHandlers;
    expect(dispatchDragEnd(registry(), drop(0, 2))).toBe(true);
    expect(dispatchDragEnd(registry(), drop(undefined, 2))).toBe(false);
    expect(dispatchDragEnd(registry(), drop(0, null))).toBe(false);
    expect(dispatchDragEnd(registry(), { ...drop(0, 1), type: 'question' })).toBe(false);
    expect(onDragEnd).toHaveBeenCalledOnce();
  });

  it('lets a screen that stays mounted across paths register its drag handlers again', async () => {
    const onDragEnd = vi.fn();
    const router = renderAt('/storyfiles/1', onDragEnd);
    await act(() => router.navigate('/storyfiles/2'));
    expect(dispatchDragEnd(store!.getState().dragHandlers, drop(0, 1))).toBe(true);
    expect(onDragEnd).toHaveBeenCalledOnce();
  });

  it('drops a screen’s drag handlers when it unmounts', () => {
    renderAt('/topics/builder');
    expect(store!.getState().dragHandlers.topic).toBeDefined();
    cleanup();
    expect(store!.getState().dragHandlers.topic).toBeUndefined();
  });
});
