// Issue 51 item 3: the ask is a pipeline. Whatever way a question goes (typed or spoken, answered
// or falling back, a pressed suggestion, a story's start or choice), it enters every stage of
// ARCHITECTURE.md once, in order: the trace askStoryfile records as it enters them. A shortcut (a
// stage that ends the ask by itself, or calls another) would leave a stage out or enter one twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InkVersion } from '@conversa/contracts';
import { ignoredQuestions, storyfileVocabulary } from '../../training/index.ts';
import type { AskInput } from '../ask.types.ts';
import { createConversationEngine, type ConversationEngine } from '../engine.ts';
import { askStoryfile, ASK_STAGES, type AskStage } from './ask.ts';
import { startTestStudio, type TestStudio } from '../../../../test/studio.ts';
import { buildMember, buildNamespace } from '../../../../test/storyfile.fixtures.ts';
import type { ApiClient } from '../../../../test/storyfile.fixtures.ts';
import {
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../../test/conversation.fixtures.ts';

const MOVIE = 'What is your favourite movie?';
const JOB = 'What do you do for a living?';
const BORN = 'Where were you born?';
const NONSENSE = 'zxqv plorth wimble snark';

let studio: TestStudio;
let editor: ApiClient;
let engine: ConversationEngine;
let plain: SeededStoryfile;
let storied: SeededStoryfile;

beforeAll(async () => {
  studio = await startTestStudio();
  const namespaceId = await buildNamespace(studio, 'pipeline');
  editor = await buildMember(studio, 'editor@pipeline.test', { pipeline: 'owner:ns' });
  engine = await createConversationEngine(studio.database.db, {
    mediaUrlTtlSeconds: 60,
    metrics: { countAsk: () => undefined },
    ignores: ignoredQuestions,
    vocabulary: storyfileVocabulary,
  });
  plain = await seedStoryfileWithAnswers(studio, editor, namespaceId);
  storied = await seedStoryfileWithAnswers(studio, editor, namespaceId);
  const version = await editor.expectStatus<InkVersion>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storied.id}/ink-story/versions`,
    {
      source: `Hello! # clip: intro
* [Tell me about your work] -> work
== work
# answer: ${storied.questions[JOB]}
-> END
`,
    },
  );
  await editor.expectStatus(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storied.id}/ink-story/versions/${version.number}/publish`,
  );
});

afterAll(async () => {
  await studio?.stop();
});

/** Asks, and records the stages the ask entered. */
async function traceAsk(storyfile: SeededStoryfile, input: Partial<AskInput>) {
  const stages: AskStage[] = [];
  const outcome = await askStoryfile(
    engine,
    {
      storyfileId: storyfile.id,
      channel: 'studio',
      visitorKey: 'user:pipeline',
      text: '',
      inputMode: 'typed',
      ...input,
    },
    { onStage: (stage) => stages.push(stage) },
  );
  return { stages, outcome };
}

describe('askStoryfile enters every stage once, in order', () => {
  it('names the stages of ARCHITECTURE.md', () => {
    expect(ASK_STAGES).toEqual([
      'question',
      'story choice',
      'reading choice',
      'match',
      'clarify',
      'media',
      'log',
    ]);
  });

  it('for a typed question, answered or falling back', async () => {
    const answered = await traceAsk(plain, { text: 'which film do you love most?' });
    expect(answered.outcome.decision).toEqual({
      kind: 'answer',
      questionId: plain.questions[MOVIE],
    });
    expect(answered.stages).toEqual(ASK_STAGES);

    const fallback = await traceAsk(plain, { text: NONSENSE });
    expect(fallback.outcome.decision.kind).toBe('fallback');
    expect(fallback.stages).toEqual(ASK_STAGES);
  });

  it('for a spoken question with readings, and one nothing was heard of', async () => {
    const spoken = await traceAsk(plain, {
      inputMode: 'spoken',
      text: 'what is your favourite movie',
      alternatives: [
        { text: 'what is your favourite movie', confidence: 0.7 },
        { text: 'what is your favourite moving', confidence: 0.3 },
      ],
      speechConfidence: 0.9,
    });
    expect(spoken.outcome.decision).toEqual({
      kind: 'answer',
      questionId: plain.questions[MOVIE],
    });
    expect(spoken.stages).toEqual(ASK_STAGES);

    const unheard = await traceAsk(plain, { inputMode: 'spoken', text: '' });
    expect(unheard.outcome.decision).toEqual({ kind: 'fallback', reason: 'unintelligible' });
    expect(unheard.stages).toEqual(ASK_STAGES);
  });

  it('for a pressed suggestion', async () => {
    // A second fallback in a row offers the storyfile's starters.
    await editor.expectStatus(200, 'PUT', `/v1/conversa/storyfiles/${plain.id}/starters`, {
      questionIds: [plain.questions[BORN]],
    });
    const first = await traceAsk(plain, { text: NONSENSE });
    const { conversationId } = first.outcome;
    const offered = await traceAsk(plain, { text: NONSENSE, conversationId });
    expect(offered.outcome.clarification).toBe('topics-and-starters');
    const pressed = await traceAsk(plain, {
      text: BORN,
      conversationId,
      suggestion: { exchangeId: offered.outcome.exchangeId!, questionId: plain.questions[BORN]! },
    });
    expect(pressed.outcome.decision).toEqual({ kind: 'answer', questionId: plain.questions[BORN] });
    expect(pressed.stages).toEqual(ASK_STAGES);
  });

  it("for a story's start, a choice it takes and a free question beside it", async () => {
    const start = await traceAsk(storied, { start: true });
    expect(start.outcome.story?.turn).toBe('start');
    expect(start.outcome.exchangeId).toBeNull();
    expect(start.stages).toEqual(ASK_STAGES);

    const { conversationId } = start.outcome;
    const free = await traceAsk(storied, { text: 'which film do you love most?', conversationId });
    expect(free.outcome.story?.turn).toBe('free');
    expect(free.stages).toEqual(ASK_STAGES);

    const choice = await traceAsk(storied, { text: 'Tell me about your work', conversationId });
    expect(choice.outcome).toMatchObject({
      decision: { kind: 'story' },
      questionText: JOB,
      story: { turn: 'choice', choiceText: 'Tell me about your work' },
    });
    expect(choice.stages).toEqual(ASK_STAGES);
  });
});
