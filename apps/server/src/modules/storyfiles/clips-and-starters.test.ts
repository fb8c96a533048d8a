import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryfileDetail } from '@conversa/contracts';
import { base, startChecklistStudio, type ChecklistKit } from '../../../test/checklist.fixtures.ts';
import { buildStoryfile, type ApiClient } from '../../../test/storyfile.fixtures.ts';

// A storyfile's clip slots (their prompts) and conversation starters (questions of the storyfile).

let kit: ChecklistKit;
let namespaceId: string;
let editor: ApiClient;

beforeAll(async () => {
  kit = await startChecklistStudio();
  ({ namespaceId, editor } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('clip slots and conversation starters', () => {
  let fileId: string;
  let questionIds: string[];

  beforeAll(async () => {
    fileId = (await buildStoryfile(editor, namespaceId, { name: 'Starters' })).id;
    const topic = await kit.addTopic(fileId, 'General');
    questionIds = [];
    for (const text of ['Who are you?', 'What do you do?', 'Where do you live?']) {
      questionIds.push((await kit.addQuestion(fileId, topic.id, text)).id);
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
    const detail = await kit.getDetail(fileId);
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
    const topic = await kit.addTopic(other.id, 'Elsewhere');
    const foreign = await kit.addQuestion(other.id, topic.id, 'Foreign question?');
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
