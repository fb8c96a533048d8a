import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_CLIP_PROMPTS,
  PRESET_NOT_AVAILABLE_MESSAGE,
  SCRIPT_AND_PRESET_MESSAGE,
  type StoryfileDetail,
} from '@conversa/contracts';
import { base, startChecklistStudio, type ChecklistKit } from '../../../test/checklist.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import { buildStoryfile, type ApiClient } from '../../../test/storyfile.fixtures.ts';

// Filling a storyfile from a script or a preset (spec §3): merged without duplicating, in order.

let kit: ChecklistKit;
let studio: TestStudio;
let namespaceId: string;
let editor: ApiClient;

beforeAll(async () => {
  kit = await startChecklistStudio();
  ({ studio, namespaceId, editor } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('applying a script (merges without duplicating)', () => {
  async function findTemplate(
    name: string,
  ): Promise<{ id: string; questionCount: number; topicCount: number }> {
    const list = await editor.get(
      `/v1/conversa/scripts?shipped=true&search=${encodeURIComponent(`"${name}"`)}`,
    );
    const template = (
      list.body.items as { id: string; name: string; questionCount: number; topicCount: number }[]
    ).find((item) => item.name === name);
    expect(template, name).toBeDefined();
    return template!;
  }

  it('fills an empty storyfile with every topic and question of the template, in order', async () => {
    const template = await findTemplate('Life Story');
    const file = await buildStoryfile(editor, namespaceId, { name: 'Applied' });
    const answer = await editor.post(`${base(file.id)}/apply-script`, { scriptId: template.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      addedTopics: template.topicCount,
      addedQuestions: template.questionCount,
      skippedQuestions: 0,
    });
    const script = await editor.expectStatus<{
      topics: { name: string; questions: { text: string }[] }[];
    }>(200, 'GET', `/v1/conversa/scripts/${template.id}`);
    const detail = (answer.body as { storyfile: StoryfileDetail }).storyfile;
    expect(detail.topics.map((topic) => [topic.name, topic.questions.map((q) => q.text)])).toEqual(
      script.topics.map((topic) => [topic.name, topic.questions.map((q) => q.text)]),
    );
  });

  it('applying it again adds nothing', async () => {
    const template = await findTemplate('Expert FAQ');
    const file = await buildStoryfile(editor, namespaceId, { name: 'Twice applied' });
    await editor.expectStatus(200, 'POST', `${base(file.id)}/apply-script`, {
      scriptId: template.id,
    });
    const again = await editor.post(`${base(file.id)}/apply-script`, { scriptId: template.id });
    expect(again.body).toMatchObject({
      addedTopics: 0,
      addedQuestions: 0,
      skippedQuestions: template.questionCount,
    });
    expect((again.body as { storyfile: StoryfileDetail }).storyfile.questionCount).toBe(
      template.questionCount,
    );
  });

  it('merges into topics of the same name and skips questions already present, even reworded', async () => {
    const template = await findTemplate('Company Onboarding');
    const file = await buildStoryfile(editor, namespaceId, { name: 'Merged' });
    const story = await kit.addTopic(file.id, 'our story'); // same topic, other case
    await kit.addQuestion(file.id, story.id, 'WHAT IS OUR MISSION'); // same question, other form
    const custom = await kit.addQuestion(file.id, story.id, 'What is our favourite snack?');
    // An alternate phrasing counts as the question too.
    await editor.patch(`${base(file.id)}/questions/${custom.id}`, {
      alternates: ['Who are our customers?'],
    });
    const answer = await editor.post(`${base(file.id)}/apply-script`, { scriptId: template.id });
    expect(answer.body).toMatchObject({ skippedQuestions: 2 });
    const detail = (answer.body as { storyfile: StoryfileDetail }).storyfile;
    const ourStory = detail.topics.find((topic) => topic.id === story.id)!;
    expect(ourStory.questions.map((question) => question.text)).toEqual([
      'WHAT IS OUR MISSION',
      'What is our favourite snack?',
      'How did the company start?',
      'What makes us different from our competitors?',
      'Where do you see the company in five years?',
    ]);
    expect(detail.topics.filter((topic) => topic.name.toLowerCase() === 'our story')).toHaveLength(
      1,
    );
    // Two of its own, plus the template's less the two it already had.
    expect(detail.questionCount).toBe(2 + template.questionCount - 2);
  });

  it('creates a storyfile straight from a template', async () => {
    const template = await findTemplate('Life Story');
    const created = await editor.expectStatus<StoryfileDetail>(
      201,
      'POST',
      '/v1/conversa/storyfiles',
      {
        namespaceId,
        name: 'From template',
        scriptId: template.id,
      },
    );
    expect(created).toMatchObject({
      topicCount: template.topicCount,
      questionCount: template.questionCount,
    });
  });

  it('an unknown script is a 404 and the storyfile is untouched', async () => {
    const file = await buildStoryfile(editor, namespaceId, { name: 'No script' });
    expect(
      await editor.post(`${base(file.id)}/apply-script`, {
        scriptId: '00000000-0000-4000-8000-000000000000',
      }),
    ).toMatchObject({ status: 404, body: { message: 'Script not found.' } });
    expect((await kit.getDetail(file.id)).topics).toEqual([]);
  });
});

describe('presets (spec §3)', () => {
  const setAttributes = (attributes: Record<string, boolean>) =>
    studio.database.db.execute(
      sql`update namespaces set attributes = ${JSON.stringify(attributes)}::jsonb
        where id = ${namespaceId}`,
    );
  const create = (name: string, body: Record<string, unknown>) =>
    editor.post<StoryfileDetail & { message: string }>('/v1/conversa/storyfiles', {
      namespaceId,
      name,
      ...body,
    });

  it('fills a new storyfile from a preset the namespace offers: script, starters and clip prompts', async () => {
    await setAttributes({ SHOW_PRESETS: true, PRESET_ASK_SANTA: true });
    try {
      const answer = await create('Santa at the mall', { presetSlug: 'ask-santa' });
      expect(answer.status).toBe(201);
      const created = answer.body;
      expect(created.topics.map((topic) => topic.name)).toEqual([
        'Meet Santa',
        'Life at the North Pole',
        'The Reindeer',
        'Elves and the Workshop',
        'The List',
        'Christmas Eve',
      ]);
      expect(created.questionCount).toBe(29);
      const reindeer = created.topics[2]!.questions.find(
        (question) => question.text === 'How do reindeer fly?',
      );
      expect(reindeer?.alternates).toEqual(['Can your reindeer really fly?']);
      expect(created.starters.map((starter) => starter.text)).toEqual([
        'What are the names of your reindeer?',
        'Am I on the nice list?',
        'How do you visit every house in one night?',
        'How many elves work for you?',
      ]);
      const prompts = Object.fromEntries(created.clips.map((clip) => [clip.kind, clip.prompt]));
      expect(prompts.cannotAnswer).toMatch(/^Ho ho! That's a question even Santa can't answer!/);
      expect(prompts.pleaseRepeat).not.toBe(DEFAULT_CLIP_PROMPTS.pleaseRepeat);
    } finally {
      await setAttributes({});
    }
  });

  it('refuses a preset the namespace does not offer, and a script with a preset', async () => {
    await setAttributes({ PRESET_TIME: true });
    try {
      expect(await create('Without SHOW_PRESETS', { presetSlug: 'time' })).toMatchObject({
        status: 403,
        body: { message: PRESET_NOT_AVAILABLE_MESSAGE },
      });
      await setAttributes({ SHOW_PRESETS: true, PRESET_TIME: true });
      expect(await create('Another flag', { presetSlug: 'medtronic' })).toMatchObject({
        status: 403,
        body: { message: PRESET_NOT_AVAILABLE_MESSAGE },
      });
      expect(
        await create('Both', {
          presetSlug: 'time',
          scriptId: '00000000-0000-4000-8000-000000000000',
        }),
      ).toMatchObject({ status: 400, body: { message: SCRIPT_AND_PRESET_MESSAGE } });
      expect(await create('Unknown', { presetSlug: 'pirates' })).toMatchObject({ status: 400 });
      expect((await create('A historical figure', { presetSlug: 'time' })).status).toBe(201);
    } finally {
      await setAttributes({});
    }
  });
});
