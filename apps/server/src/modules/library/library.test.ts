import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatScriptNameTakenMessage,
  formatTopicNameTakenMessage,
  NOTHING_TO_SAVE_TO_LIBRARY_MESSAGE,
  normalizeQuestionText,
  type SaveStoryfileTopicsToLibraryResponse,
  SHIPPED_SCRIPT_READ_ONLY_MESSAGE,
  type LibraryQuestion,
  type ScriptDetail,
  type StoryfileDetail,
  type TopicDetail,
} from '@conversa/contracts';
import { and, eq, ilike, isNull } from 'drizzle-orm';
import { questions, topics } from './library.tables.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import { SHIPPED_TEMPLATES } from './templates/index.ts';
import { seedShippedTemplates } from './templates/seed-templates.ts';

let studio: TestStudio;
let eastId: string;
let westId: string;
let reader: ApiClient;
let editor: ApiClient;
let owner: ApiClient;
let westOwner: ApiClient;

beforeAll(async () => {
  studio = await startTestStudio();
  eastId = await buildNamespace(studio, 'east');
  westId = await buildNamespace(studio, 'west');
  [reader, editor, owner, westOwner] = await Promise.all([
    buildMember(studio, 'reader@east.test', { east: 'read:ns' }),
    buildMember(studio, 'editor@east.test', { east: 'edit:ns' }),
    buildMember(studio, 'owner@east.test', { east: 'owner:ns' }),
    buildMember(studio, 'owner@west.test', { west: 'owner:ns' }),
  ]);
});

afterAll(async () => {
  await studio?.stop();
});

interface TopicAnswer {
  id: string;
  name: string;
  questionCount: number;
}

async function buildTopic(name: string, namespaceId = eastId, client = editor) {
  return client.expectStatus<TopicAnswer>(201, 'POST', '/v1/conversa/topics', {
    namespaceId,
    name,
  });
}

async function buildQuestion(
  topicId: string,
  text: string,
  alternates: string[] = [],
  client = editor,
) {
  return client.expectStatus<LibraryQuestion>(201, 'POST', '/v1/conversa/questions', {
    topicId,
    text,
    alternates,
  });
}

