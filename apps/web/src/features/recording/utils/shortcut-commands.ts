import type { RecordingShortcutAction } from './shortcuts';
import type { RecordingPhase } from './studio-state';

/** What a shortcut makes the recording tab do. */
export type ShortcutCommand =
  | 'start-countdown'
  | 'cancel-countdown'
  | 'stop-recording'
  | 'retake'
  | 'keep-take'
  | 'select-next'
  | 'select-previous';

/**
 * What a shortcut does in each phase, or undefined when it does nothing there (the key then
 * keeps its usual meaning). R is the one key for record, cancel, stop and retake, so a person can
 * keep a finger on it; N and P only move while nothing is recorded or waiting to be kept.
 */
export function getShortcutCommand(
  action: RecordingShortcutAction,
  { phase, canRecord }: { phase: RecordingPhase; canRecord: boolean },
): ShortcutCommand | undefined {
  switch (action) {
    case 'record':
      switch (phase) {
        case 'ready':
          return canRecord ? 'start-countdown' : undefined;
        case 'countdown':
          return 'cancel-countdown';
        case 'recording':
          return 'stop-recording';
        case 'review':
          return 'retake';
      }
      break;
    case 'keep':
      return phase === 'review' ? 'keep-take' : undefined;
    case 'next':
      return phase === 'ready' ? 'select-next' : undefined;
    case 'previous':
      return phase === 'ready' ? 'select-previous' : undefined;
    case 'cancel':
      return phase === 'countdown' ? 'cancel-countdown' : undefined;
  }
  return undefined;
}
