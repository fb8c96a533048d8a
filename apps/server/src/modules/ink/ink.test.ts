import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INK_COMPILED_JSON_REFUSED_MESSAGE,
  INK_SOURCE_MAX_BYTES,
  INK_SOURCE_TOO_LARGE_MESSAGE,
  INK_VERSION_HAS_ERRORS_MESSAGE,
  type InkStory,
  type InkVersion,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { buildMember, buildNamespace, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  seedStoryfileWithAnswers,
  UNRECORDED_QUESTION,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';

let studio: TestStudio;
let editor: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let storyfile: SeededStoryfile;
let namespaceId: string;

const BORN = 'Where were you born?';

function storyPath(suffix = '') {
  return `/v1/conversa/storyfiles/${storyfile.id}/ink-story${suffix}`;
}

function twoBranchStory(answerId: string) {
  return `Hello! # clip: intro
Ask me about my childhood or my pets.
* [Tell me about your childhood] -> childhood
* [Do you have pets?] -> pets
== childhood
I was born far away. # answer: ${answerId}
-> END
== pets
Let me tell you. # answer: ${storyfile.questions[UNRECORDED_QUESTION]}
-> END
`;
}

beforeAll(async () => {
  studio = await startTestStudio();
  namespaceId = await buildNamespace(studio, 'ink');
  await buildNamespace(studio, 'elsewhere');
  editor = await buildMember(studio, 'editor@ink.test', { ink: 'edit:ns' });
  reader = await buildMember(studio, 'reader@ink.test', { ink: 'read:ns' });
  outsider = await buildMember(studio, 'owner@elsewhere.test', { elsewhere: 'owner:ns' });
  storyfile = await seedStoryfileWithAnswers(studio, editor, namespaceId);
});

afterAll(async () => {
  await studio?.stop();
});

describe('ink story versions', () => {
  it('a storyfile starts without a story; readers see it, outsiders get 404', async () => {
    const { status, body } = await reader.get<InkStory>(storyPath());
    expect(status).toBe(200);
    // The namespace decides who may change the story: the editor reads it to offer or lock Save.
    expect(body).toMatchObject({ latest: null, versions: [], publishedNumber: null, namespaceId });
    expect(body.questions.find((q) => q.text === BORN)).toMatchObject({ isRecorded: true });
    expect(body.questions.find((q) => q.text === UNRECORDED_QUESTION)).toMatchObject({
      isRecorded: false,
    });
    expect((await outsider.get(storyPath())).status).toBe(404);
  });

  it('saving compiles on the server: errors are stored, no JSON; readers may not save', async () => {
    const refused = await reader.post(storyPath('/versions'), { source: 'Hi' });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'You need to be at least "Content Creator"' },
    });
    const { status, body } = await editor.post<InkVersion>(storyPath('/versions'), {
      source: twoBranchStory('not-a-question'),
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ number: 1, hasErrors: true, compiledJson: null, errorCount: 1 });
    expect(body.messages).toContainEqual({
      severity: 'error',
      line: 6,
      message:
        'Unknown question "not-a-question": an answer tag names a question of this storyfile\'s checklist.',
    });
    const publish = await editor.post(storyPath('/versions/1/publish'));
    expect(publish).toMatchObject({
      status: 409,
      body: { message: INK_VERSION_HAS_ERRORS_MESSAGE },
    });
  });

  it('a good source gives compiled JSON, with a warning for the unrecorded question, and publishes', async () => {
    const { status, body } = await editor.post<InkVersion>(storyPath('/versions'), {
      source: twoBranchStory(storyfile.questions[BORN]!),
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ number: 2, hasErrors: false, errorCount: 0, warningCount: 1 });
    expect(JSON.parse(body.compiledJson!)).toHaveProperty('inkVersion');
    expect(body.messages).toEqual([
      {
        severity: 'warning',
        line: 9,
        message: `"${UNRECORDED_QUESTION}" has no recorded answer yet: the player shows its text instead.`,
      },
    ]);
    expect(body.stats).toMatchObject({ knots: 2, choices: 2 });
    const published = await editor.post<InkStory>(storyPath('/versions/2/publish'));
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ publishedNumber: 2 });
    expect(published.body.versions.map((v) => [v.number, v.isPublished])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it('restore saves an old source again as the newest version; history keeps every version', async () => {
    const { status, body } = await editor.post<InkVersion>(storyPath('/versions/1/restore'));
    expect(status).toBe(201);
    expect(body).toMatchObject({ number: 3, restoredFromNumber: 1, hasErrors: true });
    const version1 = await reader.get<InkVersion>(storyPath('/versions/1'));
    expect(body.source).toBe(version1.body.source);
    const story = await reader.get<InkStory>(storyPath());
    expect(story.body.latest?.number).toBe(3);
    expect(story.body.versions.map((v) => v.number)).toEqual([3, 2, 1]);
    // Publishing stays on the version that was published.
    expect(story.body.publishedNumber).toBe(2);
    expect((await reader.get(storyPath('/versions/99'))).status).toBe(404);
  });

  it('readers may not restore, publish or unpublish (issue 68, item 10)', async () => {
    const refused = { status: 403, body: { message: 'You need to be at least "Content Creator"' } };
    expect(await reader.post(storyPath('/versions/2/restore'))).toMatchObject(refused);
    expect(await reader.post(storyPath('/versions/2/publish'))).toMatchObject(refused);
    expect(await reader.post(storyPath('/unpublish'))).toMatchObject(refused);
    const story = await reader.get<InkStory>(storyPath());
    expect(story.body).toMatchObject({ publishedNumber: 2, latest: { number: 3 } });
  });

  it('refuses sources over 1 MB and compiled JSON sent by the client', async () => {
    const tooLarge = await editor.post(storyPath('/versions'), {
      source: 'a'.repeat(INK_SOURCE_MAX_BYTES + 1),
    });
    expect(tooLarge).toMatchObject({ status: 400 });
    expect(JSON.stringify(tooLarge.body)).toContain(INK_SOURCE_TOO_LARGE_MESSAGE);
    const withJson = await editor.post(storyPath('/versions'), {
      source: 'Hi',
      compiledJson: '{"inkVersion":21,"root":[]}',
    });
    expect(withJson).toMatchObject({ status: 400 });
    expect(JSON.stringify(withJson.body)).toContain(INK_COMPILED_JSON_REFUSED_MESSAGE);
    const story = await reader.get<InkStory>(storyPath());
    expect(story.body.versions).toHaveLength(3);
  });
});
