import { useSyncExternalStore } from 'react';

/**
 * Whether the editor holds typing it has not yet handed to the page (it hands its document over
 * once typing pauses). A store of its own rather than the story screen's state: the first key of
 * a burst re-renders only the toolbar that shows "unsaved changes" and "Compiling…", not the
 * screen with its outline, player and history.
 */
export interface PendingEdit {
  isPending: () => boolean;
  set: (isPending: boolean) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createPendingEdit(): PendingEdit {
  let isPending = false;
  const listeners = new Set<() => void>();
  return {
    isPending: () => isPending,
    set(next) {
      if (next === isPending) {
        return;
      }
      isPending = next;
      for (const listener of listeners) {
        listener();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Renders again when the editor starts or hands over a burst of typing. */
export function useIsEditPending(pendingEdit: PendingEdit): boolean {
  return useSyncExternalStore(pendingEdit.subscribe, pendingEdit.isPending);
}
