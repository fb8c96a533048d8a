import { describe, expect, it } from 'vitest';
import { createQuestionBreaker, SLOW_QUESTIONS_TO_TRIP } from './question-breaker.ts';

// Issue 67, item 2: "Once questions time out, stop waiting (a circuit breaker: answer by words at
// once, try the model again in the background)."

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('the sentence model breaker of visitors questions', () => {
  it(`opens after ${SLOW_QUESTIONS_TO_TRIP} questions in a row missed the bound, not before`, () => {
    const opened: number[] = [];
    const breaker = createQuestionBreaker({
      waitMs: 2_000,
      onOpen: (slow) => opened.push(slow),
      now: () => Date.parse('2026-11-28T05:00:00Z'),
    });
    breaker.noteSlow();
    breaker.noteSlow();
    breaker.noteInTime();
    breaker.noteSlow();
    breaker.noteSlow();
    expect(breaker.isOpen()).toBe(false);
    breaker.noteSlow();
    expect(breaker.isOpen()).toBe(true);
    expect(opened).toEqual([3]);
    expect(breaker.report()).toEqual({ since: '2026-11-28T05:00:00.000Z', slowQuestions: 3 });
    expect(breaker.slowQuestionsTotal()).toBe(5);
  });

  it('tries the model with one question at a time while open, and closes when one comes in time', async () => {
    let clock = 0;
    const closed: number[] = [];
    const breaker = createQuestionBreaker({
      waitMs: 2_000,
      now: () => clock,
      onClose: (degraded) => closed.push(degraded.slowQuestions),
    });
    for (let i = 0; i < SLOW_QUESTIONS_TO_TRIP; i++) {
      breaker.noteSlow();
    }
    // A probe that takes longer than the bound keeps it open, and counts as slow.
    const slow = deferred();
    let calls = 0;
    breaker.probe(() => {
      calls++;
      return slow.promise;
    });
    breaker.probe(() => {
      calls++;
      return Promise.resolve();
    });
    expect(calls).toBe(1);
    clock += 2_500;
    slow.resolve();
    await slow.promise;
    await Promise.resolve();
    expect(breaker.isOpen()).toBe(true);
    expect(breaker.report()?.slowQuestions).toBe(4);

    // The next question comes back in time: questions wait for their vectors again.
    const quick = deferred();
    breaker.probe(() => quick.promise);
    clock += 40;
    quick.resolve();
    await quick.promise;
    await Promise.resolve();
    expect(breaker.isOpen()).toBe(false);
    expect(breaker.report()).toBeNull();
    expect(closed).toEqual([4]);
  });

  it('probes nothing while closed', () => {
    const breaker = createQuestionBreaker({ waitMs: 2_000 });
    let calls = 0;
    breaker.probe(() => {
      calls++;
      return Promise.resolve();
    });
    expect(calls).toBe(0);
  });
});
