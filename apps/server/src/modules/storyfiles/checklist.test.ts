import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CLIP_KINDS,
  DEFAULT_CLIP_PROMPTS,
  PRESET_NOT_AVAILABLE_MESSAGE,
  SCRIPT_AND_PRESET_MESSAGE,
  type StoryfileDetail,
  type StoryfileTopic,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';

let studio: TestStudio;
let namespaceId: string;
let editor: ApiClient;
let reader: ApiClient;

beforeAll(async () => {
  studio = await startTestStudio();
  namespaceId = await buildNamespace(studio, 'checklists');
  [editor, reader] = await Promise.all([
    buildMember(studio, 'editor@checklists.test', { checklists: 'edit:ns' }),
    buildMember(studio, 'reader@checklists.test', { checklists: 'read:ns' }),
  ]);
});

afterAll(async () => {
  await studio?.stop();
});

const base = (id: string) => `/v1/conversa/storyfiles/${id}`;

async function addTopic(storyfileId: string, name: string, extra: object = {}) {
  return editor.expectStatus<StoryfileTopic>(201, 'POST', `${base(storyfileId)}/topics`, {
    name,
    ...extra,
  });
}

async function addQuestion(storyfileId: string, topicId: string, text: string, extra: object = {}) {
  return editor.expectStatus<{ id: string; position: number; alternates: string[] }>(
    201,
    'POST',
    `${base(storyfileId)}/questions`,
    { topicId, text, ...extra },
  );
}

const getDetail = async (id: string) => editor.expectStatus<StoryfileDetail>(200, 'GET', base(id));

const shape = (detail: StoryfileDetail) =>
  detail.topics.map((topic) => [
    topic.name,
    topic.position,
    topic.questions.map((question) => `${question.position}:${question.text}`),
  ]);

describe('a new storyfile', () => {
  it('has an empty checklist, the four clip slots with prompts, and no starters', async () => {
    const file = await buildStoryfile(editor, namespaceId, { name: 'Fresh' });
    const detail = await getDetail(file.id);
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
      topicIds[name] = (await addTopic(fileId, name)).id;
    }
    for (const text of [
      'Where were you born?',
      'What games did you play?',
      'Who was your friend?',
    ]) {
      await addQuestion(fileId, topicIds.Childhood!, text);
    }
    await addQuestion(fileId, topicIds.Work!, 'What was your first job?');
  });

  it('keeps the order of creation, positions from zero', async () => {
    expect(shape(await getDetail(fileId))).toEqual([
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
    const topic = await addTopic(fileId, 'Intro', { index: 0 });
    const question = await addQuestion(fileId, topicIds.Childhood!, 'Tell me about your parents.', {
      index: 1,
    });
    expect(question.position).toBe(1);
    const detail = await getDetail(fileId);
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
    expect((await getDetail(fileId)).topics.map((topic) => topic.id)).toEqual(order);
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
    const before = await getDetail(fileId);
    const ids = before.topics.map((topic) => topic.id);
    const answer = await editor.put(`${base(fileId)}/topics/order`, { ids: mutate(ids) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(
      /^The new order must list every topic of the storyfile exactly once/,
    );
    expect(shape(await getDetail(fileId))).toEqual(shape(before));
  });

  it('reorders the questions of one topic', async () => {
    const before = await getDetail(fileId);
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
    const before = await getDetail(fileId);
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
    const question = await addQuestion(fileId, topicIds.Family!, 'Do you have children?');
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
      await addTopic(file.id, 'A'),
      await addTopic(file.id, 'B'),
      await addTopic(file.id, 'C'),
    ];
    await addQuestion(file.id, second.id, 'Gone with B?');
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

describe('clip slots and conversation starters', () => {
  let fileId: string;
  let questionIds: string[];

  beforeAll(async () => {
    fileId = (await buildStoryfile(editor, namespaceId, { name: 'Starters' })).id;
    const topic = await addTopic(fileId, 'General');
    questionIds = [];
    for (const text of ['Who are you?', 'What do you do?', 'Where do you live?']) {
      questionIds.push((await addQuestion(fileId, topic.id, text)).id);
    }
  });

  it('sets the prompt of a clip slot', async () => {
    const answer = await editor.put(`${base(fileId)}/clips/cannotAnswer`, {
      prompt: 'Hmm, I never thought about that.',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        kind: 'cannotAnswer',
        label: 'Cannot answer',
        prompt: 'Hmm, I never thought about that.',
      },
    });
    const detail = await getDetail(fileId);
    expect(detail.clips.find((clip) => clip.kind === 'cannotAnswer')?.prompt).toBe(
      'Hmm, I never thought about that.',
    );
    expect((await editor.put(`${base(fileId)}/clips/outro`, { prompt: 'x' })).status).toBe(400);
  });

  it('sets, reorders and clears starters', async () => {
    const order = [questionIds[2]!, questionIds[0]!];
    const detail = await editor.expectStatus<StoryfileDetail>(
      200,
      'PUT',
      `${base(fileId)}/starters`,
      {
        questionIds: order,
      },
    );
    expect(
      detail.starters.map((starter) => [starter.questionId, starter.position, starter.text]),
    ).toEqual([
      [questionIds[2], 0, 'Where do you live?'],
      [questionIds[0], 1, 'Who are you?'],
    ]);
    const reordered = await editor.expectStatus<StoryfileDetail>(
      200,
      'PUT',
      `${base(fileId)}/starters`,
      {
        questionIds: [...order].reverse(),
      },
    );
    expect(reordered.starters.map((starter) => starter.questionId)).toEqual([...order].reverse());
  });

  it('refuses starters that are not questions of the storyfile, or repeated', async () => {
    const other = await buildStoryfile(editor, namespaceId, { name: 'Other starters' });
    const topic = await addTopic(other.id, 'Elsewhere');
    const foreign = await addQuestion(other.id, topic.id, 'Foreign question?');
    expect(
      await editor.put(`${base(fileId)}/starters`, { questionIds: [foreign.id] }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Conversation starters must be questions of this storyfile.' },
    });
    expect(
      (
        await editor.put(`${base(fileId)}/starters`, {
          questionIds: [questionIds[0], questionIds[0]],
        })
      ).status,
    ).toBe(400);
  });

  it('drops a starter when its question is deleted, keeping the others in order', async () => {
    await editor.expectStatus(200, 'PUT', `${base(fileId)}/starters`, {
      questionIds: [questionIds[0], questionIds[1], questionIds[2]],
    });
    const detail = await editor.expectStatus<StoryfileDetail>(
      200,
      'DELETE',
      `${base(fileId)}/questions/${questionIds[1]}`,
    );
    expect(detail.starters.map((starter) => [starter.questionId, starter.position])).toEqual([
      [questionIds[0], 0],
      [questionIds[2], 1],
    ]);
  });
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
    const story = await addTopic(file.id, 'our story'); // same topic, other case
    await addQuestion(file.id, story.id, 'WHAT IS OUR MISSION'); // same question, other form
    const custom = await addQuestion(file.id, story.id, 'What is our favourite snack?');
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
    expect((await getDetail(file.id)).topics).toEqual([]);
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
