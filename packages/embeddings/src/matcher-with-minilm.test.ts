import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSuggestions, createMatcher, OFF_TOPIC_QUESTIONS } from '@conversa/matching';
import { FARM_LIFE_STORYFILE } from '@conversa/matching/fixtures/farm-life-storyfile.ts';
import { listFaqTexts, measureFaqConversa, readFaqSlice } from '@conversa/matching/bench/faq';
import type { FaqResult } from '@conversa/matching/bench/faq';
import { createOnnxSentenceEmbedder, ONNX_SENTENCE_MODELS } from './onnx-sentence.ts';
import { createVectorStore } from './vector-store.ts';

// Issue 64 guarded against breakage (not for tuning): the studio's default sentence model on the
// development benchmark shipped with the matcher (`data/faq-storyfile.json`: 192 answers of one
// question each with their transcripts, 2,625 held-out questions, 600 off-topic), every question
// asked once as the bench asks it, the policy at its automatic point. Floors sit a few points
// under what was measured (2026-11-28, `npm run bench:matching -- --sections faq`: best match
// 67.7%, right in best 3 91.7%, right played 41.3%, wrong played 7.0%, right played or offered
// 85.8%, 85.7% since issue 68's off-topic rule); USE lite's best match was 55.8%, its best 3 81.5%.
const slice = readFaqSlice(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@conversa/matching/package.json')),
    'data/faq-storyfile.json',
  ),
);

describe('the matcher with all-MiniLM-L6-v2 on a new 192-answer storyfile', () => {
  const model = createOnnxSentenceEmbedder(ONNX_SENTENCE_MODELS['all-minilm-l6-v2']);
  const store = createVectorStore(model, { capacity: Number.MAX_SAFE_INTEGER });
  let result: FaqResult;

  beforeAll(async () => {
    await store.ensure([...listFaqTexts(slice), ...OFF_TOPIC_QUESTIONS]);
    result = measureFaqConversa({
      name: 'all-minilm-l6-v2',
      slice,
      options: { embedder: store.matcherEmbedder },
      withTranscripts: true,
    });
  }, 300_000);
  afterAll(() => model.close());

  it('ranks the right answer first for two visitors in three, and among the best 3 for nine in ten', () => {
    expect(result.questions).toBe(2625);
    expect(result.bestMatch).toBeGreaterThan(0.64);
    expect(result.top3).toBeGreaterThan(0.88);
  });

  it('plays the right answer to more than a third of visitors, a wrong one to at most 10%', () => {
    const auto = result.decisions?.points.find((point) => point.playRisk === 'auto')?.counts;
    expect(auto?.inScope).toBe(2625);
    expect(auto!.rightPlayed / auto!.inScope).toBeGreaterThan(0.37);
    expect(auto!.wrongPlayed / auto!.inScope).toBeLessThanOrEqual(0.1);
    expect(auto!.rightPlayedOrOffered / auto!.inScope).toBeGreaterThan(0.82);
    expect(auto!.offTopicPlayed / auto!.offTopic).toBeLessThanOrEqual(0.04);
  });

  it('asks back at most 12% of the off-topic questions (issue 68: 15.2% before, 9.3% measured)', () => {
    const auto = result.decisions?.points.find((point) => point.playRisk === 'auto')?.counts;
    expect(auto!.offTopicOffered / auto!.offTopic).toBeLessThanOrEqual(0.12);
  });
});

// Issue 68: "What is the capital of Australia?" was asked back with "Where were you born?". A
// question nearer the built-in off-topic questions than anything the script says gets the
// fallback; the script's own paraphrases are still played or asked back. The farm-life fixture's
// 26 questions, all recorded, no alternates.
describe('the matcher with all-MiniLM-L6-v2 on questions off its subject', () => {
  const model = createOnnxSentenceEmbedder(ONNX_SENTENCE_MODELS['all-minilm-l6-v2']);
  const store = createVectorStore(model, { capacity: Number.MAX_SAFE_INTEGER });
  const matcher = createMatcher({ embedder: store.matcherEmbedder });
  const offSubject = [
    // The question (one of the built-in off-topic questions the bars are set with).
    'What is the capital of Australia?',
    // In none of the built-in lists; without the rule, asked back with "How did the weather
    // affect your work?" and "What is your favourite animal on the farm?".
    'What is the weather tomorrow?',
    'What is your favourite movie?',
    'Which planet is closest to the sun?',
  ];
  const onSubject: [string, string][] = [
    ['where were you raised', 'grow-up'],
    // Asked back, "Did you keep dairy cows?" among the suggestions.
    ['What breed of cattle did you raise?', 'dairy'],
  ];

  beforeAll(async () => {
    for (const { id, question } of FARM_LIFE_STORYFILE) {
      matcher.upsertAnswer({ id, question });
    }
    await store.ensure([
      ...FARM_LIFE_STORYFILE.map(({ question }) => question),
      ...OFF_TOPIC_QUESTIONS,
      ...offSubject,
      ...onSubject.map(([text]) => text),
    ]);
  }, 300_000);
  afterAll(() => model.close());

  it('asks nothing back of a question nearer the off-topic questions than the script', () => {
    for (const question of offSubject) {
      const result = matcher.match(question);
      expect(result.isSemantic).toBe(true);
      expect({ question, lead: result.offTopicLead! > 0 }).toEqual({ question, lead: true });
      expect({ question, suggestions: chooseSuggestions(result) }).toEqual({
        question,
        suggestions: [],
      });
    }
  });

  it("still plays or asks back the script's paraphrases", () => {
    for (const [question, answerId] of onSubject) {
      const result = matcher.match(question);
      const reached =
        (result.decision.kind === 'answer' && result.decision.answerId === answerId) ||
        chooseSuggestions(result).some((suggestion) => suggestion.answerId === answerId);
      expect({ question, reached }).toEqual({ question, reached: true });
    }
  });
});
