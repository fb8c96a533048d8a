import { describe, expect, it } from 'vitest';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import type { Embedder } from './types.ts';
import { STORYFILE, buildMatcher } from './matcher.fixtures.ts';

describe('embedder seam', () => {
  // A toy embedder that knows "offspring" and "children" mean the same thing.
  const embedder: Embedder = {
    embed(text) {
      const lower = text.toLowerCase();
      const isAboutChildren = /children|kids|offspring/.test(lower);
      return Float32Array.from([isAboutChildren ? 1 : 0, isAboutChildren ? 0 : 1]);
    },
  };

  it('lets an embedding match where no term is shared', () => {
    const lexical = buildMatcher().match('any offspring?');
    const embedded = buildMatcher(STORYFILE, { embedder }).match('any offspring?');
    expect(lexical.decision.kind).toBe('fallback');
    expect(embedded.decision).toEqual({ kind: 'answer', answerId: 'children' });
    expect(embedded.isSemantic).toBe(true);
    expect(buildMatcher(STORYFILE, { embedder }).getEmbeddingState()).toEqual({
      status: 'ready',
      embedder: 'embedder',
      phrasings: expect.any(Number) as number,
    });
  });

  it('scores by words alone while any phrasing or the question has no vector, then with vectors', () => {
    // A lookup of vectors made elsewhere: it knows nothing until they are "computed".
    const known = new Map<string, Float32Array>();
    const lookup: Embedder = { id: 'toy', embed: (text) => known.get(text) };
    const matcher = buildMatcher(STORYFILE, { embedder: lookup });
    const phrasings = STORYFILE.flatMap((answer) => [
      answer.question,
      ...(answer.alternates ?? []),
    ]);
    const lexical = buildMatcher();
    expect(matcher.getEmbeddingState()).toEqual({
      status: 'pending',
      embedder: 'toy',
      missingPhrasings: phrasings.length,
      phrasings: phrasings.length,
    });
    const before = matcher.match('any offspring?');
    expect(before.isSemantic).toBe(false);
    expect(before.decision.kind).toBe('fallback');
    expect(before.threshold).toBe(lexical.getThreshold());
    // Every phrasing and built-in off-topic question gets its vector, the question not yet.
    for (const text of [...phrasings, ...OFF_TOPIC_QUESTIONS]) {
      known.set(text, embedder.embed(text)!);
    }
    expect(matcher.getEmbeddingState().status).toBe('ready');
    expect(matcher.match('any offspring?').isSemantic).toBe(false);
    known.set('any offspring?', embedder.embed('any offspring?')!);
    const after = matcher.match('any offspring?');
    expect(after.isSemantic).toBe(true);
    expect(after.decision).toEqual({ kind: 'answer', answerId: 'children' });
    // The automatic threshold of the scoring with vectors is calibrated on that scoring.
    expect(after.threshold).toBe(matcher.getThreshold());
    expect(after.threshold).not.toBe(lexical.getThreshold());
  });
});

