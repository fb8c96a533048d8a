// Issue 68: a question nearer the built-in off-topic questions than anything the script says is
// not asked back; a built-in question near the script itself is on the storyfile's subject.
import { describe, expect, it } from 'vitest';
import { createMatcher } from './matcher.ts';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import type { Embedder } from './types.ts';

/** Toy vectors: [person, childhood, trivia, body] directions, chosen per text. */
function toyEmbedder(vectors: Record<string, number[]>): Embedder {
  return {
    id: 'toy',
    embed(text) {
      const known = vectors[text];
      // Every other built-in off-topic question is trivia; any other text, childhood.
      if (known) {
        return Float32Array.from(known);
      }
      return Float32Array.from(OFF_TOPIC_QUESTIONS.includes(text) ? [0, 0, 1, 0] : [0, 1, 0, 0]);
    },
  };
}

describe('offTopicLead', () => {
  const realPerson = OFF_TOPIC_QUESTIONS.find((text) => text === 'are you a real person')!;

  it('is how much nearer the built-in off-topic questions a question is than the script', () => {
    const matcher = createMatcher({
      embedder: toyEmbedder({ 'Is the moon made of cheese?': [0.1, 0, 1, 0] }),
    });
    matcher.upsertAnswer({ id: 'grow-up', question: 'Where did you grow up?' });
    const result = matcher.match('Is the moon made of cheese?');
    expect(result.isSemantic).toBe(true);
    // Trivia [0, 0, 1, 0] against childhood [0, 1, 0, 0]: cosine 0.995 against 0.
    expect(result.offTopicLead).toBeCloseTo(0.995, 3);
  });

  it('leaves out a built-in question the script itself says: it is on the subject here', () => {
    const vectors = {
      [realPerson]: [1, 0, 0, 0],
      'Are you a real person?': [1, 0, 0, 0.5],
      'Are you a machine?': [1, 0, 0, -0.5],
      'Are you human?': [1, 0, 0, 0],
    };
    const matcher = createMatcher({ embedder: toyEmbedder(vectors) });
    matcher.upsertAnswer({ id: 'grow-up', question: 'Where did you grow up?' });
    matcher.upsertAnswer({ id: 'real', question: 'Are you a real person?' });
    // As near as the other: not played, so the question is read for asking back.
    matcher.upsertAnswer({ id: 'machine', question: 'Are you a machine?' });
    // Without the rule: 1 (the built-in "are you a real person") - 0.894 (the phrasings) = 0.106,
    // above the margin. The built-in question is the script's own (0.894 >= 0.6): the nearest left
    // is trivia, at 0.
    expect(matcher.match('Are you human?').offTopicLead).toBeCloseTo(-0.894, 3);
  });
});
