import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StoryfileVideos, Transcript, VideoUploadTarget } from '@conversa/contracts';
import { speak } from './speech.fixtures.ts';
import type { ApiClient } from './storyfile.fixtures.ts';
import { TEST_FFMPEG, uploadProcessedVideo } from './upload.fixtures.ts';

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