describe('embedding centering, cohesion and the classifier (tuning)', () => {
  // Every vector shares a large component (what a model gives every sentence of one subject); the
  // rest tells children from everything else, and each text apart a little.
  const embedder: Embedder = {
    id: 'shared',
    embed(text) {
      const isAboutChildren = /children|kids|offspring/i.test(text);
      return Float32Array.from([
        5,
        isAboutChildren ? 1 : 0,
        isAboutChildren ? 0 : 1,
        text.length / 100,
      ]);
    },
  };
  const ask = 'any offspring?';

  it('takes off what every phrasing shares: the other answers fall further behind', () => {
    const plain = buildMatcher(STORYFILE, { embedder }).match(ask).candidates;
    const centered = buildMatcher(STORYFILE, {
      embedder,
      tuning: { embeddingCentering: 1 },
    }).match(ask).candidates;
    expect(plain[0]?.answerId).toBe('children');
    expect(centered[0]?.answerId).toBe('children');
    const gap = (candidates: typeof plain) => candidates[0]!.score - (candidates[1]?.score ?? 0);
    expect(gap(centered)).toBeGreaterThan(gap(plain));
  }, 60_000);

  // The classifier (on by default) takes part once every answer has at least two phrasings.
  const LEARNABLE = STORYFILE.filter((answer) => (answer.alternates ?? []).length > 0);

  it('with every answer of two phrasings or more, scores with the classifier and still answers by meaning', () => {
    const plain = buildMatcher(LEARNABLE, { embedder, tuning: { embeddingClassifier: 0 } });
    const learned = buildMatcher(LEARNABLE, { embedder });
    expect(learned.match(ask).decision).toEqual({ kind: 'answer', answerId: 'children' });
    expect(learned.match(ask).candidates.map((candidate) => candidate.score)).not.toEqual(
      plain.match(ask).candidates.map((candidate) => candidate.score),
    );
    // One answer of a single phrasing (a new user's script): cosines alone, as without it.
    const script = [...LEARNABLE, { id: 'advice', question: 'What advice would you give?' }];
    expect(buildMatcher(script, { embedder }).match(ask).candidates).toEqual(
      buildMatcher(script, { embedder, tuning: { embeddingClassifier: 0 } }).match(ask).candidates,
    );
  }, 60_000);

  it.each([
    ['the default classifier', {}],
    ['a linear classifier', { embeddingClassifierMix: 0, embeddingClassifierRidge: 1 }],
  ] as const)(
    'with %s, an edited script scores as the same script built afresh',
    (_, tuning) => {
      const edited = buildMatcher(LEARNABLE, { embedder, tuning });
      edited.match(ask);
      edited.removeAnswer('war');
      edited.upsertAnswer({
        id: 'children',
        question: 'Do you have children?',
        alternates: ['Kids?'],
      });
      edited.upsertAnswer({ id: 'pets', question: 'Do you have pets?', alternates: ['Any dogs?'] });
      const script = [
        ...LEARNABLE.filter((answer) => answer.id !== 'war').map((answer) =>
          answer.id === 'children'
            ? { id: 'children', question: 'Do you have children?', alternates: ['Kids?'] }
            : answer,
        ),
        { id: 'pets', question: 'Do you have pets?', alternates: ['Any dogs?'] },
      ];
      const fresh = buildMatcher(script, { embedder, tuning });
      for (const question of [ask, 'Tell me about your kids', 'Any cats?']) {
        expect(edited.match(question).candidates).toEqual(fresh.match(question).candidates);
      }
      expect(edited.getThreshold()).toBe(fresh.getThreshold());
    },
    60_000,
  );

  it.each([
    ['centering', { embeddingCentering: 1 }],
    ['cohesion', { embeddingCohesion: 0.5 }],
    ['no classifier', { embeddingClassifier: 0 }],
  ] as const)(
    'with %s, an edited script scores as the same script built afresh',
    (_, tuning) => {
      const edited = buildMatcher(STORYFILE, { embedder, tuning });
      edited.match(ask);
      edited.removeAnswer('war');
      edited.upsertAnswer({ id: 'children', question: 'Do you have children?' });
      edited.upsertAnswer({ id: 'pets', question: 'Do you have pets?', alternates: ['Any dogs?'] });
      const script = [
        ...STORYFILE.filter((answer) => answer.id !== 'war').map((answer) =>
          answer.id === 'children' ? { id: 'children', question: 'Do you have children?' } : answer,
        ),
        { id: 'pets', question: 'Do you have pets?', alternates: ['Any dogs?'] },
      ];
      const fresh = buildMatcher(script, { embedder, tuning });
      for (const question of [ask, 'Tell me about your kids', 'Any cats?']) {
        expect(edited.match(question).candidates).toEqual(fresh.match(question).candidates);
      }
      expect(edited.getThreshold()).toBe(fresh.getThreshold());
    },
    60_000,
  );
});
