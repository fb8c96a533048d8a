// Issue 50 item 2: a storyfile learns from its visitors. A pressed "Did you mean…?" suggestion, a
// thumbs-up and an author's correction are labels; the matcher uses a label once two distinct
// visitors gave it (or an author), and Response quality lists what was learned, with remove and undo.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNED_QUESTION_ALREADY_REMOVED_MESSAGE,
  LEARNED_QUESTION_NOT_FOUND_MESSAGE,
  type AppliedReview,
  type LearnedQuestion,
  type LearnedQuestionList,
  type PublicAskResponse,
  type ReviewPreview,
} from '@conversa/contracts';
import { TestBrowser } from '../../../test/studio.ts';
import { ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import { publishForSlug } from '../../../test/ask.fixtures.ts';
import {
  studio,
  owner,
  editor,
  reader,
  outsider,
  northId,
  BORN,
  LIVING,
  MOVIE,
  EDIT_REFUSAL,
  OFF_TOPIC,
  ask,
  base,
  setUpTrainingStudio,
} from '../../../test/training.fixtures.ts';

setUpTrainingStudio();

/** Shares one content word with the movie answer's alternate: asked back at the threshold below. */
const PARAPHRASE = 'a film you love';

let storyfile: SeededStoryfile;
let slug: string;

interface Visitor {
  ask(body: Record<string, unknown>): Promise<PublicAskResponse>;
  client: ApiClient;
  /** The loopback address the visitor's requests leave from. */
  address: string;
}

/** Networks handed out so far: each new visitor's computer is on a /24 of its own. */
let networks = 0;

/**
 * A new visitor (a new cookie) on their own network, or on `address`'s (127/8 is all loopback).
 */
async function newVisitor(address = `127.0.${(networks += 1)}.1`): Promise<Visitor> {
  const client = new ApiClient(new TestBrowser(studio.baseUrl, { localAddress: address }));
  await client.get(`/v1/conversa/public/storyfiles/${slug}`);
  return {
    client,
    address,
    ask: (body) =>
      client.expectStatus<PublicAskResponse>(
        200,
        'POST',
        `/v1/conversa/public/storyfiles/${slug}/ask`,
        { channel: 'share', ...body },
      ),
  };
}

/** Asks `text` (the paraphrase), is asked back, and presses `answer` (the movie answer). */
async function pressMovie(visitor: Visitor, text = PARAPHRASE, answer = MOVIE): Promise<void> {
  const offered = await visitor.ask({ text });
  expect(offered.clarification).toBe('did-you-mean');
  expect(offered.suggestions.map((suggestion) => suggestion.questionText)).toContain(answer);
  const chosen = await visitor.ask({
    text: answer,
    conversationId: offered.conversationId,
    suggestion: { exchangeId: offered.exchangeId, questionId: storyfile.questions[answer] },
  });
  expect(chosen.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[answer] });
}

const learned = (client = reader) =>
  client.expectStatus<LearnedQuestionList>(200, 'GET', `${base(storyfile.id)}/learned`);

beforeAll(async () => {
  storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
  // An explicit threshold: the paraphrase is asked back, not played, until the storyfile learns it.
  await owner.expectStatus(
    200,
    'PUT',
    `/v1/conversa/storyfiles/${storyfile.id}/matching-settings`,
    {
      threshold: 0.7,
    },
  );
  slug = await publishForSlug(owner, storyfile.id);
});

