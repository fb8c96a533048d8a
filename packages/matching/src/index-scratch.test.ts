// Issue 69: a thread's matchers share their per-feature scratch (`index-scratch.ts`) and the
// question's factors (`ensureScratch`). Matchers built, edited and asked interleaved, the larger
// growing the shared arrays between the smaller's calls, answer exactly as each built alone.
import { describe, expect, it } from 'vitest';
import { createMatcher } from './matcher.ts';
import { STORYFILE, buildMatcher } from './matcher.fixtures.ts';
import type { AnswerInput } from './types.ts';

const QUESTIONS = [
  'Where were you born?',
  'what was your favourite film',
  'tell me about your children',
  'did you ever fight in a war',
  'what is the capital of peru',
];

/** A script of other words, so its features outnumber the shared script's and grow the scratch. */
const OTHER: AnswerInput[] = Array.from({ length: 40 }, (_, index) => ({
  id: `other-${index}`,
  question: `Which harbour lighthouse number ${index} guided trawlers past reef ${index * 7}?`,
  alternates: [`Tell me about lighthouse keeper ${index}`],
}));

describe('the scratch a thread\u2019s matchers share', () => {
  it('leaves each matcher answering as it does alone, built and asked in turns', () => {
    /** The shared script built answer by answer, asked between its edits. */
    const buildAsking = (between: (index: number) => void) => {
      const matcher = createMatcher();
      STORYFILE.forEach((answer, index) => {
        matcher.upsertAnswer(answer);
        matcher.match(QUESTIONS[index % QUESTIONS.length]!);
        between(index);
      });
      return matcher;
    };
    const asked = [...QUESTIONS, 'who kept lighthouse 3'];
    // What each answers built alone, asked before any other matcher of the thread was.
    const alone = buildAsking(() => undefined);
    const expected = asked.map((question) => alone.match(question, { limit: 5 }));
    const otherAlone = buildMatcher(OTHER);
    const otherExpected = asked.map((question) => otherAlone.match(question, { limit: 5 }));
    // The other's answers added between the first's edits and questions.
    const second = createMatcher();
    const first = buildAsking((index) => {
      for (const answer of OTHER.slice(index * 5, index * 5 + 5)) {
        second.upsertAnswer(answer);
      }
    });
    for (const answer of OTHER.slice(STORYFILE.length * 5)) {
      second.upsertAnswer(answer);
    }
    asked.forEach((question, index) => {
      // Each asked right after the other was asked something else.
      second.match(asked[(index + 1) % asked.length]!);
      expect(first.match(question, { limit: 5 })).toEqual(expected[index]);
      first.match(asked[(index + 2) % asked.length]!);
      expect(second.match(question, { limit: 5 })).toEqual(otherExpected[index]);
    });
  });
});
