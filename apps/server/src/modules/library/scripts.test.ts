import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatScriptNameTakenMessage,
  SHIPPED_SCRIPT_READ_ONLY_MESSAGE,
  type ScriptDetail,
  type StoryfileDetail,
} from '@conversa/contracts';
import { startLibraryStudio, type LibraryKit } from '../../../test/library.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import { buildStoryfile, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { SHIPPED_TEMPLATES } from './templates/index.ts';
import { seedShippedTemplates } from './templates/seed-templates.ts';

// Scripts and the shipped templates: templates read-only and duplicated into a namespace, scripts
// saved whole, soft-deleted by name, applied to storyfiles, within their namespace.

let kit: LibraryKit;
let studio: TestStudio;
let eastId: string;
let westId: string;
let reader: ApiClient;
let editor: ApiClient;
let owner: ApiClient;
let westOwner: ApiClient;

beforeAll(async () => {
  kit = await startLibraryStudio();
  ({ studio, eastId, westId, reader, editor, owner, westOwner } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
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
    const topic = await kit.buildTopic('Library source');
    const question = await kit.buildQuestion(topic.id, 'What is your motto?');
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
    const topic = await kit.buildTopic('Whole topic');
    await kit.buildQuestion(topic.id, 'First whole?', ['Alt whole?']);
    await kit.buildQuestion(topic.id, 'Second whole?');
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
    const westTopic = await kit.buildTopic('West topic', westId, westOwner);
    const westQuestion = await kit.buildQuestion(westTopic.id, 'West question?', [], westOwner);
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