describe('learning from pressed suggestions', () => {
  let item: LearnedQuestion;

  it('counts a visitor once, and learns at once when a second visitor presses the same answer', async () => {
    const first = await newVisitor();
    await pressMovie(first);
    await pressMovie(first);
    expect((await learned()).items).toMatchObject([
      {
        text: PARAPHRASE,
        questionId: storyfile.questions[MOVIE],
        questionText: MOVIE,
        visitors: 1,
        sources: ['suggestion'],
        status: 'waiting',
        removedAt: null,
      },
    ]);
    // One visitor alone teaches nothing: still asked back.
    expect((await first.ask({ text: PARAPHRASE })).clarification).toBe('did-you-mean');

    await pressMovie(await newVisitor());
    const list = await learned();
    expect(list).toMatchObject({ minVisitors: 2, perAnswer: 10 });
    expect(list.items).toMatchObject([{ text: PARAPHRASE, visitors: 2, status: 'learned' }]);
    item = list.items[0]!;
    // The next visitor's question plays the learned answer.
    const next = await (await newVisitor()).ask({ text: PARAPHRASE });
    expect(next.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(next.clarification).toBeNull();
  });

  it('lets an editor remove what was learned and undo it; a reader or an outsider cannot', async () => {
    const remove = `${base(storyfile.id)}/learned/${item.id}/remove`;
    const restore = `${base(storyfile.id)}/learned/${item.id}/restore`;
    expect(await reader.post(remove, {})).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining(EDIT_REFUSAL) as string },
    });
    expect((await outsider.post(remove, {})).status).toBe(404);

    const removed = await editor.expectStatus<LearnedQuestion>(200, 'POST', remove, {});
    expect(removed).toMatchObject({ id: item.id, status: 'removed', visitors: 2 });
    expect(removed.removedAt).toEqual(expect.any(String));
    expect(await editor.post(remove, {})).toMatchObject({
      status: 409,
      body: { message: LEARNED_QUESTION_ALREADY_REMOVED_MESSAGE },
    });
    // Removed: asked back again, even when a third visitor presses it too.
    const third = await newVisitor();
    await pressMovie(third);
    expect((await third.ask({ text: PARAPHRASE })).clarification).toBe('did-you-mean');
    expect((await learned()).items).toMatchObject([{ visitors: 3, status: 'removed' }]);

    const restored = await editor.expectStatus<LearnedQuestion>(200, 'POST', restore, {});
    expect(restored).toMatchObject({ status: 'learned', visitors: 3, removedAt: null });
    const next = await (await newVisitor()).ask({ text: PARAPHRASE });
    expect(next.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });

    const unknown = `${base(storyfile.id)}/learned/${crypto.randomUUID()}/remove`;
    expect(await editor.post(unknown, {})).toMatchObject({
      status: 404,
      body: { message: LEARNED_QUESTION_NOT_FOUND_MESSAGE },
    });
  });
});

describe('learning from ratings and corrections', () => {
  it('labels an answered question rated thumbs-up, never one rated down', async () => {
    // Both answered at the explicit threshold: the script's question in other cases and marks.
    const question = 'where were you BORN';
    for (const feedback of ['up', 'down'] as const) {
      const visitor = await newVisitor();
      const answer = await visitor.ask({
        text: feedback === 'up' ? question : 'Where were YOU born',
      });
      expect(answer.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[BORN] });
      await visitor.client.expectStatus(
        200,
        'POST',
        `/v1/conversa/public/storyfiles/${slug}/exchanges/${answer.exchangeId}/feedback`,
        { feedback },
      );
    }
    const born = (await learned()).items.filter(
      (entry) => entry.questionId === storyfile.questions[BORN],
    );
    expect(born).toMatchObject([
      { text: question, visitors: 1, sources: ['rating'], status: 'waiting' },
    ]);
  });

  it("teaches an author's correction at once, and forgets it when the correction is undone", async () => {
    const question = 'zxqv cinema plorth';
    const before = await ask(editor, storyfile.id, question);
    expect(before.decision).toEqual(OFF_TOPIC);
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      { kind: 'correct', entryIds: [before.exchangeId], questionId: storyfile.questions[MOVIE] },
    );
    expect((await learned()).items).toContainEqual(
      expect.objectContaining({
        text: question,
        questionText: MOVIE,
        visitors: 1,
        sources: ['correction'],
        status: 'learned',
      }),
    );
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect((await learned()).items.map((entry) => entry.text)).not.toContain(question);
  });
});

describe('learning from questions much like each other', () => {
  it('counts a visitor who pressed the same answer for a question much like it', async () => {
    // Content words "factory" and "job" in both: alike. Each visitor asks once.
    await pressMovie(await newVisitor(), 'your job at the factory', LIVING);
    const alone = await learned();
    expect(alone.items).toContainEqual(
      expect.objectContaining({
        text: 'your job at the factory',
        visitors: 1,
        status: 'waiting',
      }),
    );
    await pressMovie(await newVisitor(), 'which factory job did you have', LIVING);
    const items = (await learned()).items.filter((entry) => entry.questionText === LIVING);
    expect(items.map(({ text, visitors, status }) => ({ text, visitors, status }))).toEqual(
      expect.arrayContaining([
        { text: 'your job at the factory', visitors: 2, status: 'learned' },
        { text: 'which factory job did you have', visitors: 2, status: 'learned' },
      ]),
    );
  });
});

