// Captions end to end on the server: real videos go in through tus and the in-process worker
// (real ffmpeg), and every API that hands out the video hands out its captions, or null.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AskResponse,
  type Publication,
  type PublicAskResponse,
  type PublicStoryfile,
  type StoryfileVideo,
  type StoryfileVideos,
  type VideoUploadTarget,
} from '@conversa/contracts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import {
  ApiClient,
  buildMember,
  buildNamespace,
  buildStoryfile,
} from '../../../test/storyfile.fixtures.ts';
import { makeTempDir, makeTestVideo, uploadProcessedVideo } from '../../../test/upload.fixtures.ts';

const CAPTIONED_QUESTION = 'Where did you grow up?';
const PLAIN_QUESTION = 'What is your favourite food?';
const ANSWER_CUE = 'I grew up by the sea';
const INTRO_CUE = 'Hello, ask me anything';

let studio: TestStudio;
let owner: ApiClient;
let storyfileId: string;
const questionIds: Record<string, string> = {};
const uploadIds: Record<'captioned' | 'plain' | 'intro', string> = {
  captioned: '',
  plain: '',
  intro: '',
};

function uploadVideo(file: string, target: VideoUploadTarget): Promise<string> {
  return uploadProcessedVideo(owner.browser, { storyfileId, target, file });
}

async function listVideos(): Promise<Record<keyof typeof uploadIds, StoryfileVideo>> {
  const { videos } = await owner.expectStatus<StoryfileVideos>(
    200,
    'GET',
    `/v1/conversa/storyfiles/${storyfileId}/videos`,
  );
  const byUpload = (id: string) => videos.find((video) => video.uploadId === id)!;
  return {
    captioned: byUpload(uploadIds.captioned),
    plain: byUpload(uploadIds.plain),
    intro: byUpload(uploadIds.intro),
  };
}

/** Fetches a signed captions URL without a session, as a `<track>` does. */
async function fetchCaptions(url: string): Promise<{ type: string | null; text: string }> {
  const response = await fetch(`${studio.baseUrl}${url}`);
  expect(response.status, url).toBe(200);
  return { type: response.headers.get('content-type'), text: await response.text() };
}

beforeAll(async () => {
  const [started, dir] = await Promise.all([startTestStudio(), makeTempDir()]);
  studio = started;
  const northId = await buildNamespace(studio, 'north');
  owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  storyfileId = (await buildStoryfile(owner, northId)).id;
  const topic = await owner.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/topics`,
    { name: 'Life' },
  );
  for (const text of [CAPTIONED_QUESTION, PLAIN_QUESTION]) {
    questionIds[text] = (
      await owner.expectStatus<{ id: string }>(
        201,
        'POST',
        `/v1/conversa/storyfiles/${storyfileId}/questions`,
        { topicId: topic.id, text },
      )
    ).id;
  }
  const [captioned, plain, intro] = await Promise.all([
    makeTestVideo(dir, {
      name: 'captioned.mp4',
      subtitles: [{ startSeconds: 0, endSeconds: 2, text: ANSWER_CUE }],
    }),
    makeTestVideo(dir, { name: 'plain.mp4' }),
    makeTestVideo(dir, {
      name: 'intro.mp4',
      subtitles: [{ startSeconds: 0.5, endSeconds: 1.5, text: INTRO_CUE }],
    }),
  ]);
  uploadIds.captioned = await uploadVideo(captioned, {
    questionId: questionIds[CAPTIONED_QUESTION]!,
  });
  uploadIds.plain = await uploadVideo(plain, { questionId: questionIds[PLAIN_QUESTION]! });
  uploadIds.intro = await uploadVideo(intro, { clipKind: 'intro' });
}, 180_000);

afterAll(async () => {
  await studio?.stop();
});

describe('captions from a video with a text subtitle stream', () => {
  it('processing stores captions.vtt only beside the video that had subtitles', async () => {
    const folder = (id: string) => path.join(studio.config.dataDir, 'media', 'videos', id);
    expect((await readdir(folder(uploadIds.captioned))).sort()).toEqual([
      'audio.wav',
      'captions.vtt',
      'poster.jpg',
      'video.mp4',
    ]);
    expect((await readdir(folder(uploadIds.plain))).sort()).toEqual([
      'audio.wav',
      'poster.jpg',
      'video.mp4',
    ]);
  });

  it('the videos list hands out a signed captions URL that serves text/vtt, or null', async () => {
    const videos = await listVideos();
    expect(videos.captioned.captionsUrl).toMatch(
      new RegExp(`^/media/${videos.captioned.id}/captions\\.vtt\\?access_token=`),
    );
    expect(videos.plain.captionsUrl).toBeNull();
    const served = await fetchCaptions(videos.captioned.captionsUrl!);
    expect(served.type).toBe('text/vtt');
    expect(served.text).toMatch(/^WEBVTT/);
    expect(served.text).toMatch(new RegExp(`00:00\\.000 --> 00:02\\.000\\s+${ANSWER_CUE}`));
    // The same signed-URL rules as the other files: no token, no captions.
    const unsigned = await fetch(`${studio.baseUrl}/media/${videos.captioned.id}/captions.vtt`);
    expect(unsigned.status).toBe(403);
  });

  it('an ask answered by the captioned video carries its captions; the plain one null', async () => {
    const ask = (text: string) =>
      owner.expectStatus<AskResponse>(200, 'POST', `/v1/conversa/storyfiles/${storyfileId}/ask`, {
        text,
      });
    const captioned = await ask(CAPTIONED_QUESTION);
    expect(captioned.decision).toEqual({
      kind: 'answer',
      questionId: questionIds[CAPTIONED_QUESTION],
    });
    expect((await fetchCaptions(captioned.media!.captionsUrl!)).text).toContain(ANSWER_CUE);
    const plain = await ask(PLAIN_QUESTION);
    expect(plain.decision).toEqual({ kind: 'answer', questionId: questionIds[PLAIN_QUESTION] });
    expect(plain.media).toMatchObject({ captionsUrl: null });
  });

  it("the public player's intro clip and public asks carry captions for a signed-out visitor", async () => {
    const { slug } = await owner.expectStatus<Publication>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/publish`,
    );
    const visitor = new ApiClient(new TestBrowser(studio.baseUrl));
    const loaded = await visitor.expectStatus<PublicStoryfile>(
      200,
      'GET',
      `/v1/conversa/public/storyfiles/${slug}`,
    );
    expect(loaded.clips.idle).toBeNull();
    expect((await fetchCaptions(loaded.clips.intro!.captionsUrl!)).text).toContain(INTRO_CUE);
    const answer = await visitor.expectStatus<PublicAskResponse>(
      200,
      'POST',
      `/v1/conversa/public/storyfiles/${slug}/ask`,
      { text: CAPTIONED_QUESTION, channel: 'share' },
    );
    expect((await fetchCaptions(answer.media!.captionsUrl!)).text).toContain(ANSWER_CUE);
  });
});
