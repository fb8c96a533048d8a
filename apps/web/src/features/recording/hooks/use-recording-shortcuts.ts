import { useEffect, useEffectEvent } from 'react';
import { getShortcutAction, type RecordingShortcutAction } from '../utils/shortcuts';

/**
 * Calls `onShortcut` for the recording tab's keys pressed anywhere on the page (not while
 * typing or in a dialog). Returning true marks the key as handled.
 */
export function useRecordingShortcuts(
  onShortcut: (action: RecordingShortcutAction) => boolean,
  isEnabled = true,
): void {
  const handle = useEffectEvent((event: KeyboardEvent) => {
    const action = getShortcutAction(event);
    if (action !== undefined && onShortcut(action)) {
      event.preventDefault();
    }
  });
  useEffect(() => {
    if (!isEnabled) {
      return;
    }
    const listener = (event: KeyboardEvent) => handle(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [isEnabled]);
}
