import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StoryfileVideos, Transcript, VideoUploadTarget } from '@conversa/contracts';
import { speak } from './speech.fixtures.ts';
import type { TestStudio } from './studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from './storyfile.fixtures.ts';
import {
  makeTempDir,
  makeTestVideo,
  TEST_FFMPEG,
  uploadProcessedVideo,
} from './upload.fixtures.ts';

const run = promisify(execFile);

/** A testsrc picture over espeak-ng saying `text`: an answer someone recorded. */
export async function makeSpokenVideo(dir: string, text: string): Promise<string> {
  const wav = path.join(dir, 'speech.wav');
  await writeFile(wav, await speak(text, { format: 'wav', wordsPerMinute: 140, padSeconds: 0.5 }));
  const file = path.join(dir, 'spoken.mp4');
  await run(TEST_FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-i', wav],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', file],
  ]);
  return file;
}

/** Uploads and processes `file` onto `target`; answers the storyfile video's id. */
export async function uploadStoryfileVideo(
  owner: ApiClient,
  storyfileId: string,
  file: string,
  target: VideoUploadTarget,
): Promise<string> {
  const id = await uploadProcessedVideo(owner.browser, {
    storyfileId,
    target,
    file,
    timeoutMs: 90_000,
  });
  const { videos } = await owner.expectStatus<StoryfileVideos>(
    200,
    'GET',
    `/v1/conversa/storyfiles/${storyfileId}/videos`,
  );
  return videos.find((video) => video.uploadId === id)!.id;
}

export const transcriptPathOf = (storyfileId: string, videoId: string) =>
  `/v1/conversa/storyfiles/${storyfileId}/videos/${videoId}/transcript`;

/** The video's transcript once its draft is no longer pending (or the time is up). */
/**
 * How long a test waits for a draft: it bounds a hang, not a draft's time. A draft runs at the
 * lowest priority, one at a time, and took over 150 s with the machine's two cores shared by five
 * times as many processes (CI once saw one still pending after 120 s at load 9-12).
 */
export const DRAFT_HANG_MS = 400_000;

/** A test that waits for a draft may take that long and a little more. */
export const DRAFT_TEST_TIMEOUT_MS = DRAFT_HANG_MS + 50_000;

export async function waitForTranscript(
  owner: ApiClient,
  storyfileId: string,
  videoId: string,
  timeoutMs: number,
): Promise<Transcript> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const transcript = await owner.expectStatus<Transcript>(
      200,
      'GET',
      transcriptPathOf(storyfileId, videoId),
    );
    if (transcript.status !== 'pending' || Date.now() > until) {
      return transcript;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What the spoken answer says (espeak-ng speaks it; the recognizer drafts its transcript). */
const SPOKEN_ANSWER = 'I grew up on a farm in Iowa. We had cows and a big red barn.';

/**
 * A storyfile in a new namespace with its owner and a viewer (owner@ and viewer@`domain`), whose
 * topic "Childhood" asks `questions`: the first answered by a spoken video, the second by a test
 * video made with `otherVideo`, both uploaded and processed. Answers the two videos' ids.
 */
export async function seedTranscribedStoryfile(
  studio: TestStudio,
  setUp: {
    namespace: string;
    domain: string;
    questions: [spoken: string, other: string];
    otherVideo: Parameters<typeof makeTestVideo>[1];
  },
) {
  const { namespace, domain } = setUp;
  const namespaceId = await buildNamespace(studio, namespace);
  const owner = await buildMember(studio, `owner@${domain}`, { [namespace]: 'owner:ns' });
  const viewer = await buildMember(studio, `viewer@${domain}`, { [namespace]: 'read:ns' });
  const storyfileId = (await buildStoryfile(owner, namespaceId)).id;
  const storyfilePath = `/v1/conversa/storyfiles/${storyfileId}`;
  const created = (path: string, body: object) =>
    owner.expectStatus<{ id: string }>(201, 'POST', `${storyfilePath}/${path}`, body);
  const topic = await created('topics', { name: 'Childhood' });
  const ask = async (text: string) => (await created('questions', { topicId: topic.id, text })).id;
  const spokenQuestion = await ask(setUp.questions[0]);
  const otherQuestion = await ask(setUp.questions[1]);
  const dir = await makeTempDir();
  const [spoken, other] = await Promise.all([
    makeSpokenVideo(dir, SPOKEN_ANSWER),
    makeTestVideo(dir, setUp.otherVideo),
  ]);
  const spokenVideoId = await uploadStoryfileVideo(owner, storyfileId, spoken, {
    questionId: spokenQuestion,
  });
  const otherVideoId = await uploadStoryfileVideo(owner, storyfileId, other, {
    questionId: otherQuestion,
  });
  return { owner, viewer, storyfileId, spokenVideoId, otherVideoId };
}
