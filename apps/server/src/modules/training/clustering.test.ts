import { describe, expect, it } from 'vitest';
import type { Category, Embedder } from '@conversa/matching';
import {
  clusterQuestions,
  createClusterCache,
  getDecayedWeight,
  getSignalWeight,
  type QuestionGroup,
} from './clustering.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

function group(text: string, fields: Partial<QuestionGroup> = {}): QuestionGroup {
  return {
    key: text.toLowerCase(),
    text,
    count: 1,
    visitorKeys: ['visitor:a'],
    firstSeen: daysAgo(1),
    lastSeen: daysAgo(1),
    rank: 2,
    entryIds: [`id-${text}`],
    ...fields,
  };
}

describe('getSignalWeight (issue 14: thumbs down 3, fallback 2, low 1)', () => {
  it.each([
    [{ isThumbsDown: true, isFallback: true, isLow: true }, 3],
    [{ isThumbsDown: true, isFallback: false, isLow: false }, 3],
    [{ isThumbsDown: false, isFallback: true, isLow: true }, 2],
    [{ isThumbsDown: false, isFallback: false, isLow: true }, 1],
    [{ isThumbsDown: false, isFallback: false, isLow: false }, 0],
  ])('%o weighs %d', (signal, weight) => {
    expect(getSignalWeight(signal)).toBe(weight);
  });
});

describe('getDecayedWeight', () => {
  it.each([
    [2, 0, 2],
    [2, 7, 1],
    [3, 14, 0.75],
    [1, 21, 0.125],
  ])('weight %d asked %d days ago counts %d', (weight, days, expected) => {
    expect(getDecayedWeight(weight, daysAgo(days), NOW)).toBeCloseTo(expected, 10);
  });

  it('never counts a question from the future as more than its weight', () => {
    expect(getDecayedWeight(2, new Date(NOW.getTime() + 86_400_000), NOW)).toBe(2);
  });

  it('ranks one fresh thumbs down above two fallbacks a fortnight old', () => {
    const fresh = getDecayedWeight(3, daysAgo(0), NOW);
    const old = 2 * getDecayedWeight(2, daysAgo(14), NOW);
    expect(fresh).toBeGreaterThan(old);
  });
});

describe('clusterQuestions', () => {
  it('puts paraphrases in one group and a different question in another', () => {
    const clusters = clusterQuestions([
      group('What crops did you grow on the farm?', { rank: 3 }),
      group('Which crops did you grow on your farm?', {
        visitorKeys: ['visitor:b'],
        firstSeen: daysAgo(5),
      }),
      group('what crops were grown on the farm', {
        visitorKeys: ['visitor:a'],
        lastSeen: daysAgo(0),
      }),
      group('Do you like jazz music?', { rank: 1 }),
    ]);
    expect(clusters).toHaveLength(2);
    const [crops, jazz] = clusters;
    expect(crops).toMatchObject({
      representative: 'What crops did you grow on the farm?',
      count: 3,
      visitors: 2,
      rank: 7,
      firstSeen: daysAgo(5),
      lastSeen: daysAgo(0),
    });
    expect(crops!.entryIds).toHaveLength(3);
    expect(jazz).toMatchObject({ representative: 'Do you like jazz music?', count: 1, rank: 1 });
  });

  it('sorts groups by rank, the strongest first, and takes its representative from the strongest question', () => {
    const clusters = clusterQuestions([
      group('Do you like jazz music?', { rank: 0.5 }),
      group('Why did you leave the city?', { rank: 4 }),
    ]);
    expect(clusters.map((cluster) => cluster.representative)).toEqual([
      'Why did you leave the city?',
      'Do you like jazz music?',
    ]);
  });

  it('keeps questions that share only a function word, or one topic word, apart', () => {
    expect(clusterQuestions([group('How old are you?'), group('How are you today?')])).toHaveLength(
      2,
    );
    expect(
      clusterQuestions([
        group('What crops did you grow on the farm?'),
        group('How big was your farm?'),
      ]),
    ).toHaveLength(2);
  });

  it('answers nothing for nothing', () => {
    expect(clusterQuestions([])).toEqual([]);
  });
});

