import { describe, expect, it } from 'vitest';
import { getShortcutCommand, type ShortcutCommand } from './shortcut-commands';
import type { RecordingShortcutAction } from './shortcuts';
import type { RecordingPhase } from './studio-state';

describe('getShortcutCommand', () => {
  it.each<[RecordingShortcutAction, RecordingPhase, boolean, ShortcutCommand | undefined]>([
    ['record', 'ready', true, 'start-countdown'],
    ['record', 'ready', false, undefined],
    ['record', 'countdown', true, 'cancel-countdown'],
    ['record', 'recording', true, 'stop-recording'],
    ['record', 'review', true, 'retake'],
    ['record', 'review', false, 'retake'],
    ['keep', 'review', true, 'keep-take'],
    ['keep', 'ready', true, undefined],
    ['keep', 'countdown', true, undefined],
    ['keep', 'recording', true, undefined],
    ['next', 'ready', true, 'select-next'],
    ['next', 'ready', false, 'select-next'],
    ['next', 'countdown', true, undefined],
    ['next', 'recording', true, undefined],
    ['next', 'review', true, undefined],
    ['previous', 'ready', true, 'select-previous'],
    ['previous', 'recording', true, undefined],
    ['previous', 'review', true, undefined],
    ['cancel', 'countdown', true, 'cancel-countdown'],
    ['cancel', 'ready', true, undefined],
    ['cancel', 'recording', true, undefined],
    ['cancel', 'review', true, undefined],
  ])('%s while %s (can record: %s) -> %s', (action, phase, canRecord, expected) => {
    expect(getShortcutCommand(action, { phase, canRecord })).toBe(expected);
  });
});
