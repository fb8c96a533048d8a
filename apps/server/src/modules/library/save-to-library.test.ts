import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTHING_TO_SAVE_TO_LIBRARY_MESSAGE,
  normalizeQuestionText,
  type SaveStoryfileTopicsToLibraryResponse,
  type TopicDetail,
} from '@conversa/contracts';
import { and, eq, ilike, isNull } from 'drizzle-orm';
import { questions, topics } from './library.tables.ts';
import {
  startLibraryStudio,
  type LibraryKit,
  type TopicAnswer,
} from '../../../test/library.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import { buildStoryfile, type ApiClient } from '../../../test/storyfile.fixtures.ts';

// Saving a storyfile's topics to the question library.

let kit: LibraryKit;
let studio: TestStudio;
let eastId: string;
let reader: ApiClient;
let editor: ApiClient;
let westOwner: ApiClient;

beforeAll(async () => {
  kit = await startLibraryStudio();
  ({ studio, eastId, reader, editor, westOwner } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
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
    const existing = await kit.buildTopic('saved childhood');
    await kit.buildQuestion(existing.id, 'Where were you born?');
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
    const full = await kit.buildTopic('Saved full topic');
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