// Issue 67 item 1: "one attacker teaches a published storyfile a wrong answer": visitor cookies are
// free, so distinct visitors are counted by their network, and undoing a pair removes what it
// brought in.
describe('learning from one attacker', () => {
  it('counts a crowd of fresh cookies from one network as one visitor, however alike their questions', async () => {
    const questions = ['a film you adore', 'film you adore most', 'the film you adore'];
    for (const [index, question] of [...questions, ...questions].entries()) {
      // Six cookies, one /24: 127.0.200.1 to 127.0.200.6.
      await pressMovie(await newVisitor(`127.0.200.${index + 1}`), question);
    }
    const crowd = (await learned()).items.filter((entry) => questions.includes(entry.text));
    expect(crowd.map(({ text, visitors, status }) => ({ text, visitors, status }))).toEqual(
      expect.arrayContaining(
        questions.map((text) => ({ text, visitors: 1, status: 'waiting' as const })),
      ),
    );
    expect((await (await newVisitor()).ask({ text: questions[0] })).clarification).toBe(
      'did-you-mean',
    );
    // Another network agreeing is a second visitor: then it teaches.
    await pressMovie(await newVisitor(), questions[0]);
    const next = await (await newVisitor()).ask({ text: questions[0] });
    expect(next.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
  });

  it('stops counting the networks of a removed pair for its answer: its alike pairs are not learned', async () => {
    // Two networks press the same pair; each also presses one alike question of its own.
    const [first, second] = [await newVisitor(), await newVisitor()];
    await pressMovie(first, 'your favourite film ever');
    await pressMovie(second, 'your favourite film ever');
    await pressMovie(await newVisitor(first.address), 'your favourite film of all');
    await pressMovie(await newVisitor(second.address), 'favourite film you ever saw');
    const before = (await learned()).items.filter((entry) => entry.text.includes('favourite'));
    expect(before.map((entry) => entry.status)).toEqual(['learned', 'learned', 'learned']);

    const pair = before.find((entry) => entry.text === 'your favourite film ever')!;
    await editor.expectStatus(200, 'POST', `${base(storyfile.id)}/learned/${pair.id}/remove`, {});
    const after = (await learned()).items.filter((entry) => entry.text.includes('favourite'));
    expect(after.map(({ text, visitors, status }) => ({ text, visitors, status }))).toEqual(
      expect.arrayContaining([
        { text: 'your favourite film ever', visitors: 2, status: 'removed' },
        { text: 'your favourite film of all', visitors: 0, status: 'waiting' },
        { text: 'favourite film you ever saw', visitors: 0, status: 'waiting' },
      ]),
    );
    const next = await (await newVisitor()).ask({ text: 'your favourite film of all' });
    expect(next.decision.kind).toBe('fallback');
  });
});

// Issue 66 item 3: the author as the teacher, in one click. A pair visitors gave, waiting for more
// of them, carries the exchanges it came from; accepting it is a correct match of them, previewed
// first, and the author's label teaches at once.
describe('accepting what visitors chose', () => {
  it('previews, then teaches at once a pair waiting for visitors, as the author', async () => {
    const waiting = (await learned()).items.find(
      (entry) => entry.text === 'your favourite film of all',
    )!;
    expect(waiting).toMatchObject({ status: 'waiting', questionText: MOVIE });
    expect(waiting.entryIds.length).toBeGreaterThan(0);
    const change = {
      kind: 'correct',
      entryIds: waiting.entryIds,
      questionId: waiting.questionId,
    };
    const preview = await editor.expectStatus<ReviewPreview>(
      200,
      'POST',
      `${base(storyfile.id)}/preview`,
      change,
    );
    expect(preview.toFallback).toBe(0);
    await editor.expectStatus<AppliedReview>(201, 'POST', `${base(storyfile.id)}/actions`, change);
    const accepted = (await learned()).items.find(
      (entry) => entry.text === 'your favourite film of all',
    )!;
    expect(accepted.status).toBe('learned');
    expect(accepted.sources).toContain('correction');
    const next = await (await newVisitor()).ask({ text: 'your favourite film of all' });
    expect(next.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
  });
});
