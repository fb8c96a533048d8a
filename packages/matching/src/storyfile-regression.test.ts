// Guards issue 13 against breakage, not for tuning: storyfiles of 30 CLINC150 intents (the copy in
// data/, the benchmark's sampling and seeds) asked half of val, at the automatic threshold. Floors
// and ceilings sit a few points outside what was measured when they were set.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureStoryfiles } from '../bench/storyfile.ts';
import type { EvalItem, IntentDefinition } from '../bench/datasets.ts';

const data = JSON.parse(
  readFileSync(new URL('../data/clinc150.fewshot5.json', import.meta.url), 'utf8'),
) as { intents: IntentDefinition[]; val: EvalItem[] };

// Measured on this slice when set: answered right 0.58, off-topic answered 0.10, OOS answered 0.03.
const ANSWERED_RIGHT_FLOOR = 0.53;
const OFF_TOPIC_ANSWERED_CEILING = 0.14;
const OUT_OF_SCOPE_ANSWERED_CEILING = 0.08;

describe('CLINC150 storyfiles of 30 answers, automatic threshold', () => {
  const result = measureStoryfiles({
    dataset: 'clinc150 val (every 2nd item)',
    intents: data.intents,
    questions: data.val.filter((_, index) => index % 2 === 0),
    size: 30,
    seeds: 3,
    setting: 'auto',
  });

  it('asks every kind of question', () => {
    expect(result.inScope).toBeGreaterThan(500);
    expect(result.offTopic).toBeGreaterThan(3000);
    expect(result.outOfScope).toBe(150);
  });

  it.each([
    ['answered right', () => result.answeredRight / result.inScope, '>', ANSWERED_RIGHT_FLOOR],
    [
      'off-topic answered',
      () => result.offTopicAnswered / result.offTopic,
      '<',
      OFF_TOPIC_ANSWERED_CEILING,
    ],
    [
      'OOS answered',
      () => result.outOfScopeAnswered / result.outOfScope,
      '<',
      OUT_OF_SCOPE_ANSWERED_CEILING,
    ],
  ] as const)('%s %s its bound', (_name, measure, direction, bound) => {
    if (direction === '>') {
      expect(measure()).toBeGreaterThan(bound);
    } else {
      expect(measure()).toBeLessThan(bound);
    }
  });
});
