/**
 * Where the recording studio is: `ready` to record, a 3-2-1 `countdown`, `recording`, or
 * `review` of a finished take waiting to be kept or discarded.
 */
export type RecordingPhase = 'ready' | 'countdown' | 'recording' | 'review';

/**
 * The phase from its sources. The order matters: a countdown started as a retake runs while the
 * old take is cleared, and a stopping recorder already has no take yet.
 */
export function getRecordingPhase({
  isCountingDown,
  isRecorderBusy,
  hasTake,
}: {
  isCountingDown: boolean;
  /** The recorder is recording or stopping. */
  isRecorderBusy: boolean;
  hasTake: boolean;
}): RecordingPhase {
  if (isCountingDown) {
    return 'countdown';
  }
  if (isRecorderBusy) {
    return 'recording';
  }
  return hasTake ? 'review' : 'ready';
}

/** A take is under way: devices stay as they are and no other target may be chosen. */
export function isTakeRunning(phase: RecordingPhase): boolean {
  return phase === 'countdown' || phase === 'recording';
}

/** Why another question cannot be chosen now (shown by the target list), or null when it can. */
export function getTargetLockReason(phase: RecordingPhase): string | null {
  if (phase === 'review') {
    return 'Keep or discard this take before choosing another question.';
  }
  return isTakeRunning(phase) ? 'Stop the recording before choosing another question.' : null;
}

/** The last seconds before the cap turn the timer amber. */
export const CAP_WARNING_MS = 30_000;

/** Whether the recording timer warns that the cap is near. */
export function isNearRecordingCap(elapsedMs: number, capMs: number): boolean {
  return elapsedMs >= capMs - CAP_WARNING_MS;
}

export type StageView = 'take' | 'problem' | 'preview' | 'starting';

/**
 * What fills the video area: the take under review, else a camera problem, else the live camera,
 * else a "starting the camera" note.
 */
export function getStageView({
  phase,
  hasTake,
  hasProblem,
  hasStream,
}: {
  phase: RecordingPhase;
  hasTake: boolean;
  /** The camera failed with a problem to explain. */
  hasProblem: boolean;
  hasStream: boolean;
}): StageView {
  if (phase === 'review' && hasTake) {
    return 'take';
  }
  if (hasProblem) {
    return 'problem';
  }
  return hasStream ? 'preview' : 'starting';
}
