import { beforeAll, describe, expect, it } from 'vitest';
import {
  RECORD_QUEUE_TOPIC_NAME,
  REVIEW_ACTION_ALREADY_UNDONE_MESSAGE,
  REVIEW_ENTRIES_NOT_FOUND_MESSAGE,
  STORYFILE_NOT_FOUND_MESSAGE,
  describeReviewPreview,
  type AppliedReview,
  type AskResponse,
  type ReviewAction,
  type ReviewActionList,
  type ReviewAnswerOption,
  type ReviewPreview,
  type StoryfileDetail,
} from '@conversa/contracts';
import {
  seedStoryfileWithAnswers,
  UNRECORDED_QUESTION,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import {
  studio,
  owner,
  editor,
  reader,
  outsider,
  northId,
  BORN,
  MOVIE,
  LIVING,
  HARVEST,
  FILM_ALTERNATE,
  EDIT_REFUSAL,
  ask,
  inbox,
  base,
  reviewState,
  alternatesOf,
  setUpTrainingStudio,
} from '../../../test/training.fixtures.ts';

setUpTrainingStudio();

describe('review changes', () => {
  let storyfile: SeededStoryfile;
  let harvest: Awaited<ReturnType<typeof ask>>;
  let film: AskResponse;
  beforeAll(async () => {
    storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    harvest = await ask(editor, storyfile.id, HARVEST);
    await ask(editor, storyfile.id, 'tell me about the Harvest Festival!');
    film = await ask(editor, storyfile.id, FILM_ALTERNATE);
    await ask(editor, storyfile.id, BORN);
  });

  it('refuses changes to readers (403 with the §6 message) and to other namespaces (404)', async () => {
    const change = {
      kind: 'correct',
      entryIds: [harvest.exchangeId],
      questionId: storyfile.questions[LIVING],
    };
    for (const path of [`${base(storyfile.id)}/preview`, `${base(storyfile.id)}/actions`]) {
      expect(await reader.post(path, change)).toMatchObject({
        status: 403,
        body: { message: EDIT_REFUSAL },
      });
      expect(await outsider.post(path, change)).toMatchObject({
        status: 404,
        body: { message: STORYFILE_NOT_FOUND_MESSAGE },
      });
    }
    expect((await reader.get(`${base(storyfile.id)}/actions`)).status).toBe(200);
    expect((await reader.get(`${base(storyfile.id)}/clusters`)).status).toBe(200);
    expect((await outsider.get(`${base(storyfile.id)}/clusters`)).status).toBe(404);
  });

  it('refuses exchanges of another storyfile', async () => {
    const other = await seedStoryfileWithAnswers(studio, owner, northId);
    const foreign = await ask(editor, other.id, HARVEST);
    expect(
      await editor.post(`${base(storyfile.id)}/preview`, {
        kind: 'out-of-scope',
        entryIds: [foreign.exchangeId],
      }),
    ).toMatchObject({ status: 400, body: { message: REVIEW_ENTRIES_NOT_FOUND_MESSAGE } });
  });

  it('lists recorded answers first, unrecorded marked', async () => {
    const { items } = await reader.expectStatus<{ items: ReviewAnswerOption[] }>(
      200,
      'GET',
      `${base(storyfile.id)}/answers`,
    );
    expect(items.map((item) => [item.text, item.isRecorded])).toEqual([
      [LIVING, true],
      [MOVIE, true],
      [BORN, true],
      [UNRECORDED_QUESTION, false],
    ]);
  });

  it('previews the moves of a hand-computed case', async () => {
    // The harvest question is asked twice (same normalised text) and falls back; as an
    // alternate of LIVING both are exact matches: 2 move from fallback to an answer. BORN is
    // an exact match of its own answer and stays.
    const toLiving = await editor.expectStatus<ReviewPreview>(
      200,
      'POST',
      `${base(storyfile.id)}/preview`,
      {
        kind: 'correct',
        entryIds: [harvest.exchangeId],
        questionId: storyfile.questions[LIVING],
      },
    );
    expect(toLiving).toMatchObject({
      examined: 4,
      moved: 2,
      fromFallback: 2,
      betweenAnswers: 0,
      toFallback: 0,
    });
    expect(toLiving.moves).toHaveLength(1);
    expect(toLiving.moves[0]!.questionText).toMatch(/harvest festival/i);
    expect(toLiving.moves).toMatchObject([
      {
        count: 2,
        before: { questionId: null, questionText: null },
        after: { questionId: storyfile.questions[LIVING], questionText: LIVING },
      },
    ]);
    expect(describeReviewPreview(toLiving)).toBe(
      'These changes move 2 past questions: 2 from fallback to an answer, 0 from one answer to another, 0 from an answer to fallback.',
    );
    // FILM_ALTERNATE is MOVIE's own alternate: corrected to BORN, it leaves MOVIE (a duplicate
    // phrasing is dropped from a competing answer) and moves from one answer to another.
    const toBorn = await editor.expectStatus<ReviewPreview>(
      200,
      'POST',
      `${base(storyfile.id)}/preview`,
      {
        kind: 'correct',
        entryIds: [film.exchangeId],
        questionId: storyfile.questions[BORN],
      },
    );
    expect(toBorn).toMatchObject({ moved: 1, fromFallback: 0, betweenAnswers: 1, toFallback: 0 });
    expect(toBorn.moves[0]).toMatchObject({
      before: { questionText: MOVIE },
      after: { questionText: BORN },
    });
    // Previewing changed nothing: the same question still falls back.
    expect((await ask(editor, storyfile.id, HARVEST)).decision.kind).toBe('fallback');
  });

  it('applies a correct match in one go: alternate with provenance, matcher refreshed, open twins closed; undo restores', async () => {
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'correct',
        entryIds: [harvest.exchangeId],
        questionId: storyfile.questions[LIVING],
      },
    );
    expect(applied.preview.fromFallback).toBe(3);
    expect(applied.action).toMatchObject({
      kind: 'correct',
      questionId: storyfile.questions[LIVING],
      questionText: LIVING,
      entryIds: [harvest.exchangeId],
      addedAlternates: [HARVEST],
      createdBy: { email: 'editor@north.test' },
      undoneAt: null,
    });
    expect(Date.now() - Date.parse(applied.action.createdAt)).toBeLessThan(60_000);
    // The other two harvest exchanges (asked again before the change) closed by themselves.
    expect(applied.action.autoClosedEntryIds).toHaveLength(2);
    expect(await alternatesOf(storyfile.questions[LIVING]!)).toEqual([
      'What is your job?',
      HARVEST,
    ]);
    expect(await reviewState(harvest.exchangeId)).toBe('resolved');
    for (const id of applied.action.autoClosedEntryIds) {
      expect(await reviewState(id)).toBe('resolved');
    }
    const again = await ask(editor, storyfile.id, 'Tell me about the harvest festival?');
    expect(again.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[LIVING] });

    const history = await reader.expectStatus<ReviewActionList>(
      200,
      'GET',
      `${base(storyfile.id)}/actions`,
    );
    expect(history.items[0]!.id).toBe(applied.action.id);

    const undone = await editor.expectStatus<ReviewAction>(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect(undone.undoneAt).not.toBeNull();
    expect(await alternatesOf(storyfile.questions[LIVING]!)).toEqual(['What is your job?']);
    expect(await reviewState(harvest.exchangeId)).toBe('new');
    expect((await ask(editor, storyfile.id, HARVEST)).decision.kind).toBe('fallback');
    expect(
      await editor.post(`${base(storyfile.id)}/actions/${applied.action.id}/undo`),
    ).toMatchObject({ status: 409, body: { message: REVIEW_ACTION_ALREADY_UNDONE_MESSAGE } });
    expect(
      (await reader.post(`${base(storyfile.id)}/actions/${applied.action.id}/undo`)).status,
    ).toBe(403);
  });

  it('drops a duplicate phrasing from the competing answer, and undo puts it back', async () => {
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'correct',
        entryIds: [film.exchangeId],
        questionId: storyfile.questions[BORN],
      },
    );
    expect(applied.action.removedAlternates).toEqual([
      { questionId: storyfile.questions[MOVIE], text: FILM_ALTERNATE },
    ]);
    expect(await alternatesOf(storyfile.questions[MOVIE]!)).toEqual([]);
    expect(await alternatesOf(storyfile.questions[BORN]!)).toContain(FILM_ALTERNATE);
    expect((await ask(editor, storyfile.id, FILM_ALTERNATE)).decision).toEqual({
      kind: 'answer',
      questionId: storyfile.questions[BORN],
    });
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect(await alternatesOf(storyfile.questions[MOVIE]!)).toEqual([FILM_ALTERNATE]);
    expect(await alternatesOf(storyfile.questions[BORN]!)).toEqual(['What is your birthplace?']);
  });

  it('queues a question to record in the script (checklist shows it), and undo removes it', async () => {
    const asked = await ask(editor, storyfile.id, 'Did you ever sail a boat?');
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'record',
        entryIds: [asked.exchangeId],
      },
    );
    expect(applied.action).toMatchObject({
      kind: 'record',
      questionText: 'Did you ever sail a boat?',
    });
    expect(await reviewState(asked.exchangeId)).toBe('queued');
    const detail = await reader.expectStatus<StoryfileDetail>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}`,
    );
    const topic = detail.topics.find((entry) => entry.name === RECORD_QUEUE_TOPIC_NAME)!;
    expect(topic.questions).toMatchObject([
      { text: 'Did you ever sail a boat?', answerRecordedAt: null },
    ]);
    expect(topic.questions[0]!.queuedToRecordAt).not.toBeNull();
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    const after = await reader.expectStatus<StoryfileDetail>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}`,
    );
    expect(
      after.topics
        .flatMap((entry) => entry.questions)
        .some((q) => q.text === 'Did you ever sail a boat?'),
    ).toBe(false);
    // Issue 68, item 2: the topic the change created goes with it; the others keep their order.
    expect(after.topics.map((entry) => entry.name)).toEqual(
      detail.topics.map((entry) => entry.name).filter((name) => name !== RECORD_QUEUE_TOPIC_NAME),
    );
    expect(after.topics.map((entry) => entry.position)).toEqual(
      after.topics.map((_, index) => index),
    );
    expect(await reviewState(asked.exchangeId)).toBe('new');
  });

  it('marks out of scope, and undo reopens', async () => {
    const asked = await ask(editor, storyfile.id, 'What is the capital of Peru?');
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'out-of-scope',
        entryIds: [asked.exchangeId],
      },
    );
    expect(applied.preview.moved).toBe(0);
    expect(await reviewState(asked.exchangeId)).toBe('resolved');
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect(await reviewState(asked.exchangeId)).toBe('new');
  });

  it('ignores by normalised text: asked again in other words of case and punctuation, it stays ignored; undo reopens all', async () => {
    const first = await ask(editor, storyfile.id, 'Are you a robot?');
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'ignore',
        entryIds: [first.exchangeId],
      },
    );
    expect(applied.action.normalizedTexts).toEqual(['are you a robot']);
    expect(await reviewState(first.exchangeId)).toBe('ignored');
    const again = await ask(reader, storyfile.id, 'ARE you a robot!!');
    expect(await reviewState(again.exchangeId)).toBe('ignored');
    const ignored = await inbox(reader, { storyfileId: storyfile.id, reviewState: 'ignored' });
    expect(ignored.items.map((item) => item.id).sort()).toEqual(
      [first.exchangeId, again.exchangeId].sort(),
    );
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect(await reviewState(first.exchangeId)).toBe('new');
    expect(await reviewState(again.exchangeId)).toBe('new');
    const third = await ask(reader, storyfile.id, 'are you a robot');
    expect(await reviewState(third.exchangeId)).toBe('new');
  });
});
