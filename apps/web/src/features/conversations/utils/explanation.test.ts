import { CONFIDENCE_CLASSES } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildQuestionLink,
  CONFIDENCE_DETAILS,
  describeDecision,
  formatScore,
} from './explanation';

describe('answer explanation helpers', () => {
  it('names every confidence class of the matcher', () => {
    expect(CONFIDENCE_CLASSES.map((confidence) => CONFIDENCE_DETAILS[confidence].label)).toEqual([
      'Exact',
      'Paraphrase',
      'Low',
      'Off-topic',
    ]);
  });

  it('describes each decision', () => {
    expect(describeDecision({ kind: 'answer', questionId: 'q' })).toBe('Answered');
    expect(describeDecision({ kind: 'fallback', reason: 'off-topic' })).toBe(
      'Cannot answer (below the threshold)',
    );
    expect(describeDecision({ kind: 'fallback', reason: 'empty' })).toBe(
      'Please repeat (nothing to match)',
    );
    expect(describeDecision({ kind: 'fallback', reason: 'unintelligible' })).toBe(
      'Please repeat (speech not understood)',
    );
    expect(describeDecision({ kind: 'fallback', reason: 'not-recorded', questionId: 'q' })).toBe(
      'Cannot answer (best match not recorded)',
    );
  });

  it('shows scores on the threshold scale with two decimals', () => {
    expect(formatScore(0.18)).toBe('0.18');
    expect(formatScore(0.456)).toBe('0.46');
    expect(formatScore(1)).toBe('1.00');
  });

  it('links a question into the script tab by its anchor', () => {
    expect(buildQuestionLink('s-1', 'q-2')).toBe('/storyfiles/s-1#question-q-2');
  });
});
