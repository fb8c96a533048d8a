import { describe, expect, it } from 'vitest';
import type { AppliedReview, RecordNextList } from '@conversa/contracts';
import type { Embedder } from '@conversa/matching';
import { createConversationEngine } from '../conversations/index.ts';
import { ignoredQuestions } from './ignored-questions.ts';
import { storyfileVocabulary } from './storyfile-vocabulary.ts';
import { listRecordNext } from './record-next.service.ts';
import {
  seedAsset,
  seedStoryfileWithAnswers,
  UNRECORDED_QUESTION as PETS,
} from '../../../test/conversation.fixtures.ts';
import {
  studio,
  owner,
  editor,
  reader,
  northId,
  BORN,
  ask,
  base,
  alternatesOf,
  setUpTrainingStudio,
} from '../../../test/training.fixtures.ts';

setUpTrainingStudio();

const recordNext = (storyfileId: string) =>
  reader.expectStatus<RecordNextList>(200, 'GET', `${base(storyfileId)}/record-next`);

describe('record next (issue 68, item 7)', () => {
  it('names the unrecorded question visitors asked for, with how many and their words, until it is recorded', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    expect((await recordNext(storyfile.id)).items).toEqual([]);
    // Three visitors ask for the scripted, unrecorded "Do you have any pets?"; one asks twice.
    const asked = [
      await ask(editor, storyfile.id, 'Do you have any pets?'),
      await ask(editor, storyfile.id, 'Do you have pets?'),
      await ask(reader, storyfile.id, 'do you have any pets'),
      await ask(owner, storyfile.id, 'Have you got any pets?'),
    ];
    for (const answer of asked) {
      expect(answer.decision).toEqual({
        kind: 'fallback',
        reason: 'not-recorded',
        questionId: storyfile.questions[PETS],
      });
    }
    // Answered and off-topic questions name nothing to record.
    await ask(reader, storyfile.id, BORN);
    await ask(reader, storyfile.id, 'Do you like jazz music?');
    const { items } = await recordNext(storyfile.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      questionId: storyfile.questions[PETS],
      questionText: PETS,
      topicName: 'Life',
      visitors: 3,
      count: 4,
    });
    expect(items[0]!.questions.map((question) => question.text)).toEqual(
      expect.arrayContaining(['Do you have pets?', 'Have you got any pets?']),
    );
    expect(new Set(items[0]!.entryIds)).toEqual(new Set(asked.map((a) => a.exchangeId)));

    // Recorded, it leaves the list.
    await seedAsset(studio, { storyfileId: storyfile.id, questionId: storyfile.questions[PETS] });
    expect((await recordNext(storyfile.id)).items).toEqual([]);
  });

  it("adds the visitors' words as the question's alternates in one change, which takes them off the list", async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    await ask(editor, storyfile.id, 'Have you got any pets?');
    const [item] = (await recordNext(storyfile.id)).items;
    expect(item?.questionText).toBe(PETS);
    await editor.expectStatus<AppliedReview>(201, 'POST', `${base(storyfile.id)}/actions`, {
      kind: 'correct',
      entryIds: item!.entryIds,
      questionId: item!.questionId,
    });
    expect(await alternatesOf(storyfile.questions[PETS]!)).toContain('Have you got any pets?');
    expect((await recordNext(storyfile.id)).items).toEqual([]);
  });

  it('counts a question the matcher called off-topic when its meaning names the unrecorded one', async () => {
    // A stand-in for a sentence model: "dog" and "pets" are one idea, shared by no word.
    const embedder: Embedder = {
      embed: (text) => Float32Array.from([/pets?|dog|cat/i.test(text) ? 1 : 0, 0.01]),
    };
    const engine = await createConversationEngine(studio.database.db, {
      mediaUrlTtlSeconds: 60,
      metrics: { countAsk: () => undefined },
      embedder,
      ignores: ignoredQuestions,
      vocabulary: storyfileVocabulary,
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const DOG = 'Is there a dog at home?';
    expect((await ask(editor, storyfile.id, DOG)).decision).toEqual({
      kind: 'fallback',
      reason: 'off-topic',
    });
    // The studio's own engine has no sentence model: nothing names the pets question.
    expect((await recordNext(storyfile.id)).items).toEqual([]);
    const { items } = await listRecordNext(engine, storyfile.id);
    expect(items.map((item) => [item.questionText, item.visitors, item.questions])).toEqual([
      [PETS, 1, [{ text: DOG, count: 1 }]],
    ]);
  });
});