describe('topics of the question library', () => {
  it('creates, renames, lists with question counts, and checks names', async () => {
    const topic = await buildTopic('Hobbies');
    await buildQuestion(topic.id, 'What do you do for fun?');
    await buildQuestion(topic.id, 'Do you play an instrument?');
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
    const topic = await buildTopic('Travel');
    await buildQuestion(topic.id, 'Which country surprised you the most?');
    const list = await reader.get('/v1/conversa/topics?search=surprised&searchOptions=questions');
    expect((list.body.items as TopicAnswer[]).map((item) => item.name)).toEqual(['Travel']);
  });

  it('soft-deletes with the " - Deleted" name, hides its questions, and restores for owners', async () => {
    const topic = await buildTopic('Temporary');
    const question = await buildQuestion(topic.id, 'Is this temporary?');
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
    const topic = await buildTopic('East only');
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
    const topic = await buildTopic('Food');
    await buildQuestion(topic.id, 'What is your favorite meal?', ['What do you like to eat?']);
    await buildQuestion(topic.id, 'Can you cook?');
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
    const first = await buildTopic('Order A');
    const second = await buildTopic('Order B');
    const ids = [];
    for (const text of ['One?', 'Two?', 'Three?']) {
      ids.push((await buildQuestion(first.id, text)).id);
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
    const topic = await buildTopic('Dedupe');
    const question = await buildQuestion(topic.id, 'Why?');
    await buildQuestion(topic.id, 'How?');
    expect(
      (await editor.post('/v1/conversa/questions', { topicId: topic.id, text: 'why' })).status,
    ).toBe(409);
    const deleted = await editor.delete(`/v1/conversa/questions/${question.id}`);
    expect(deleted.body.deletedAt).toEqual(expect.any(String));
    const restored = await owner.post(`/v1/conversa/questions/${question.id}/restore`);
    expect(restored.body).toMatchObject({ deletedAt: null, position: 1 });
  });

  it('refuses a repeated alternate phrasing with a sentence, instead of dropping it', async () => {
    const topic = await buildTopic('Repeats');
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
    const question = await buildQuestion(topic.id, 'Any kids?', ['Do you have children?']);
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

describe('scripts and shipped templates', () => {
  it('lists the shipped templates to everyone, with their counts', async () => {
    const list = await westOwner.get('/v1/conversa/scripts?shipped=true');
    expect(list.status).toBe(200);
    const items = list.body.items as {
      name: string;
      isShipped: boolean;
      topicCount: number;
      questionCount: number;
    }[];
    expect(items.map((item) => item.name).sort()).toEqual(
      SHIPPED_TEMPLATES.map((template) => template.name).sort(),
    );
    for (const item of items) {
      expect(item.isShipped).toBe(true);
      expect(item.topicCount).toBeGreaterThanOrEqual(4);
      expect(item.questionCount).toBeGreaterThanOrEqual(25);
    }
  });

  it('seeding again is a no-op, so template ids stay stable', async () => {
    const before = await reader.get('/v1/conversa/scripts?shipped=true');
    expect(await seedShippedTemplates(studio.database.db, SHIPPED_TEMPLATES)).toEqual({
      inserted: 0,
      updated: 0,
    });
    const after = await reader.get('/v1/conversa/scripts?shipped=true');
    expect(after.body.items).toEqual(before.body.items);
  });

  it('refuses changes to a shipped template and duplicates it into a namespace', async () => {
    const list = await editor.get('/v1/conversa/scripts?shipped=true&search=%22Life%20Story%22');
    const template = (list.body.items as { id: string }[])[0]!;
    expect(
      await editor.patch(`/v1/conversa/scripts/${template.id}`, { name: 'Mine now' }),
    ).toMatchObject({
      status: 403,
      body: { message: SHIPPED_SCRIPT_READ_ONLY_MESSAGE },
    });
    expect(
      (await editor.put(`/v1/conversa/scripts/${template.id}/content`, { topics: [] })).status,
    ).toBe(403);
    const copy = await editor.expectStatus<ScriptDetail>(
      201,
      'POST',
      `/v1/conversa/scripts/${template.id}/duplicate`,
      { namespaceId: eastId },
    );
    expect(copy).toMatchObject({
      name: 'Life Story (copy)',
      isShipped: false,
      namespaceId: eastId,
    });
    const second = await editor.expectStatus<ScriptDetail>(
      201,
      'POST',
      `/v1/conversa/scripts/${template.id}/duplicate`,
      { namespaceId: eastId },
    );
    expect(second.name).toBe('Life Story (copy) (2)');
    const original = await editor.expectStatus<ScriptDetail>(
      200,
      'GET',
      `/v1/conversa/scripts/${template.id}`,
    );
    expect(copy.topics.map((topic) => topic.questions.map((question) => question.text))).toEqual(
      original.topics.map((topic) => topic.questions.map((question) => question.text)),
    );
  });

  it('saves whole content, keeping the ids it is given, and reorders', async () => {
    const script = await editor.expectStatus<ScriptDetail>(201, 'POST', '/v1/conversa/scripts', {
      namespaceId: eastId,
      name: 'Builder script',
      topics: [
        { name: 'First', questions: [{ text: 'A?' }, { text: 'B?' }] },
        { name: 'Second', questions: [{ text: 'C?' }] },
      ],
    });
    const [first, second] = script.topics;
    const saved = await editor.expectStatus<ScriptDetail>(
      200,
      'PUT',
      `/v1/conversa/scripts/${script.id}/content`,
      {
        topics: [
          {
            id: second!.id,
            name: 'Second',
            questions: [{ id: second!.questions[0]!.id, text: 'C?' }, { text: 'D?' }],
          },
          {
            id: first!.id,
            name: 'First renamed',
            questions: [{ id: first!.questions[1]!.id, text: 'B?' }],
          },
        ],
      },
    );
    expect(
      saved.topics.map((topic) => [topic.id, topic.name, topic.questions.map((q) => q.text)]),
    ).toEqual([
      [second!.id, 'Second', ['C?', 'D?']],
      [first!.id, 'First renamed', ['B?']],
    ]);
    expect(saved.topics[0]!.questions[0]!.id).toBe(second!.questions[0]!.id);
    expect(
      (
        await editor.put(`/v1/conversa/scripts/${script.id}/content`, {
          topics: [{ name: 'X', questions: [{ text: 'Same?' }, { text: 'same' }] }],
        })
      ).body.message,
    ).toBe('The question "same" appears twice in this script.');
    const reordered = await editor.expectStatus<ScriptDetail>(
      200,
      'PUT',
      `/v1/conversa/scripts/${script.id}/topics/order`,
      { ids: [first!.id, second!.id] },
    );
    expect(reordered.topics.map((topic) => topic.id)).toEqual([first!.id, second!.id]);
    const questionIds = reordered.topics[1]!.questions.map((question) => question.id).reverse();
    const questionsReordered = await editor.expectStatus<ScriptDetail>(
      200,
      'PUT',
      `/v1/conversa/scripts/${script.id}/topics/${second!.id}/questions/order`,
      { ids: questionIds },
    );
    expect(questionsReordered.topics[1]!.questions.map((question) => question.text)).toEqual([
      'D?',
      'C?',
    ]);
  });

  it('soft-deletes and restores scripts by their names', async () => {
    const script = await editor.expectStatus<ScriptDetail>(201, 'POST', '/v1/conversa/scripts', {
      namespaceId: eastId,
      name: 'Disposable',
    });
    expect((await editor.delete(`/v1/conversa/scripts/${script.id}`)).body.name).toBe(
      'Disposable - Deleted',
    );
    expect(
      (await reader.get(`/v1/conversa/script/nameTaken?name=Disposable&organizationIds=${eastId}`))
        .body,
    ).toEqual({ unique: true });
    await editor.expectStatus(201, 'POST', '/v1/conversa/scripts', {
      namespaceId: eastId,
      name: 'Disposable',
    });
    expect(await owner.post(`/v1/conversa/scripts/${script.id}/restore`)).toMatchObject({
      status: 409,
      body: { message: formatScriptNameTakenMessage('Disposable') },
    });
  });

  it('applies a namespace script built from the library without duplicating library questions', async () => {
    const topic = await buildTopic('Library source');
    const question = await buildQuestion(topic.id, 'What is your motto?');
    const script = await editor.expectStatus<ScriptDetail>(201, 'POST', '/v1/conversa/scripts', {
      namespaceId: eastId,
      name: 'From library',
      topics: [
        {
          name: 'Values',
          sourceTopicId: topic.id,
          questions: [{ text: 'What motto do you live by?', sourceQuestionId: question.id }],
        },
      ],
    });
    const file = await buildStoryfile(editor, eastId, { name: 'Library storyfile' });
    // The storyfile already took the library question directly, with the library's wording.
    const fileTopic = await editor.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${file.id}/topics`,
      { name: 'Mine' },
    );
    await editor.expectStatus(201, 'POST', `/v1/conversa/storyfiles/${file.id}/questions`, {
      topicId: fileTopic.id,
      sourceQuestionId: question.id,
    });
    const applied = await editor.post(`/v1/conversa/storyfiles/${file.id}/apply-script`, {
      scriptId: script.id,
    });
    expect(applied.body).toMatchObject({ addedQuestions: 0, skippedQuestions: 1, addedTopics: 0 });
    expect((applied.body as { storyfile: StoryfileDetail }).storyfile.questionCount).toBe(1);
  });

  it('copies a whole library topic into a storyfile', async () => {
    const topic = await buildTopic('Whole topic');
    await buildQuestion(topic.id, 'First whole?', ['Alt whole?']);
    await buildQuestion(topic.id, 'Second whole?');
    const file = await buildStoryfile(editor, eastId, { name: 'Whole copy' });
    const added = await editor.expectStatus<{
      name: string;
      sourceTopicId: string;
      questions: { text: string; alternates: string[]; sourceQuestionId: string | null }[];
    }>(201, 'POST', `/v1/conversa/storyfiles/${file.id}/topics`, { sourceTopicId: topic.id });
    expect(added).toMatchObject({ name: 'Whole topic', sourceTopicId: topic.id });
    expect(added.questions.map((question) => [question.text, question.alternates])).toEqual([
      ['First whole?', ['Alt whole?']],
      ['Second whole?', []],
    ]);
    expect(added.questions.every((question) => question.sourceQuestionId !== null)).toBe(true);
  });

  it('keeps library items of another namespace out of scripts and storyfiles', async () => {
    const westTopic = await buildTopic('West topic', westId, westOwner);
    const westQuestion = await buildQuestion(westTopic.id, 'West question?', [], westOwner);
    expect(
      (
        await editor.post('/v1/conversa/scripts', {
          namespaceId: eastId,
          name: 'Cross',
          topics: [{ name: 'T', questions: [{ text: 'Q?', sourceQuestionId: westQuestion.id }] }],
        })
      ).status,
    ).toBe(400);
    const file = await buildStoryfile(editor, eastId, { name: 'Cross storyfile' });
    expect(
      (
        await editor.post(`/v1/conversa/storyfiles/${file.id}/topics`, {
          sourceTopicId: westTopic.id,
        })
      ).status,
    ).toBe(404);
    const westScript = await westOwner.expectStatus<ScriptDetail>(
      201,
      'POST',
      '/v1/conversa/scripts',
      {
        namespaceId: westId,
        name: 'West script',
      },
    );
    expect(
      (
        await editor.post(`/v1/conversa/storyfiles/${file.id}/apply-script`, {
          scriptId: westScript.id,
        })
      ).status,
    ).toBe(404);
    expect((await editor.get(`/v1/conversa/scripts/${westScript.id}`)).status).toBe(404);
  });
});

// Issue 15, defect 10: /topics said the library was empty right after a storyfile was built with
// 7 topics. A storyfile's script and the library are separate copies; this saves one into the other.
describe("saving a storyfile's topics to the library", () => {
  async function buildScriptedStoryfile(
    name: string,
    script: { name: string; questions: (string | { text: string; alternates: string[] })[] }[],
  ) {
    const file = await buildStoryfile(editor, eastId, { name });
    for (const topic of script) {
      const created = await editor.expectStatus<{ id: string }>(
        201,
        'POST',
        `/v1/conversa/storyfiles/${file.id}/topics`,
        { name: topic.name },
      );
      for (const question of topic.questions) {
        await editor.expectStatus(201, 'POST', `/v1/conversa/storyfiles/${file.id}/questions`, {
          topicId: created.id,
          ...(typeof question === 'string' ? { text: question } : question),
        });
      }
    }
    return file;
  }

  async function libraryTopic(name: string) {
    const list = await reader.get(
      `/v1/conversa/topics?search=${encodeURIComponent(`"${name}"`)}&namespaceId=${eastId}`,
    );
    const found = (list.body.items as TopicAnswer[]).find((topic) => topic.name === name);
    return found
      ? await reader.expectStatus<TopicDetail>(200, 'GET', `/v1/conversa/topics/${found.id}`)
      : undefined;
  }

  it('copies topics and questions, joining a library topic of the same name, never twice', async () => {
    const existing = await buildTopic('saved childhood');
    await buildQuestion(existing.id, 'Where were you born?');
    const file = await buildScriptedStoryfile('Saves its topics', [
      {
        name: 'Saved Childhood',
        questions: ['Where were you born', 'What games did you play?'],
      },
      {
        name: 'Saved career',
        questions: [
          { text: 'What was your first job?', alternates: ['Where did you first work?'] },
        ],
      },
    ]);
    const saved = await editor.expectStatus<SaveStoryfileTopicsToLibraryResponse>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${file.id}/save-to-library`,
    );
    expect(saved).toEqual({ addedTopics: 1, addedQuestions: 2, skippedQuestions: 1 });
    const childhood = await libraryTopic('saved childhood');
    expect(childhood?.questions.map((question) => question.text)).toEqual([
      'Where were you born?',
      'What games did you play?',
    ]);
    const career = await libraryTopic('Saved career');
    expect(career?.questions.map(({ text, alternates }) => ({ text, alternates }))).toEqual([
      { text: 'What was your first job?', alternates: ['Where did you first work?'] },
    ]);

    const again = await editor.expectStatus<SaveStoryfileTopicsToLibraryResponse>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${file.id}/save-to-library`,
    );
    expect(again).toEqual({ addedTopics: 0, addedQuestions: 0, skippedQuestions: 3 });
  });

  it('writes all or nothing: a library topic that would overflow saves no other topic either', async () => {
    const full = await buildTopic('Saved full topic');
    await studio.database.db.insert(questions).values(
      Array.from({ length: 500 }, (_, index) => ({
        namespaceId: eastId,
        topicId: full.id,
        text: `Filler question ${index}?`,
        textKey: normalizeQuestionText(`Filler question ${index}?`),
        position: index,
      })),
    );
    const file = await buildScriptedStoryfile('Overflows the library', [
      { name: 'Saved before the full one', questions: ['Is this saved?'] },
      { name: 'Saved full topic', questions: ['One question too many?'] },
    ]);
    expect(await editor.post(`/v1/conversa/storyfiles/${file.id}/save-to-library`)).toMatchObject({
      status: 409,
      body: {
        message:
          'The library topic "Saved full topic" would have more than 500 questions, so nothing was saved. Move some of its questions to another topic first.',
      },
    });
    const leftovers = await studio.database.db
      .select({ id: topics.id })
      .from(topics)
      .where(
        and(
          eq(topics.namespaceId, eastId),
          ilike(topics.name, 'Saved before the full one'),
          isNull(topics.deletedAt),
        ),
      );
    expect(leftovers).toEqual([]);
  });

  it('says there is nothing to save without topics, and only editors of its namespace may save', async () => {
    const empty = await buildStoryfile(editor, eastId, { name: 'Nothing to save' });
    expect(await editor.post(`/v1/conversa/storyfiles/${empty.id}/save-to-library`)).toMatchObject({
      status: 400,
      body: { message: NOTHING_TO_SAVE_TO_LIBRARY_MESSAGE },
    });
    const file = await buildScriptedStoryfile('Guarded save', [
      { name: 'Saved guarded', questions: ['Who may save this?'] },
    ]);
    expect((await reader.post(`/v1/conversa/storyfiles/${file.id}/save-to-library`)).status).toBe(
      403,
    );
    expect(
      (await westOwner.post(`/v1/conversa/storyfiles/${file.id}/save-to-library`)).status,
    ).toBe(404);
    expect(await libraryTopic('Saved guarded')).toBeUndefined();
  });
});
