import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIP_KINDS, DEFAULT_CLIP_PROMPTS, type StoryfileDetail } from '@conversa/contracts';
import {
  base,
  shape,
  startChecklistStudio,
  type ChecklistKit,
} from '../../../test/checklist.fixtures.ts';
import { buildStoryfile, type ApiClient } from '../../../test/storyfile.fixtures.ts';

// A storyfile's checklist against a real studio and PostgreSQL: a new storyfile's, and its topics
// and questions kept in order as they are added, moved, edited and deleted.

let kit: ChecklistKit;
let namespaceId: string;
let editor: ApiClient;
let reader: ApiClient;

beforeAll(async () => {
  kit = await startChecklistStudio();
  ({ namespaceId, editor, reader } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('a new storyfile', () => {
  it('has an empty checklist, the four clip slots with prompts, and no starters', async () => {
    const file = await buildStoryfile(editor, namespaceId, { name: 'Fresh' });
    const detail = await kit.getDetail(file.id);
    expect(detail.topics).toEqual([]);
    expect(detail.starters).toEqual([]);
    expect(detail.clips.map((clip) => [clip.kind, clip.prompt])).toEqual(
      CLIP_KINDS.map((kind) => [kind, DEFAULT_CLIP_PROMPTS[kind]]),
    );
    expect(detail).toMatchObject({ status: 'draft', language: 'en-US', topicCount: 0 });
  });
});

describe('topics and questions, in order', () => {
  let fileId: string;
  let topicIds: Record<string, string>;

  beforeAll(async () => {
    fileId = (await buildStoryfile(editor, namespaceId, { name: 'Ordered' })).id;
    topicIds = {};
    for (const name of ['Childhood', 'Work', 'Family']) {
      topicIds[name] = (await kit.addTopic(fileId, name)).id;
    }
    for (const text of [
      'Where were you born?',
      'What games did you play?',
      'Who was your friend?',
    ]) {
      await kit.addQuestion(fileId, topicIds.Childhood!, text);
    }
    await kit.addQuestion(fileId, topicIds.Work!, 'What was your first job?');
  });

  it('keeps the order of creation, positions from zero', async () => {
    expect(shape(await kit.getDetail(fileId))).toEqual([
      [
        'Childhood',
        0,
        ['0:Where were you born?', '1:What games did you play?', '2:Who was your friend?'],
      ],
      ['Work', 1, ['0:What was your first job?']],
      ['Family', 2, []],
    ]);
  });

  it('inserts at an index', async () => {
    const topic = await kit.addTopic(fileId, 'Intro', { index: 0 });
    const question = await kit.addQuestion(
      fileId,
      topicIds.Childhood!,
      'Tell me about your parents.',
      {
        index: 1,
      },
    );
    expect(question.position).toBe(1);
    const detail = await kit.getDetail(fileId);
    expect(detail.topics.map((item) => item.name)).toEqual([
      'Intro',
      'Childhood',
      'Work',
      'Family',
    ]);
    expect(detail.topics[1]!.questions.map((item) => item.text)).toEqual([
      'Where were you born?',
      'Tell me about your parents.',
      'What games did you play?',
      'Who was your friend?',
    ]);
    await editor.expectStatus(200, 'DELETE', `${base(fileId)}/topics/${topic.id}`);
    await editor.expectStatus(200, 'DELETE', `${base(fileId)}/questions/${question.id}`);
  });

  it('reorders topics with the full list of ids', async () => {
    const order = [topicIds.Family!, topicIds.Childhood!, topicIds.Work!];
    const detail = await editor.expectStatus<StoryfileDetail>(
      200,
      'PUT',
      `${base(fileId)}/topics/order`,
      { ids: order },
    );
    expect(detail.topics.map((topic) => [topic.id, topic.position])).toEqual(
      order.map((id, index) => [id, index]),
    );
    // The order persists.
    expect((await kit.getDetail(fileId)).topics.map((topic) => topic.id)).toEqual(order);
  });

  it.each([
    ['a missing id', (ids: string[]) => ids.slice(1)],
    ['a repeated id', (ids: string[]) => [...ids.slice(0, 2), ids[0]!]],
    [
      'an id of another storyfile',
      (ids: string[]) => [...ids.slice(1), '00000000-0000-4000-8000-000000000000'],
    ],
    ['an extra id', (ids: string[]) => [...ids, '00000000-0000-4000-8000-000000000000']],
  ])('refuses a topic order with %s and changes nothing', async (_case, mutate) => {
    const before = await kit.getDetail(fileId);
    const ids = before.topics.map((topic) => topic.id);
    const answer = await editor.put(`${base(fileId)}/topics/order`, { ids: mutate(ids) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(
      /^The new order must list every topic of the storyfile exactly once/,
    );
    expect(shape(await kit.getDetail(fileId))).toEqual(shape(before));
  });

  it('reorders the questions of one topic', async () => {
    const before = await kit.getDetail(fileId);
    const childhood = before.topics.find((topic) => topic.id === topicIds.Childhood)!;
    const reversed = childhood.questions.map((question) => question.id).reverse();
    const detail = await editor.expectStatus<StoryfileDetail>(
      200,
      'PUT',
      `${base(fileId)}/topics/${topicIds.Childhood}/questions/order`,
      { ids: reversed },
    );
    const after = detail.topics.find((topic) => topic.id === topicIds.Childhood)!;
    expect(after.questions.map((question) => question.id)).toEqual(reversed);
    expect(after.questions.map((question) => question.position)).toEqual([0, 1, 2]);
  });

  it('moves a question to another topic at an index; both topics close ranks', async () => {
    const before = await kit.getDetail(fileId);
    const moving = before.topics.find((topic) => topic.id === topicIds.Childhood)!.questions[0]!;
    const detail = await editor.expectStatus<StoryfileDetail>(
      200,
      'POST',
      `${base(fileId)}/questions/${moving.id}/move`,
      { topicId: topicIds.Work, index: 0 },
    );
    const work = detail.topics.find((topic) => topic.id === topicIds.Work)!;
    const childhood = detail.topics.find((topic) => topic.id === topicIds.Childhood)!;
    expect(work.questions.map((question) => [question.position, question.id])).toEqual([
      [0, moving.id],
      [1, expect.any(String)],
    ]);
    expect(childhood.questions.map((question) => question.position)).toEqual([0, 1]);
    expect(childhood.questions.map((question) => question.id)).not.toContain(moving.id);
  });

  it('refuses the same question twice in a storyfile (case and punctuation aside)', async () => {
    const answer = await editor.post(`${base(fileId)}/questions`, {
      topicId: topicIds.Family,
      text: '  WHAT was your FIRST job  ',
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { message: 'This storyfile already has the question "WHAT was your FIRST job".' },
    });
  });

  it('refuses two topics with the same name', async () => {
    expect((await editor.post(`${base(fileId)}/topics`, { name: 'work' })).status).toBe(409);
  });

  it('edits a question and its alternates, refusing a repeat with a sentence', async () => {
    const question = await kit.addQuestion(fileId, topicIds.Family!, 'Do you have children?');
    expect(
      await editor.patch(`${base(fileId)}/questions/${question.id}`, {
        alternates: ['Any kids?', 'any kids', 'Are you a parent?'],
      }),
    ).toMatchObject({
      status: 400,
      body: { message: '"any kids" is already an alternate phrasing of this question.' },
    });
    expect(
      await editor.patch(`${base(fileId)}/questions/${question.id}`, {
        alternates: ['Any kids?', 'Do you have children'],
      }),
    ).toMatchObject({
      status: 400,
      body: {
        message:
          '"Do you have children" is the question itself; an alternate phrasing asks it another way.',
      },
    });
    const answer = await editor.patch(`${base(fileId)}/questions/${question.id}`, {
      alternates: ['Any kids?', 'Are you a parent?'],
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { text: 'Do you have children?', alternates: ['Any kids?', 'Are you a parent?'] },
    });
  });

  it('readers cannot change the checklist', async () => {
    const answer = await reader.post(`${base(fileId)}/topics`, { name: 'Reader topic' });
    expect(answer).toMatchObject({
      status: 403,
      body: { message: 'You need to be at least "Content Creator"' },
    });
  });

  it('deleting a topic removes its questions and closes the gap', async () => {
    const file = await buildStoryfile(editor, namespaceId, { name: 'Gap' });
    const [first, second, third] = [
      await kit.addTopic(file.id, 'A'),
      await kit.addTopic(file.id, 'B'),
      await kit.addTopic(file.id, 'C'),
    ];
    await kit.addQuestion(file.id, second.id, 'Gone with B?');
    const detail = await editor.expectStatus<StoryfileDetail>(
      200,
      'DELETE',
      `${base(file.id)}/topics/${second.id}`,
    );
    expect(detail.topics.map((topic) => [topic.id, topic.position])).toEqual([
      [first.id, 0],
      [third.id, 1],
    ]);
    expect(detail.questionCount).toBe(0);
  });
});
