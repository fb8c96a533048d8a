import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatTopicNameTakenMessage,
  type LibraryQuestion,
  type TopicDetail,
} from '@conversa/contracts';
import {
  startLibraryStudio,
  type LibraryKit,
  type TopicAnswer,
} from '../../../test/library.fixtures.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';

// The question library's topics and questions against a real studio and PostgreSQL: made,
// searched, ordered, soft-deleted and restored, within their namespace.

let kit: LibraryKit;
let eastId: string;
let reader: ApiClient;
let editor: ApiClient;
let owner: ApiClient;
let westOwner: ApiClient;

beforeAll(async () => {
  kit = await startLibraryStudio();
  ({ eastId, reader, editor, owner, westOwner } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('topics of the question library', () => {
  it('creates, renames, lists with question counts, and checks names', async () => {
    const topic = await kit.buildTopic('Hobbies');
    await kit.buildQuestion(topic.id, 'What do you do for fun?');
    await kit.buildQuestion(topic.id, 'Do you play an instrument?');
    const renamed = await editor.patch(`/v1/conversa/topics/${topic.id}`, {
      name: 'Hobbies and Pastimes',
      description: 'Free time',
    });
    expect(renamed.body).toMatchObject({ name: 'Hobbies and Pastimes', questionCount: 2 });
    const list = await reader.get('/v1/conversa/topics?search=pastimes');
    expect(list.body).toMatchObject({ total: 1, items: [{ id: topic.id, questionCount: 2 }] });
    expect(
      (
        await reader.get(
          `/v1/conversa/topic/nameTaken?name=HOBBIES%20and%20pastimes&organizationIds=${eastId}`,
        )
      ).body,
    ).toEqual({ unique: false });
    expect(
      await editor.post('/v1/conversa/topics', {
        namespaceId: eastId,
        name: 'hobbies and pastimes',
      }),
    ).toMatchObject({
      status: 409,
      body: { message: formatTopicNameTakenMessage('hobbies and pastimes') },
    });
  });

  it('finds topics by the text of their questions', async () => {
    const topic = await kit.buildTopic('Travel');
    await kit.buildQuestion(topic.id, 'Which country surprised you the most?');
    const list = await reader.get('/v1/conversa/topics?search=surprised&searchOptions=questions');
    expect((list.body.items as TopicAnswer[]).map((item) => item.name)).toEqual(['Travel']);
  });

  it('soft-deletes with the " - Deleted" name, hides its questions, and restores for owners', async () => {
    const topic = await kit.buildTopic('Temporary');
    const question = await kit.buildQuestion(topic.id, 'Is this temporary?');
    const deleted = await editor.delete(`/v1/conversa/topics/${topic.id}`);
    expect(deleted.body).toMatchObject({ name: 'Temporary - Deleted' });
    const questions = await reader.get('/v1/conversa/questions?search=temporary&pageSize=100');
    expect(questions.body.items).toEqual([]);
    expect(
      (await owner.get('/v1/conversa/questions?search=temporary&includeDeleted=true')).body.total,
    ).toBe(1);
    expect((await editor.post(`/v1/conversa/topics/${topic.id}/restore`)).status).toBe(403);
    const restored = await owner.post(`/v1/conversa/topics/${topic.id}/restore`);
    expect(restored.body).toMatchObject({ name: 'Temporary', deletedAt: null, questionCount: 1 });
    expect((await reader.get(`/v1/conversa/questions/${question.id}`)).status).toBe(200);
  });

  it('is invisible and unchangeable from another namespace', async () => {
    const topic = await kit.buildTopic('East only');
    expect(await westOwner.get(`/v1/conversa/topics/${topic.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Topic not found.' },
    });
    expect(
      (await westOwner.patch(`/v1/conversa/topics/${topic.id}`, { name: 'Mine' })).status,
    ).toBe(404);
    expect((await westOwner.delete(`/v1/conversa/topics/${topic.id}`)).status).toBe(404);
    expect(
      (await westOwner.post('/v1/conversa/questions', { topicId: topic.id, text: 'Injected?' }))
        .status,
    ).toBe(404);
    const list = await westOwner.get('/v1/conversa/topics?pageSize=100');
    expect((list.body.items as TopicAnswer[]).map((item) => item.id)).not.toContain(topic.id);
    expect((await reader.patch(`/v1/conversa/topics/${topic.id}`, { name: 'Reader' })).status).toBe(
      403,
    );
  });
});

describe('questions of the library', () => {
  it('searches text and alternate phrasings, by field', async () => {
    const topic = await kit.buildTopic('Food');
    await kit.buildQuestion(topic.id, 'What is your favorite meal?', ['What do you like to eat?']);
    await kit.buildQuestion(topic.id, 'Can you cook?');
    const search = async (text: string, fields: string) =>
      (
        (
          await reader.get(
            `/v1/conversa/questions?search=${encodeURIComponent(text)}&searchOptions=${fields}`,
          )
        ).body.items as LibraryQuestion[]
      ).map((question) => question.text);
    expect(await search('like eat', 'alternates')).toEqual(['What is your favorite meal?']);
    expect(await search('like eat', 'text')).toEqual([]);
    expect(await search('"to eat"', 'text,alternates')).toEqual(['What is your favorite meal?']);
    expect(await search('food cook', 'text,topic')).toEqual(['Can you cook?']);
  });

  it('lists a topic’s questions in their order, reorders them, and moves one to another topic', async () => {
    const first = await kit.buildTopic('Order A');
    const second = await kit.buildTopic('Order B');
    const ids = [];
    for (const text of ['One?', 'Two?', 'Three?']) {
      ids.push((await kit.buildQuestion(first.id, text)).id);
    }
    const reordered = await editor.expectStatus<TopicDetail>(
      200,
      'PUT',
      `/v1/conversa/topics/${first.id}/questions/order`,
      { ids: [ids[2], ids[0], ids[1]] },
    );
    expect(reordered.questions.map((question) => question.text)).toEqual([
      'Three?',
      'One?',
      'Two?',
    ]);
    expect(
      (
        await editor.put(`/v1/conversa/topics/${first.id}/questions/order`, {
          ids: [ids[0], ids[1]],
        })
      ).status,
    ).toBe(400);
    const moved = await editor.patch(`/v1/conversa/questions/${ids[0]}`, { topicId: second.id });
    expect(moved.body).toMatchObject({ topicId: second.id, topicName: 'Order B', position: 0 });
    const list = await reader.get(`/v1/conversa/questions?topicId=${first.id}`);
    expect(
      (list.body.items as LibraryQuestion[]).map((question) => [question.text, question.position]),
    ).toEqual([
      ['Three?', 0],
      ['Two?', 1],
    ]);
  });

  it('refuses a duplicate in the same topic, soft-deletes and restores at the end', async () => {
    const topic = await kit.buildTopic('Dedupe');
    const question = await kit.buildQuestion(topic.id, 'Why?');
    await kit.buildQuestion(topic.id, 'How?');
    expect(
      (await editor.post('/v1/conversa/questions', { topicId: topic.id, text: 'why' })).status,
    ).toBe(409);
    const deleted = await editor.delete(`/v1/conversa/questions/${question.id}`);
    expect(deleted.body.deletedAt).toEqual(expect.any(String));
    const restored = await owner.post(`/v1/conversa/questions/${question.id}/restore`);
    expect(restored.body).toMatchObject({ deletedAt: null, position: 1 });
  });

  it('refuses a repeated alternate phrasing with a sentence, instead of dropping it', async () => {
    const topic = await kit.buildTopic('Repeats');
    expect(
      await editor.post('/v1/conversa/questions', {
        topicId: topic.id,
        text: 'Any kids?',
        alternates: ['Do you have children?', ' any KIDS '],
      }),
    ).toMatchObject({
      status: 400,
      body: {
        message: '"any KIDS" is the question itself; an alternate phrasing asks it another way.',
      },
    });
    const question = await kit.buildQuestion(topic.id, 'Any kids?', ['Do you have children?']);
    expect(
      await editor.patch(`/v1/conversa/questions/${question.id}`, {
        alternates: ['Do you have children?', 'Parent?', 'do you have children'],
      }),
    ).toMatchObject({
      status: 400,
      body: {
        message: '"do you have children" is already an alternate phrasing of this question.',
      },
    });
    const kept = await reader.get(`/v1/conversa/questions/${question.id}`);
    expect(kept.body).toMatchObject({ alternates: ['Do you have children?'] });
    const saved = await editor.patch(`/v1/conversa/questions/${question.id}`, {
      alternates: ['Do you have children?', 'Parent?'],
    });
    expect(saved.body).toMatchObject({ alternates: ['Do you have children?', 'Parent?'] });
  });
});
