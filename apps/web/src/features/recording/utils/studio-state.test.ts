import { describe, expect, it } from 'vitest';
import {
  getRecordingPhase,
  getStageView,
  getTargetLockReason,
  isNearRecordingCap,
  isTakeRunning,
  type RecordingPhase,
  type StageView,
} from './studio-state';

describe('getRecordingPhase', () => {
  it.each<[boolean, boolean, boolean, RecordingPhase]>([
    [false, false, false, 'ready'],
    [true, false, false, 'countdown'],
    [true, false, true, 'countdown'],
    [true, true, false, 'countdown'],
    [false, true, false, 'recording'],
    [false, true, true, 'recording'],
    [false, false, true, 'review'],
  ])(
    'counting down %s, recorder busy %s, take %s -> %s',
    (isCountingDown, isRecorderBusy, hasTake, expected) => {
      expect(getRecordingPhase({ isCountingDown, isRecorderBusy, hasTake })).toBe(expected);
    },
  );
});

describe('getTargetLockReason and isTakeRunning', () => {
  it.each<[RecordingPhase, string | null, boolean]>([
    ['ready', null, false],
    ['countdown', 'Stop the recording before choosing another question.', true],
    ['recording', 'Stop the recording before choosing another question.', true],
    ['review', 'Keep or discard this take before choosing another question.', false],
  ])('%s -> %j, running %s', (phase, reason, isRunning) => {
    expect(getTargetLockReason(phase)).toBe(reason);
    expect(isTakeRunning(phase)).toBe(isRunning);
  });
});

describe('isNearRecordingCap', () => {
  const CAP = 600_000;
  it.each([
    [0, false],
    [569_999, false],
    [570_000, true],
    [599_000, true],
    [600_000, true],
  ])('%i ms of a 10-minute cap -> %s', (elapsedMs, expected) => {
    expect(isNearRecordingCap(elapsedMs, CAP)).toBe(expected);
  });
});

describe('getStageView', () => {
  it.each<[RecordingPhase, boolean, boolean, boolean, StageView]>([
    ['review', true, false, true, 'take'],
    ['review', true, true, false, 'take'],
    ['ready', false, true, false, 'problem'],
    ['review', false, true, false, 'problem'],
    ['ready', false, false, true, 'preview'],
    ['recording', false, false, true, 'preview'],
    ['countdown', true, false, true, 'preview'],
    ['ready', false, false, false, 'starting'],
  ])(
    'phase %s, take %s, problem %s, stream %s -> %s',
    (phase, hasTake, hasProblem, hasStream, expected) => {
      expect(getStageView({ phase, hasTake, hasProblem, hasStream })).toBe(expected);
    },
  );
});
