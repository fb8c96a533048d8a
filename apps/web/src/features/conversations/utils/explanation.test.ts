import { CONFIDENCE_CLASSES } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { buildQuestionLink, CONFIDENCE_DETAILS, describeDecision } from './explanation';

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

  // Issue 68, item 5: every "Did you mean…?" read "Cannot answer (below the threshold)".
  it('describes a question asked back as asked back, unless its best match is not recorded', () => {
    expect(describeDecision({ kind: 'fallback', reason: 'off-topic' }, 'did-you-mean')).toBe(
      'Asked back: not sure enough to play an answer',
    );
    expect(
      describeDecision(
        { kind: 'fallback', reason: 'not-recorded', questionId: 'q' },
        'did-you-mean',
      ),
    ).toBe('Cannot answer (best match not recorded)');
    expect(describeDecision({ kind: 'fallback', reason: 'off-topic' }, 'topics-and-starters')).toBe(
      'Cannot answer (below the threshold)',
    );
  });

  it('links a question into the script tab by its anchor', () => {
    expect(buildQuestionLink('s-1', 'q-2')).toBe('/storyfiles/s-1#question-q-2');
  });
});
