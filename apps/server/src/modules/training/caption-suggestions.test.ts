// Suggested custom words from captions, end to end: a real video with a subtitle stream goes in
// through tus and the worker (real ffmpeg writes captions.vtt to the media store), and the
// suggestions read that file's cues.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORD_SUGGESTION_SOURCE_LABELS, type WordSuggestionList } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import { makeTempDir, makeTestVideo, uploadProcessedVideo } from '../../../test/upload.fixtures.ts';

let studio: TestStudio;
let editor: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let storyfileId: string;
let dir: string;

const QUESTION = 'Where did you grow up in Oshkosh?';

beforeAll(async () => {
  const [started, tempDir] = await Promise.all([startTestStudio(), makeTempDir()]);
  studio = started;
  dir = tempDir;
  const southId = await buildNamespace(studio, 'south');
  await buildNamespace(studio, 'elsewhere');
  editor = await buildMember(studio, 'editor@south.test', { south: 'edit:ns' });
  reader = await buildMember(studio, 'reader@south.test', { south: 'read:ns' });
  outsider = await buildMember(studio, 'owner@elsewhere.test', { elsewhere: 'owner:ns' });
  storyfileId = (await buildStoryfile(editor, southId)).id;
  const topic = await editor.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/topics`,
    { name: 'Life' },
  );
  const question = await editor.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/questions`,
    { topicId: topic.id, text: QUESTION },
  );
  // The cue boundary falls inside a sentence: "Sheboygan" starts a cue, not a sentence.
  const video = await makeTestVideo(dir, {
    name: 'answer.mp4',
    seconds: 3,
    subtitles: [
      { startSeconds: 0, endSeconds: 1, text: 'My father ran the creamery in Oshkosh.' },
      { startSeconds: 1, endSeconds: 2, text: 'Then we moved to' },
      { startSeconds: 2, endSeconds: 3, text: 'Sheboygan, by the creamery.' },
    ],
  });
  await uploadProcessedVideo(editor.browser, {
    storyfileId,
    target: { questionId: question.id },
    file: video,
  });
}, 180_000);

afterAll(async () => {
  await studio?.stop();
  if (dir) {
    await rm(dir, { recursive: true, force: true });
  }
});

describe('word suggestions from captions', () => {
  it('offers names and rare words of the captions file, with their source and cue, after the script’s', async () => {
    const { items } = await reader.expectStatus<WordSuggestionList>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/training/word-suggestions`,
    );
    // Oshkosh is in the script too: offered once, as the script's.
    expect(items.filter((item) => item.term === 'Oshkosh')).toEqual([
      { term: 'Oshkosh', source: 'name', count: 1, example: QUESTION },
    ]);
    expect(items).toContainEqual({
      term: 'Sheboygan',
      source: 'caption-name',
      count: 1,
      example: 'Then we moved to Sheboygan, by the creamery.',
    });
    expect(items).toContainEqual({
      term: 'creamery',
      source: 'caption-rare',
      count: 2,
      example: 'My father ran the creamery in Oshkosh.',
    });
    expect(WORD_SUGGESTION_SOURCE_LABELS['caption-name']).toBe('Name in the captions');
    expect(items.map((item) => item.term)).not.toContain('father');
  });

  it('leaves out a caption word once it is a custom word, and refuses outsiders', async () => {
    const { items: before } = await reader.expectStatus<WordSuggestionList>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/training/word-suggestions`,
    );
    expect(before.map((item) => item.term)).toContain('Sheboygan');
    const [namespaceId] = (
      await studio.database.pool.query<{ namespace_id: string }>(
        'select namespace_id from storyfiles where id = $1',
        [storyfileId],
      )
    ).rows.map((row) => row.namespace_id);
    await editor.expectStatus(201, 'POST', '/v1/conversa/training/words', {
      namespaceId,
      term: 'Sheboygan',
      displayForm: null,
      heardAs: ['she boy gun'],
    });
    const { items: after } = await reader.expectStatus<WordSuggestionList>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/training/word-suggestions`,
    );
    expect(after.map((item) => item.term)).not.toContain('Sheboygan');
    expect(after.map((item) => item.term)).toContain('creamery');
    expect(
      (await outsider.get(`/v1/conversa/storyfiles/${storyfileId}/training/word-suggestions`))
        .status,
    ).toBe(404);
  });
});
