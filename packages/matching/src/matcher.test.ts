import { describe, expect, it } from 'vitest';
import { createMatcher, DEFAULT_THRESHOLD } from './matcher.ts';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import type { Matcher } from './matcher.ts';
import type { AnswerInput, Category, Confidence, Embedder } from './types.ts';

const STORYFILE: AnswerInput[] = [
  {
    id: 'where-born',
    question: 'Where were you born?',
    alternates: ["What's your hometown?", 'Which city did you grow up in?'],
  },
  {
    id: 'first-job',
    question: 'What was your first job?',
    alternates: ['How did you start your career?'],
  },
  {
    id: 'favourite-film',
    question: 'What is your favourite movie?',
    alternates: ['Which film do you love the most?'],
  },
  {
    id: 'children',
    question: 'Do you have children?',
    alternates: ['Tell me about your kids', 'How many kids do you have?'],
  },
  { id: 'advice', question: 'What advice would you give to young people?' },
  {
    id: 'hobbies',
    question: 'What do you do in your free time?',
    alternates: ['What are your hobbies?'],
  },
  {
    id: 'war',
    question: 'What do you remember about the war?',
    alternates: ['Tell me about your time in the army'],
  },
];

const CINEMA: Category = {
  id: 'cinema',
  name: 'Cinema',
  phrases: ['movie', 'film', 'motion picture', 'flick'],
};

function buildMatcher(
  answers: readonly AnswerInput[] = STORYFILE,
  options: Parameters<typeof createMatcher>[0] = {},
): Matcher {
  const matcher = createMatcher(options);
  for (const answer of answers) {
    matcher.upsertAnswer(answer);
  }
  return matcher;
}

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
        offerAt: DEFAULT_THRESHOLD,
        tieMargin: 0.04,
        spread: 0.5,
      },
    });
  });
});

describe('threshold', () => {
  it.each([
    [0, 'answer'],
    [0.99, 'fallback'],
  ])('a storyfile threshold of %s decides "%s"', (threshold, kind) => {
    const matcher = buildMatcher(STORYFILE, { threshold });
    expect(matcher.match('where did you grow up').decision.kind).toBe(kind);
  });

  it.each<[number, Confidence]>([
    [0.4, 'paraphrase'],
    [0.7, 'low'],
    [0.99, 'off-topic'],
  ])('at threshold %s a 0.47 match (no contrast) is %s', (threshold, confidence) => {
    const matcher = buildMatcher(STORYFILE, { threshold, tuning: { contrastWeight: 0 } });
    const [top] = matcher.match('where did you grow up').candidates;
    expect(top?.score).toBeCloseTo(0.47, 2);
    expect(top?.confidence).toBe(confidence);
  });

  it.each([0, 0.5, 1])(
    'contrast %s: the best gains weight × its lead over the second, the others lose their gap to the first, the order stays',
    (contrastWeight) => {
      const raw = buildMatcher(STORYFILE, { threshold: 0, tuning: { contrastWeight: 0 } });
      const contrasted = buildMatcher(STORYFILE, { threshold: 0, tuning: { contrastWeight } });
      const question = 'which city do you have kids in';
      const before = raw.match(question).candidates;
      const after = contrasted.match(question).candidates;
      expect(before.length).toBeGreaterThanOrEqual(3);
      expect(after.map((candidate) => candidate.answerId)).toEqual(
        before.map((candidate) => candidate.answerId),
      );
      const [first, second] = before.map((candidate) => candidate.score);
      after.forEach((candidate, i) => {
        const score = before[i]!.score;
        const other = i === 0 ? second! : first!;
        const expected = Math.min(1, Math.max(0, score + contrastWeight * (score - other)));
        expect(candidate.score).toBeCloseTo(expected, 5);
      });
    },
  );

  it.each([-0.1, 1.5, Number.NaN])('rejects %s', (threshold) => {
    expect(() => createMatcher({ threshold })).toThrow(RangeError);
    expect(() => createMatcher().setThreshold(threshold)).toThrow(RangeError);
  });

  it('can be changed on a live matcher', () => {
    const matcher = buildMatcher();
    matcher.setThreshold(0.5);
    expect(matcher.getThreshold()).toBe(0.5);
  });
});

describe('automatic threshold on a large script', () => {
  // 500 answers × 2 phrasings: at RECALIBRATION_MIN_PHRASINGS, so 1% (10 phrasings) may drift.
  const TOPICS = ['garden', 'violin', 'harbor', 'orchard', 'railway', 'bakery', 'glacier', 'chess'];
  const DETAILS = ['first', 'last', 'best', 'worst', 'early', 'late', 'happy', 'strange', 'quiet'];
  const script: AnswerInput[] = Array.from({ length: 500 }, (_, index) => {
    const topic = TOPICS[index % TOPICS.length]!;
    const detail = DETAILS[Math.floor(index / TOPICS.length) % DETAILS.length]!;
    return {
      id: `answer-${String(index).padStart(3, '0')}`,
      question: `What was the ${detail} ${topic} number ${index}?`,
      alternates: [`Tell me the ${detail} ${topic} story ${index}`],
    };
  });
  const withAlternates = (answer: AnswerInput, extra: string[]): AnswerInput => ({
    ...answer,
    alternates: [...(answer.alternates ?? []), ...extra],
  });

  it(
    'keeps its calibration through a small review round (the new phrasing answers at once), and ' +
      'recalibrates as a fresh build would once edits pass 1% of the phrasings',
    () => {
      const matcher = buildMatcher(script);
      const report = matcher.getThresholdReport();
      expect(report.source).toBe('auto');
      const edited = withAlternates(script[0]!, ['what about the zeppelin', 'any zeppelin tales']);
      matcher.upsertAnswer(edited);
      expect(matcher.match('what about the zeppelin').decision).toEqual({
        kind: 'answer',
        answerId: 'answer-000',
      });
      expect(matcher.getThresholdReport()).toBe(report);
      // A trial change undone (the preview) leaves no drift either.
      matcher.upsertAnswer(withAlternates(script[1]!, ['a trial phrasing about kites']));
      matcher.upsertAnswer(script[1]!);
      expect(matcher.getThresholdReport()).toBe(report);
      // Nine more phrasings: 11 differ from the calibrated script, past its budget of 10.
      const more = script
        .slice(2, 11)
        .map((answer, index) => withAlternates(answer, [`an airship question ${index}`]));
      more.forEach((answer) => matcher.upsertAnswer(answer));
      const recalibrated = matcher.getThresholdReport();
      expect(recalibrated).not.toBe(report);
      const fresh = buildMatcher([edited, script[1]!, ...more, ...script.slice(11)]);
      expect(recalibrated).toEqual(fresh.getThresholdReport());
    },
    120_000,
  );

  it('recalibrates after new categories whatever the drift', () => {
    const matcher = buildMatcher(script);
    const report = matcher.getThresholdReport();
    matcher.setCategories([{ id: 'music', name: 'music', phrases: ['violin', 'fiddle'] }]);
    expect(matcher.getThresholdReport()).not.toBe(report);
  }, 120_000);
});

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

/** Small deterministic PRNG (mulberry32) so the randomised test is reproducible. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
