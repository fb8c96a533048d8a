import { useEffect } from 'react';
import { Button } from '@/components/ui/button';

/** How long a soft delete can be undone from the screen. */
export const UNDO_VISIBLE_MS = 10_000;

export type UndoState = { message: string; onUndo?: () => void } | null;

/**
 * A status line after a soft delete, with Undo where the user may restore (owner role). It
 * closes itself after UNDO_VISIBLE_MS.
 */
export function UndoBar({ state, onClose }: { state: UndoState; onClose: () => void }) {
  useEffect(() => {
    if (state === null) {
      return;
    }
    const timer = setTimeout(onClose, UNDO_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state, onClose]);
  if (state === null) {
    return null;
  }
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-900 px-4 py-2 text-sm text-white shadow-md"
    >
      <span>{state.message}</span>
      <span className="flex gap-1">
        {state.onUndo === undefined ? null : (
          <Button
            size="sm"
            variant="yellow"
            onClick={() => {
              state.onUndo?.();
              onClose();
            }}
          >
            Undo
          </Button>
        )}
        <Button size="sm" variant="cancel" onClick={onClose}>
          Dismiss
        </Button>
      </span>
    </div>
  );
}