describe('clusterQuestions, order of arrival', () => {
  it('gathers paraphrases of paraphrases whatever order they rank in', () => {
    const texts = [
      'what crops were grown on the farm',
      'Do you like jazz music?',
      'Which crops did you grow on your farm?',
      'What crops did you grow on the farm?',
    ];
    for (let shift = 0; shift < texts.length; shift += 1) {
      const rotated = [...texts.slice(shift), ...texts.slice(0, shift)];
      const clusters = clusterQuestions(
        rotated.map((text, index) => group(text, { rank: 10 - index })),
      );
      expect(clusters.map((cluster) => cluster.count).sort()).toEqual([1, 3]);
    }
  });
});

describe('clusterQuestions, the Playwright flow’s paraphrases', () => {
  it('puts three ways of asking about a career in one group', () => {
    const clusters = clusterQuestions([
      group('How did you start your career?', { rank: 2.0 }),
      group('How did your career begin?', { rank: 1.9 }),
      group('Tell me how your career started', { rank: 1.8 }),
    ]);
    expect(clusters.map((cluster) => cluster.count)).toEqual([3]);
  });
});

describe('createClusterCache', () => {
  const groups = [
    group('What crops did you grow on the farm?', { rank: 3 }),
    group('Which crops did you grow on your farm?', { visitorKeys: ['visitor:b'] }),
    group('what crops were grown on the farm', { rank: 1.5 }),
    group('Do you like jazz music?', { rank: 1 }),
  ];

  it('answers what clusterQuestions answers, first and when reused', () => {
    const cache = createClusterCache();
    expect(cache.cluster('storyfile-1', groups)).toEqual(clusterQuestions(groups));
    // A day later every rank has decayed alike and one more visitor asked about jazz: the order
    // holds, so the membership is reused, with today's figures.
    const later = groups.map((item) => ({
      ...item,
      rank: item.rank / 2,
      ...(item.text.includes('jazz')
        ? { count: 2, visitorKeys: ['visitor:a', 'visitor:c'], entryIds: ['j1', 'j2'] }
        : {}),
    }));
    const reused = cache.cluster('storyfile-1', later);
    expect(reused).toEqual(clusterQuestions(later));
    expect(reused.find((cluster) => cluster.representative.includes('jazz'))).toMatchObject({
      count: 2,
      visitors: 2,
      entryIds: ['j1', 'j2'],
    });
  });

  it('works the membership out again when a new question arrives', () => {
    const cache = createClusterCache();
    cache.cluster('storyfile-1', groups);
    const more = [...groups, group('Which jazz music did you like?', { rank: 0.5 })];
    const clusters = cache.cluster('storyfile-1', more);
    expect(clusters).toEqual(clusterQuestions(more));
    expect(clusters.map((cluster) => cluster.count)).toEqual([3, 2]);
  });
});

