// A scorer worker that fails the way a real one can (scorer-pool.test.ts): SCORER_FAULT names the
// fault and SCORER_FAULT_MARKER a marker file (a worker thread starts with a copy of the test's
// environment). `hang-once`: the first task of the pool blocks its thread and never
// answers; `exit-once`: the first task ends its thread; `always-exit`: every task does. The
// marker is made by the first task (only one worker can create it), later ones score for real;
// `exit-on-word`: the first task asking EXIT_WORD ends its thread (after others were scored).
import { closeSync, openSync } from 'node:fs';
import scoreQuestions from './scorer-worker.ts';
import type { ScoreTask } from './scorer-protocol.ts';

const fault = process.env.SCORER_FAULT;
/** A question with this word ends its thread once (`exit-on-word`). */
export const EXIT_WORD = 'exit-the-scorer-thread';
const marker = process.env.SCORER_FAULT_MARKER!;

function isFirstTask(): boolean {
  try {
    closeSync(openSync(marker, 'wx'));
    return true;
  } catch {
    return false;
  }
}

export default function faultyScoreQuestions(task: ScoreTask) {
  const asksExit = task.questions.some(({ text }) => text.includes(EXIT_WORD));
  if (
    fault === 'always-exit' ||
    (fault === 'exit-once' && isFirstTask()) ||
    (fault === 'exit-on-word' && asksExit && isFirstTask())
  ) {
    process.exit(1);
  }
  if (fault === 'hang-once' && isFirstTask()) {
    // Blocked for good (no CPU spent): only ending the thread stops it.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  }
  return scoreQuestions(task);
}
