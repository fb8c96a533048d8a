// What a matcher's visitors' log costs in MATCHER_CACHE_MB's estimate (issue 50): each logged
// question its counts and its vector once, never a row of the classifier, which a script's text
// is for every answer.
import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_LOGGED_QUESTION,
  BYTES_PER_VECTOR_ENTRY,
  estimateMatcherHeapBytes,
} from './matcher-bytes.ts';
import type { MatcherSnapshot } from './scorer-protocol.ts';

const vector = () => new Float32Array(512);
const ANSWERS = Array.from({ length: 30 }, (_, i) => ({ id: `a${i}`, question: `Question ${i}?` }));
const SCRIPT: Pick<MatcherSnapshot, 'answers' | 'vectors' | 'visitorQuestions'> = {
  answers: ANSWERS,
  vectors: ANSWERS.map((answer) => [answer.question, vector()]),
  visitorQuestions: [],
};
const LOG = Array.from({ length: 100 }, (_, i) => `what visitor ${i} asked`);

describe("the visitors' log in a matcher's estimated bytes", () => {
  it('counts each logged question and its vector once, not as a row of the classifier', () => {
    const withLog = estimateMatcherHeapBytes({
      ...SCRIPT,
      vectors: [...SCRIPT.vectors, ...LOG.map((text): [string, Float32Array] => [text, vector()])],
      visitorQuestions: LOG,
    });
    const perQuestion = BYTES_PER_LOGGED_QUESTION + 512 * 4 + BYTES_PER_VECTOR_ENTRY;
    expect(withLog - estimateMatcherHeapBytes(SCRIPT)).toBe(LOG.length * perQuestion);
  });

  it("counts a script's question a visitor asked as it is as the script's", () => {
    const asked = estimateMatcherHeapBytes({ ...SCRIPT, visitorQuestions: [ANSWERS[0]!.question] });
    expect(asked - estimateMatcherHeapBytes(SCRIPT)).toBe(BYTES_PER_LOGGED_QUESTION);
  });
});
