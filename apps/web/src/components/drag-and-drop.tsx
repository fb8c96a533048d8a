import { DragDropContext } from '@hello-pangea/dnd';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { createDragDropResponders, type DragHandlers, type DragType } from '@/lib/drag-and-drop';
import { useTemporaryStateStore } from './navigation-state';

/** The dragged item's name, from its handle's `data-drag-label` (set beside its aria-label). */
function findDragItemName(draggableId: string): string | undefined {
  const handle = document.querySelector(
    `[data-rfd-drag-handle-draggable-id="${CSS.escape(draggableId)}"]`,
  );
  return handle?.getAttribute('data-drag-label') ?? undefined;
}

/**
 * The drag-and-drop dispatch of spec §4 around a screen's drag area: every drag end, update and
 * before-start event goes to the handlers registered (with useDragHandlers) for its drag type, and
 * is ignored without numeric indices. Screens wrap themselves, so the drag library loads only
 * with the screens that drag.
 */
export function DragDropProvider({ children }: { children: ReactNode }) {
  const store = useTemporaryStateStore();
  const responders = useMemo(
    () => createDragDropResponders(() => store.getState().dragHandlers, findDragItemName),
    [store],
  );
  return <DragDropContext {...responders}>{children}</DragDropContext>;
}

/**
 * Registers a screen's handlers for one drag type while it is mounted. The registered functions
 * call the latest handlers, so callers may pass new closures on every render. Navigation clears
 * temporary state, so a screen that stays mounted across paths registers again after each one.
 */
export function useDragHandlers(type: DragType, handlers: DragHandlers): void {
  const store = useTemporaryStateStore();
  const { pathname } = useLocation();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    store.setDragHandlers(type, {
      onDragEnd: (result) => latest.current.onDragEnd?.(result),
      onDragUpdate: (update) => latest.current.onDragUpdate?.(update),
      onBeforeDragStart: (start) => latest.current.onBeforeDragStart?.(start),
    });
    return () => store.setDragHandlers(type, undefined);
  }, [store, type, pathname]);
}
