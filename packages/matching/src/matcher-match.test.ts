import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLD } from './matcher.ts';
import type { AnswerInput, Confidence } from './types.ts';
import { STORYFILE, CINEMA, buildMatcher } from './matcher.fixtures.ts';

describe('match', () => {
  const matcher = buildMatcher(STORYFILE, { categories: [CINEMA] });

  it.each<{ name: string; question: string; answerId: string; confidence: Confidence }>([
    {
      name: 'exact question',
      question: 'Where were you born?',
      answerId: 'where-born',
      confidence: 'exact',
    },
    {
      name: 'exact alternate',
      question: 'Tell me about your kids',
      answerId: 'children',
      confidence: 'exact',
    },
    {
      name: 'punctuation and case',
      question: 'WHERE   were YOU born???',
      answerId: 'where-born',
      confidence: 'exact',
    },
    {
      name: 'inflection counts as near-exact',
      question: 'what were your first jobs',
      answerId: 'first-job',
      confidence: 'paraphrase',
    },
    {
      name: 'paraphrase',
      question: 'how many children do you have',
      answerId: 'children',
      confidence: 'paraphrase',
    },
    {
      name: 'paraphrase of an alternate',
      question: 'where did you grow up',
      answerId: 'where-born',
      confidence: 'paraphrase',
    },
    {
      name: 'synonym through a category',
      question: 'what is your favorite flick',
      answerId: 'favourite-film',
      confidence: 'paraphrase',
    },
  ])('$name: "$question" → $answerId ($confidence)', ({ question, answerId, confidence }) => {
    const result = matcher.match(question);
    expect(result.decision).toEqual({ kind: 'answer', answerId });
    expect(result.candidates[0]).toMatchObject({ answerId, confidence });
  });

  it.each([
    'What is the capital of Peru?',
    'how do I bake bread',
    'do you like pizza',
    'qwertyuiop asdfgh',
  ])('out of scope: "%s" → fallback', (question) => {
    const result = matcher.match(question);
    expect(result.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });
    for (const candidate of result.candidates) {
      expect(candidate.score).toBeLessThan(DEFAULT_THRESHOLD);
      expect(['low', 'off-topic']).toContain(candidate.confidence);
    }
  });

  it.each(['', '   ', '?!…', '\n\t'])(
    'empty input %j → fallback without candidates',
    (question) => {
      expect(matcher.match(question)).toEqual({
        decision: { kind: 'fallback', reason: 'empty' },
        candidates: [],
        threshold: matcher.getThreshold(),
        isSemantic: false,
        policy: matcher.getDecisionReport().policy,
      });
    },
  );

  it('explains which phrasing and which terms matched', () => {
    const [top] = matcher.match('what is your hometown').candidates;
    expect(top?.matchedPhrasing).toBe("What's your hometown?");
    expect(top?.matchedTerms[0]).toBe('hometown');
    const [film] = matcher.match('best flick you love').candidates;
    expect(film?.matchedTerms).toContain('#Cinema');
  });

  it('ranks candidates by score and honours the limit', () => {
    const { candidates } = matcher.match('tell me about your childhood', { limit: 3 });
    expect(candidates.length).toBeLessThanOrEqual(3);
    const scores = candidates.map((candidate) => candidate.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const score of scores) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    expect(matcher.match('where were you born', { limit: 0 })).toEqual({
      decision: { kind: 'answer', answerId: 'where-born' },
      candidates: [],
      threshold: matcher.getThreshold(),
      isSemantic: false,
      policy: matcher.getDecisionReport().policy,
    });
  });

  // Its speed is the benchmark's to print (npm run bench:matching); the test's limit only bounds
  // a blow-up (a quadratic walk over 10,000 words would pass no limit a test can hold honestly).
  it('handles very long input', () => {
    const long = matcher.match('where were you born '.repeat(2_000));
    const noisy = matcher.match(`${'blah '.repeat(5_000)} where were you born`);
    expect(long.decision).toEqual({ kind: 'answer', answerId: 'where-born' });
    expect(noisy.candidates[0]?.answerId).toBe('where-born');
  });

  it('a category lifts a synonym the stored phrasings never use', () => {
    const withoutCategory = buildMatcher().match('what is your favorite flick').candidates[0];
    const withCategory = matcher.match('what is your favorite flick').candidates[0];
    expect(withCategory?.score).toBeGreaterThan(withoutCategory?.score ?? 1);
  });
});

describe('answers with many alternates', () => {
  const activities = Array.from({ length: 80 }, (_, i) => `activity number ${i}`);
  const crowded: AnswerInput = {
    id: 'hobbies',
    question: 'What do you do in your free time?',
    alternates: activities.map((activity) => `Do you have time for ${activity}?`),
  };
  const matcher = buildMatcher([...STORYFILE.filter((answer) => answer.id !== 'hobbies'), crowded]);

  it.each([
    ['Do you have children?', 'children'],
    ['do you have kids', 'children'],
    ['what was your first job', 'first-job'],
    ['what do you remember about the war', 'war'],
  ])('"%s" still reaches %s', (question, answerId) => {
    expect(matcher.match(question).decision).toEqual({ kind: 'answer', answerId });
  });

  it('its own alternates still match', () => {
    expect(matcher.match('do you have time for activity number 42').decision).toEqual({
      kind: 'answer',
      answerId: 'hobbies',
    });
  });
});

describe('ties', () => {
  const twins: AnswerInput[] = [
    { id: 'b-joke', question: 'Tell me a joke' },
    { id: 'a-joke', question: 'Tell me a joke' },
    { id: 'c-other', question: 'Tell me a story' },
  ];

  it('break by answer id whatever the insertion order', () => {
    const forward = buildMatcher(twins).match('tell me a funny joke please');
    const backward = buildMatcher([...twins].reverse()).match('tell me a funny joke please');
    // "Tell me a story" shares only light words ("tell me a") and is not worth a candidate.
    expect(forward.candidates.map((candidate) => candidate.answerId)).toEqual(['a-joke', 'b-joke']);
    expect(forward.candidates[0]?.score).toBe(forward.candidates[1]?.score);
    expect(backward).toEqual(forward);
  });

  it('give the same result on every call', () => {
    const matcher = buildMatcher(twins);
    const first = matcher.match('Tell me a joke!');
    expect(first.decision).toEqual({ kind: 'answer', answerId: 'a-joke' });
    expect(matcher.match('Tell me a joke!')).toEqual(first);
  });
});