describe('clustering with the storyfile matcher’s categories and embedder', () => {
  const texts = (clusters: { questions: { text: string }[] }[]) =>
    clusters.map((cluster) => cluster.questions.map((question) => question.text).sort());
  const CARS: Category = { id: 'cars', name: 'Cars', phrases: ['automobile', 'car'] };
  const byCar = [
    group('Tell me about your automobile', { rank: 3 }),
    group('Tell me about your car', { rank: 2 }),
    group('Do you like jazz music?', { rank: 1 }),
  ];

  it('puts two questions that differ only by a category’s phrases in one group', () => {
    expect(texts(clusterQuestions(byCar))).toEqual([
      ['Tell me about your automobile'],
      ['Tell me about your car'],
      ['Do you like jazz music?'],
    ]);
    expect(texts(clusterQuestions(byCar, { categories: [CARS] }))).toEqual([
      ['Tell me about your automobile', 'Tell me about your car'],
      ['Do you like jazz music?'],
    ]);
  });

  /**
   * A stand-in for a sentence-embedding model (the seam is tested, not a model): one dimension per
   * idea, so "children" and "offspring" point the same way with no word in common. It records
   * what it was asked to embed.
   */
  function createToyEmbedder() {
    const embedded: string[] = [];
    const embedder: Embedder = {
      embed(text) {
        embedded.push(text);
        const lower = text.toLowerCase();
        return Float32Array.from([
          /children|kids|offspring/.test(lower) ? 1 : 0,
          /jazz|music|song/.test(lower) ? 1 : 0,
        ]);
      },
    };
    return { embedder, embedded };
  }
  const byFamily = [
    group('Do you have any children?', { rank: 3 }),
    group('Any offspring at all?', { rank: 2 }),
    group('Do you like jazz music?', { rank: 1 }),
  ];

  it('blends the embedder in as the matcher does: questions with no word in common can group', () => {
    const { embedder, embedded } = createToyEmbedder();
    expect(texts(clusterQuestions(byFamily))).toHaveLength(3);
    expect(texts(clusterQuestions(byFamily, { embedder }))).toEqual([
      ['Any offspring at all?', 'Do you have any children?'],
      ['Do you like jazz music?'],
    ]);
    expect(new Set(embedded)).toEqual(new Set(byFamily.map((item) => item.text)));
  });

  // Issue 28: one shared word ("recommend") grouped two unrelated requests by words alone.
  const PIZZA = 'Can you recommend a good pizza place?';
  const BOOKS = 'What books do you recommend?';
  const byRecommend = [
    group(PIZZA, { rank: 3 }),
    group(BOOKS, { rank: 2 }),
    group('Where can I get a decent pizza around here?', { rank: 1 }),
  ];
  /**
   * One dimension per idea (food, reading, asking for a recommendation), as a sentence model
   * places these questions: the two requests for a recommendation half alike (cosine 0.5), the two
   * pizza questions close (0.88).
   */
  const byIdea: Embedder = {
    embed(text) {
      const lower = text.toLowerCase();
      return Float32Array.from([
        /pizza|restaurant|eat/.test(lower) ? 1 : 0,
        /books?|read/.test(lower) ? 1 : 0,
        /recommend/.test(lower) ? 1 : 0.3,
      ]);
    },
  };

  it('groups by meaning with the embedder in force: half alike in meaning is not one group', () => {
    expect(texts(clusterQuestions(byRecommend, { embedder: byIdea }))).toEqual([
      [PIZZA, 'Where can I get a decent pizza around here?'],
      [BOOKS],
    ]);
  });

  it('places a question the embedder has no vector for yet by its words', () => {
    const partial: Embedder = {
      embed: (text) => (text === BOOKS ? undefined : byIdea.embed(text)),
    };
    expect(texts(clusterQuestions(byRecommend, { embedder: partial }))).toEqual([
      [PIZZA, 'Where can I get a decent pizza around here?'],
      [BOOKS],
    ]);
  });

  it('caches per categories and embedder: a change works the membership out again', () => {
    const cache = createClusterCache();
    expect(cache.cluster('storyfile-1', byCar)).toHaveLength(3);
    expect(cache.cluster('storyfile-1', byCar, { categories: [CARS] })).toEqual(
      clusterQuestions(byCar, { categories: [CARS] }),
    );
    expect(cache.cluster('storyfile-1', byCar, { categories: [CARS] })).toHaveLength(2);
    expect(cache.cluster('storyfile-1', byCar)).toHaveLength(3);

    const { embedder, embedded } = createToyEmbedder();
    expect(cache.cluster('storyfile-2', byFamily)).toHaveLength(3);
    expect(cache.cluster('storyfile-2', byFamily, { embedder })).toHaveLength(2);
    const calls = embedded.length;
    // Unchanged groups, categories and embedder: the membership is reused, nothing embedded.
    expect(cache.cluster('storyfile-2', byFamily, { embedder })).toHaveLength(2);
    expect(embedded).toHaveLength(calls);
  });
});
