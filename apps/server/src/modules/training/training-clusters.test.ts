import { describe, expect, it } from 'vitest';
import {
  describeLooksLike,
  describeLooksLikeUnrecorded,
  type AppliedReview,
  type ReviewClusterList,
  type ReviewPreview,
  type SavedCategory,
} from '@conversa/contracts';
import type { Embedder } from '@conversa/matching';
import { createConversationEngine, getStoryfileMatcher } from '../conversations/index.ts';
import { ignoredQuestions } from './ignored-questions.ts';
import { storyfileVocabulary } from './storyfile-vocabulary.ts';
import { listReviewClusters } from './clusters.service.ts';
import {
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
  LIVING,
  OFF_TOPIC,
  ask,
  base,
  alternatesOf,
  setUpTrainingStudio,
} from '../../../test/training.fixtures.ts';

setUpTrainingStudio();

describe('clusters', () => {
  it('groups paraphrases that fell back, with count, distinct visitors and first/last seen, ranked by weight', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const first = await ask(editor, storyfile.id, 'What crops did you grow on the farm?');
    await ask(editor, storyfile.id, 'Which crops did you grow on your farm?');
    await ask(reader, storyfile.id, 'what crops were grown on the farm');
    await ask(reader, storyfile.id, 'Do you like jazz music?');
    await ask(reader, storyfile.id, BORN);
    const { items } = await reader.expectStatus<ReviewClusterList>(
      200,
      'GET',
      `${base(storyfile.id)}/clusters`,
    );
    expect(
      items.map((cluster) => [cluster.representative, cluster.count, cluster.visitors]),
    ).toEqual([
      [expect.stringMatching(/crops/i), 3, 2],
      ['Do you like jazz music?', 1, 1],
    ]);
    // Three fallbacks (weight 2) just now rank ≈ 6.
    expect(items[0]!.rank).toBeGreaterThan(5.99);
    expect(items[0]!.rank).toBeLessThanOrEqual(6);
    expect(items[0]!.entryIds).toHaveLength(3);
    expect(Date.parse(items[0]!.firstSeen)).toBeLessThanOrEqual(Date.parse(items[0]!.lastSeen));

    // The group as a whole: corrected in one change, 3 move.
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'correct',
        entryIds: items[0]!.entryIds,
        questionId: storyfile.questions[LIVING],
      },
    );
    expect(applied.preview.fromFallback).toBe(3);
    expect(applied.action.addedAlternates).toHaveLength(3);
    const after = await reader.expectStatus<ReviewClusterList>(
      200,
      'GET',
      `${base(storyfile.id)}/clusters`,
    );
    expect(after.items.map((cluster) => cluster.representative)).toEqual([
      'Do you like jazz music?',
    ]);
    expect(first.decision.kind).toBe('fallback');
  });
});

