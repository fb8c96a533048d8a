/** Keyboard shortcuts of the recording tab, as the help lists them. */
export const RECORDING_SHORTCUTS = [
  { key: 'R', action: 'record', description: 'Record, stop, or retake' },
  { key: 'K', action: 'keep', description: 'Keep the take' },
  { key: 'N', action: 'next', description: 'Next question' },
  { key: 'P', action: 'previous', description: 'Previous question' },
  { key: 'Esc', action: 'cancel', description: 'Cancel the countdown' },
] as const;
export type RecordingShortcutAction = (typeof RECORDING_SHORTCUTS)[number]['action'];

/** True when keys typed there are text, not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) {
    return false;
  }
  if (target.isContentEditable) {
    return true;
  }
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') {
    return true;
  }
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(type);
  }
  return false;
}

/**
 * The shortcut a key press means, or undefined: none while typing, inside a dialog, with a
 * modifier held, or on auto-repeat (holding R must not start and stop a take).
 */
export function getShortcutAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'repeat' | 'target'>,
): RecordingShortcutAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) {
    return undefined;
  }
  if (isTypingTarget(event.target)) {
    return undefined;
  }
  if (event.target instanceof Element && event.target.closest('[role="dialog"]') !== null) {
    return undefined;
  }
  switch (event.key.toLowerCase()) {
    case 'r':
      return 'record';
    case 'k':
      return 'keep';
    case 'n':
      return 'next';
    case 'p':
      return 'previous';
    case 'escape':
      return 'cancel';
    default:
      return undefined;
  }
}
