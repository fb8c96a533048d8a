// bench:spoken-answer's report (bench/spoken-answer.ts): the transports' medians side by side, the
// goal's verdict, and the spoken answers against the typed ones.
import { fixed, median } from '../speech/measures.ts';
import { GOAL_SECONDS, type Transport, type Timing } from './options.ts';
import { type AskDecision } from './page.ts';

/** Every spoken question through one transport (one visitor's page). */
export interface Pass {
  transport: Transport;
  loadBefore: number;
  loadAfter: number;
  timings: Timing[];
}

export type TimingKey = 'endOfSpeech' | 'sent' | 'recognized' | 'asked' | 'chosen' | 'firstFrame';

/** The passes' medians side by side, the goal's verdict, and the answers against typed ones. */
export function printSummary(passes: Pass[], typedAskSeconds: number[]): void {
  const pick = (pass: Pass, key: TimingKey) => median(pass.timings.map((timing) => timing[key]));
  const row = (label: string, cell: (pass: Pass) => string) =>
    console.log(`  ${label.padEnd(28)}${passes.map((pass) => cell(pass).padStart(16)).join('')}`);
  console.log(
    `\nLast word → (median of ${passes[0]?.timings.length ?? 0} spoken questions each, 2 cores)`,
  );
  row('', (pass) => pass.transport);
  row('load average', (pass) => `${fixed(pass.loadBefore)} → ${fixed(pass.loadAfter)}`);
  row('recording sent', (pass) => `${fixed(pick(pass, 'sent'))} s`);
  row('words recognized', (pass) => `${fixed(pick(pass, 'recognized'))} s`);
  row('end of speech decided', (pass) => `${fixed(pick(pass, 'endOfSpeech'))} s`);
  row('ask sent', (pass) => `${fixed(pick(pass, 'asked'))} s`);
  row('answer chosen', (pass) => `${fixed(pick(pass, 'chosen'))} s`);
  row("answer's first frame", (pass) => `${fixed(pick(pass, 'firstFrame'))} s`);
  row(`goal ≤ ${fixed(GOAL_SECONDS, 1)} s`, (pass) =>
    pick(pass, 'firstFrame') <= GOAL_SECONDS ? 'met' : 'NOT met',
  );
  row(
    'the spoken ask alone',
    (pass) => `${fixed(median(pass.timings.map((timing) => timing.chosen - timing.asked)))} s`,
  );
  row(
    "words from the pause's",
    (pass) =>
      `${pass.timings.filter((timing) => timing.recognition === 'speculative').length}/${pass.timings.length}`,
  );
  row(
    'carried as asked',
    (pass) =>
      `${pass.timings.filter((timing) => timing.transport === pass.transport).length}/${pass.timings.length}`,
  );
  console.log(`  (a typed ask alone: ${fixed(median(typedAskSeconds))} s)`);
  for (const group of ['script', 'paraphrase'] as const) {
    for (const outcome of [
      'named as typed',
      'answered wrongly',
      'please repeat',
      'cannot answer',
    ] as const) {
      row(`${group}: ${outcome}`, (pass) => {
        const asked = pass.timings.filter((timing) => timing.group === group);
        return `${asked.filter((timing) => timing.outcome === outcome).length}/${asked.length}`;
      });
    }
  }
}

/** Cannot answer, please repeat, or the question an ask named. */
export function outcomeOf(decision: AskDecision): string {
  if (decision.kind === 'answer') {
    return decision.questionId!;
  }
  return decision.reason === 'off-topic' || decision.reason === 'not-recorded'
    ? 'cannot answer'
    : 'please repeat';
}

/**
 * A spoken question's answer against the same sentence typed: the same question named, or both
 * unable to answer, is named as typed; a typed question is never asked to repeat.
 */
export function compare(spoken: AskDecision, typed: AskDecision): Timing['outcome'] {
  const outcome = outcomeOf(spoken);
  if (outcome === outcomeOf(typed)) {
    return 'named as typed';
  }
  if (spoken.kind === 'answer') {
    return 'answered wrongly';
  }
  return outcome === 'cannot answer' ? 'cannot answer' : 'please repeat';
}
