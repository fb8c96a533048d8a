import { describe, expect, it } from 'vitest';
import { createMatcher, DEFAULT_THRESHOLD } from './matcher.ts';
import type { AnswerInput } from './types.ts';
import { STORYFILE, CINEMA, buildMatcher, createRandom } from './matcher.fixtures.ts';

describe('incremental updates', () => {
  it('an edited phrasing replaces the old one', () => {
    const matcher = buildMatcher();
    matcher.upsertAnswer({
      id: 'war',
      question: 'What do you remember about the war?',
      alternates: ['What was it like to be a sailor?'],
    });
    expect(matcher.match('Tell me about your time in the army').candidates[0]?.confidence).not.toBe(
      'exact',
    );
    expect(matcher.match('what was it like being a sailor').decision).toEqual({
      kind: 'answer',
      answerId: 'war',
    });
  });

  it('a removed answer is never returned', () => {
    const matcher = buildMatcher();
    expect(matcher.removeAnswer('children')).toBe(true);
    expect(matcher.removeAnswer('children')).toBe(false);
    expect(matcher.hasAnswer('children')).toBe(false);
    expect(matcher.countAnswers()).toBe(STORYFILE.length - 1);
    const { candidates } = matcher.match('Do you have children?');
    expect(candidates.map((candidate) => candidate.answerId)).not.toContain('children');
  });

  it('gives the same scores as an index built from scratch', () => {
    const random = createRandom(7);
    const words =
      'born city job career film kids war army advice people time free love music book dog travel food school friend'.split(
        ' ',
      );
    const phrase = () =>
      Array.from(
        { length: 3 + Math.floor(random() * 5) },
        () => words[Math.floor(random() * words.length)],
      ).join(' ');
    const answers = new Map<string, AnswerInput>();
    const edited = createMatcher();
    for (let step = 0; step < 300; step++) {
      const id = `answer-${Math.floor(random() * 40)}`;
      if (random() < 0.15) {
        answers.delete(id);
        edited.removeAnswer(id);
      } else {
        const answer = {
          id,
          question: phrase(),
          alternates: Array.from({ length: Math.floor(random() * 4) }, phrase),
        };
        answers.set(id, answer);
        edited.upsertAnswer(answer);
      }
      if (step % 25 === 0) {
        edited.match(phrase());
      }
    }
    const fresh = buildMatcher([...answers.values()]);
    for (let i = 0; i < 30; i++) {
      const question = phrase();
      expect(edited.match(question, { limit: 10 })).toEqual(fresh.match(question, { limit: 10 }));
    }
  });

  it('setCategories re-indexes stored phrasings', () => {
    const matcher = buildMatcher();
    const before = matcher.match('what is your favorite flick').candidates[0]?.score ?? 0;
    matcher.setCategories([CINEMA]);
    const after = matcher.match('what is your favorite flick').candidates[0];
    expect(after?.answerId).toBe('favourite-film');
    expect(after?.score).toBeGreaterThan(before);
  });

  it('an empty matcher falls back', () => {
    expect(createMatcher().match('hello')).toEqual({
      decision: { kind: 'fallback', reason: 'off-topic' },
      candidates: [],
      threshold: DEFAULT_THRESHOLD,
      isSemantic: false,
      // Nothing to calibrate on: play and offer at the threshold.
      policy: {
        playAt: DEFAULT_THRESHOLD,
        sureAt: DEFAULT_THRESHOLD,
        offerAt: DEFAULT_THRESHOLD,
        offerBesideAt: DEFAULT_THRESHOLD / 2,
        tieMargin: 0.04,
        leadWeight: 2,
        minPlayScore: DEFAULT_THRESHOLD,
      },
    });
  });
});