describe('clusters read questions as the storyfile’s matcher does', () => {
  it('folds the storyfile’s categories: two questions that differ only by their phrases join one group', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    for (const text of ['Tell me about your automobile', 'Tell me about your car']) {
      expect((await ask(editor, storyfile.id, text)).decision).toEqual(OFF_TOPIC);
    }
    // Each group's questions, groups in the order of their first question.
    const clusters = async () =>
      (
        await reader.expectStatus<ReviewClusterList>(200, 'GET', `${base(storyfile.id)}/clusters`)
      ).items
        .map((cluster) => cluster.questions.map((question) => question.text).sort())
        .sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(await clusters()).toEqual([
      ['Tell me about your automobile'],
      ['Tell me about your car'],
    ]);
    const created = await editor.expectStatus<SavedCategory>(
      201,
      'POST',
      '/v1/conversa/training/categories',
      {
        namespaceId: northId,
        storyfileId: storyfile.id,
        name: `Cars of ${storyfile.id.slice(0, 6)}`,
        phrases: ['automobile', 'car'],
      },
    );
    expect(await clusters()).toEqual([['Tell me about your automobile', 'Tell me about your car']]);
    await editor.expectStatus(
      200,
      'DELETE',
      `/v1/conversa/training/categories/${created.category.id}`,
    );
    expect(await clusters()).toHaveLength(2);
  });

  it('uses the conversation engine’s embedder, the one its matchers are built with', async () => {
    // A stand-in for a sentence-embedding model: "children" and "offspring" point the same way.
    const embedded: string[] = [];
    const embedder: Embedder = {
      embed(text) {
        embedded.push(text);
        return Float32Array.from([/children|offspring/i.test(text) ? 1 : 0]);
      },
    };
    const engine = await createConversationEngine(studio.database.db, {
      mediaUrlTtlSeconds: 60,
      metrics: { countAsk: () => undefined },
      embedder,
      ignores: ignoredQuestions,
      vocabulary: storyfileVocabulary,
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    for (const text of ['Do you have any children?', 'Any offspring at all?']) {
      expect((await ask(editor, storyfile.id, text)).decision.kind).toBe('fallback');
    }
    // The studio's own engine has no embedder: two groups. This one's: one.
    expect(
      (await reader.expectStatus<ReviewClusterList>(200, 'GET', `${base(storyfile.id)}/clusters`))
        .items,
    ).toHaveLength(2);
    const { items } = await listReviewClusters(engine, storyfile.id);
    expect(items.map((cluster) => cluster.count)).toEqual([2]);
    expect(embedded).toEqual(expect.arrayContaining(['Any offspring at all?']));
    const { matcher } = await getStoryfileMatcher(engine, storyfile.id);
    embedded.length = 0;
    matcher.match('Any offspring at all?');
    expect(embedded).toEqual(expect.arrayContaining(['Any offspring at all?', BORN]));
  });

  it('offers a fallback as an alternate of the question it means ("looks like"), saying when that one is scripted but not recorded', async () => {
    // A stand-in for a sentence model: one dimension per idea, none shared by word.
    const ideas = [/born|hometown|birthplace|grow up/i, /movie|film/i, /job|living/i, /pets?|dog/i];
    const embedder: Embedder = {
      embed: (text) => Float32Array.from(ideas.map((idea) => (idea.test(text) ? 1 : 0))),
    };
    const engine = await createConversationEngine(studio.database.db, {
      mediaUrlTtlSeconds: 60,
      metrics: { countAsk: () => undefined },
      embedder,
      ignores: ignoredQuestions,
      vocabulary: storyfileVocabulary,
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const HOMETOWN = 'Which place did you grow up in?';
    const DOG = 'Have you got a dog?';
    for (const text of [HOMETOWN, DOG]) {
      expect((await ask(editor, storyfile.id, text)).decision.kind).toBe('fallback');
    }
    const { items } = await listReviewClusters(engine, storyfile.id);
    const looksLike = Object.fromEntries(
      items.map((item) => [item.representative, item.looksLike]),
    );
    expect(looksLike[HOMETOWN]).toEqual({
      questionId: storyfile.questions[BORN],
      questionText: BORN,
      score: 1,
      isRecorded: true,
    });
    expect(describeLooksLike(looksLike[HOMETOWN]!.questionText)).toBe(`looks like: ${BORN}`);
    // "Do you have any pets?" is in the script but not recorded: the author is pointed to it, not
    // to scripting "Have you got a dog?" as a second question to record (issue 68, item 1).
    expect(looksLike[DOG]).toEqual({
      questionId: storyfile.questions[PETS],
      questionText: PETS,
      score: 1,
      isRecorded: false,
    });
    expect(describeLooksLikeUnrecorded(looksLike[DOG]!.questionText)).toBe(
      'Already in the script, not recorded yet: Do you have any pets?',
    );
    // Without an embedder (the studio's own engine here) nothing is offered.
    const plain = await reader.expectStatus<ReviewClusterList>(
      200,
      'GET',
      `${base(storyfile.id)}/clusters`,
    );
    expect(plain.items.map((item) => item.looksLike)).toEqual([null, null]);
    // One click in Response quality is a correct match to that answer, with its preview.
    const cluster = items.find((item) => item.representative === HOMETOWN)!;
    const change = {
      kind: 'correct',
      entryIds: cluster.entryIds,
      questionId: looksLike[HOMETOWN]!.questionId,
    };
    const preview = await editor.expectStatus<ReviewPreview>(
      200,
      'POST',
      `${base(storyfile.id)}/preview`,
      change,
    );
    expect(preview).toMatchObject({ moved: 1, fromFallback: 1, toFallback: 0 });
    await editor.expectStatus<AppliedReview>(201, 'POST', `${base(storyfile.id)}/actions`, change);
    expect(await alternatesOf(storyfile.questions[BORN]!)).toContain(HOMETOWN);
    expect((await ask(editor, storyfile.id, HOMETOWN)).decision).toMatchObject({
      kind: 'answer',
      questionId: storyfile.questions[BORN],
    });
  });
});
