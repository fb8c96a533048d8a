import { readFile } from 'node:fs/promises';
import { buildVideoUploadMetadata } from '@conversa/contracts';
import { readAccessToken, startTestStudio } from './studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from './storyfile.fixtures.ts';
import { makeTempDir, makeTestVideo } from './upload.fixtures.ts';

// The uploads module's tests (modules/uploads/*.test.ts): a studio with a storyfile of two
// questions in the namespace north (two editors and a reader), an owner of south, and two test
// videos (one silent) made with ffmpeg.

/** The studio, its people, the storyfile's questions, the videos and the answer's metadata. */
export type UploadKit = Awaited<ReturnType<typeof startUploadStudio>>;

/** Starts a studio for an uploads test file (its beforeAll); the file stops `kit.studio`. */
export async function startUploadStudio() {
  const [started, dir] = await Promise.all([startTestStudio(), makeTempDir()]);
  const studio = started;
  const [videoFile, silentFile] = await Promise.all([
    makeTestVideo(dir),
    makeTestVideo(dir, { hasAudio: false, name: 'silent.mp4' }),
  ]);
  const [video, silentVideo] = await Promise.all([readFile(videoFile), readFile(silentFile)]);
  const northId = await buildNamespace(studio, 'north');
  await buildNamespace(studio, 'south');
  const [editor, secondEditor, reader, outsider] = await Promise.all([
    buildMember(studio, 'editor@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'editor2@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'reader@north.test', { north: 'read:ns' }),
    buildMember(studio, 'owner@south.test', { south: 'owner:ns' }),
  ]);
  const storyfileId = (await buildStoryfile(editor, northId, { name: 'Grandpa' })).id;
  const topic = await editor.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/topics`,
    { name: 'Childhood' },
  );
  const addQuestion = (text: string) =>
    editor.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/questions`,
      {
        topicId: topic.id,
        text,
      },
    );
  const questionId = (await addQuestion('Where did you grow up?')).id;
  const otherQuestionId = (await addQuestion('What was your first job?')).id;

  const answerMetadata = (question = questionId, filename = 'answer.mp4') =>
    buildVideoUploadMetadata({
      storyfileId,
      target: { questionId: question },
      filename,
      filetype: 'video/mp4',
    });

  const accessTokenOf = (client: ApiClient) => readAccessToken(studio, client.browser);

  return {
    studio,
    editor,
    secondEditor,
    reader,
    outsider,
    storyfileId,
    questionId,
    otherQuestionId,
    video,
    silentVideo,
    answerMetadata,
    accessTokenOf,
  };
}
