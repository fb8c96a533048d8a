// Build and edit timings of our matcher at scale (the classic section's large case).
import { createMatcher } from '../src/index.ts';
import type { IntentDefinition } from './datasets.ts';
import { pickPercentile } from './evaluate.ts';
import type { IncrementalResult } from './evaluate.ts';

/**
 * Builds our matcher on `answers` three times (median build time), then edits one phrasing of one
 * answer again and again, timing the edit and the first question after it (which pays for the
 * lazily refreshed norms). Questions are asked first so that the timings are of optimised code.
 */
export function measureConversaIncremental(
  answers: readonly IntentDefinition[],
): IncrementalResult {
  const buildTimes: number[] = [];
  const buildCpuTimes: number[] = [];
  let matcher = createMatcher();
  for (let round = 0; round < 3; round++) {
    matcher = createMatcher();
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    for (const answer of answers) {
      const [question = '', ...alternates] = answer.examples;
      matcher.upsertAnswer({ id: answer.id, question, alternates });
    }
    matcher.match('warm up the index');
    buildTimes.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    buildCpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  for (const answer of answers.slice(0, 300)) {
    matcher.match(answer.examples.at(-1) ?? '');
  }
  const target = answers[Math.floor(answers.length / 2)];
  const editTimes: number[] = [];
  const nextQuestionTimes: number[] = [];
  for (let round = 0; round < 21 && target; round++) {
    const [question = '', ...alternates] = target.examples;
    const started = performance.now();
    matcher.upsertAnswer({ id: target.id, question, alternates: [...alternates, `edit ${round}`] });
    const edited = performance.now();
    matcher.match(question);
    nextQuestionTimes.push(performance.now() - edited);
    editTimes.push(edited - started);
  }
  buildTimes.sort((a, b) => a - b);
  buildCpuTimes.sort((a, b) => a - b);
  editTimes.sort((a, b) => a - b);
  nextQuestionTimes.sort((a, b) => a - b);
  return {
    answers: answers.length,
    buildMs: pickPercentile(buildTimes, 0.5),
    buildCpuMs: pickPercentile(buildCpuTimes, 0.5),
    editMs: pickPercentile(editTimes, 0.5),
    nextQuestionMs: pickPercentile(nextQuestionTimes, 0.5),
  };
}
