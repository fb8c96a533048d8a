// Helpers for the upload, media and job tests: test videos made with ffmpeg at test time (no
// binaries in the repository) and a raw tus 1.0 client, so the protocol itself is asserted.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import {
  buildVideoUploadMetadata,
  getUploadIdFromUrl,
  type UploadStatus,
  type VideoUploadTarget,
} from '@conversa/contracts';
import type { TestBrowser } from './studio.ts';

const run = promisify(execFile);

/** Debian's ffmpeg, which the test machine installs; the studio may use another. */
export const TEST_FFMPEG = process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg';

export async function makeTempDir(prefix = 'conversa-upload-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** One caption of a test video's subtitle stream. */
export interface TestCue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

function formatSrtTime(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(
    Math.floor(millis / 1000) % 60,
  )},${pad(millis % 1000, 3)}`;
}

/** SubRip text of the cues. */
export function buildSrt(cues: readonly TestCue[]): string {
  return cues
    .map(
      (cue, index) =>
        `${index + 1}\n${formatSrtTime(cue.startSeconds)} --> ${formatSrtTime(cue.endSeconds)}\n${cue.text}\n`,
    )
    .join('\n');
}

/**
 * A small MP4 (testsrc picture, 440 Hz tone) of `seconds`; `hasAudio: false` leaves the sound out;
 * `subtitles` adds a `mov_text` subtitle stream with those cues.
 */
export async function makeTestVideo(
  dir: string,
  options: {
    name?: string;
    seconds?: number;
    hasAudio?: boolean;
    /** A recording (any format ffmpeg reads) as the sound, instead of a tone: a voice to draft. */
    soundFile?: string;
    size?: string;
    subtitles?: readonly TestCue[];
  } = {},
): Promise<string> {
  const seconds = options.seconds ?? 2;
  const size = options.size ?? '320x240';
  // yuv420p needs even sizes; odd ones (to test scaling) are made in yuv444p.
  const pixelFormat = size.split('x').some((side) => Number(side) % 2 === 1)
    ? 'yuv444p'
    : 'yuv420p';
  const file = path.join(dir, options.name ?? `video-${seconds}s.mp4`);
  const audioInput =
    options.hasAudio === false
      ? []
      : options.soundFile
        ? ['-i', options.soundFile]
        : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  let subtitleArgs: string[] = [];
  if (options.subtitles) {
    const srt = `${file}.srt`;
    await writeFile(srt, buildSrt(options.subtitles));
    const inputs = options.hasAudio === false ? 1 : 2;
    subtitleArgs = [
      '-i',
      srt,
      ...Array.from({ length: inputs + 1 }, (_, index) => ['-map', String(index)]).flat(),
      '-c:s',
      'mov_text',
    ];
  }
  await run(TEST_FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=25`,
    ...audioInput,
    ...subtitleArgs,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    pixelFormat,
    ...(options.hasAudio === false ? [] : ['-c:a', 'aac']),
    // With a subtitle stream -shortest cuts the picture and sound short; the lavfi inputs end on time.
    ...(options.subtitles ? [] : ['-shortest']),
    file,
  ]);
  return file;
}

export function encodeTusMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

const TUS = { 'tus-resumable': '1.0.0' };

/** POST /files/: creates an upload; answers the response (201 with Location when accepted). */
export function tusCreate(
  browser: TestBrowser,
  length: number,
  metadata: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return browser.api('/files/', {
    method: 'POST',
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': encodeTusMetadata(metadata),
      ...headers,
    },
  });
}

/** HEAD on an upload URL: the offset the server holds. */
export function tusProbe(browser: TestBrowser, url: string): Promise<Response> {
  return browser.api(new URL(url).pathname, { method: 'HEAD', headers: TUS });
}

export function tusPatch(
  browser: TestBrowser,
  url: string,
  offset: number,
  chunk: Uint8Array,
): Promise<Response> {
  return browser.api(new URL(url).pathname, {
    method: 'PATCH',
    headers: {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: chunk,
  });
}

export function tusDelete(browser: TestBrowser, url: string): Promise<Response> {
  return browser.api(new URL(url).pathname, { method: 'DELETE', headers: TUS });
}

/** Creates an upload and sends `bytes` in one PATCH; answers the upload's id (spec §7). */
export async function uploadBytes(
  browser: TestBrowser,
  bytes: Uint8Array,
  metadata: Record<string, string>,
): Promise<{ id: string; url: string; finish: Response }> {
  const created = await tusCreate(browser, bytes.length, metadata);
  expect(created.status, await created.clone().text()).toBe(201);
  const url = created.headers.get('location')!;
  const finish = await tusPatch(browser, url, 0, bytes);
  return { id: getUploadIdFromUrl(url), url, finish };
}

export async function getStatus(
  browser: TestBrowser,
  id: string,
): Promise<{ status: number; body: UploadStatus }> {
  const response = await browser.api(
    `/v1/conversa/upload/status?uploadObjectKey=${encodeURIComponent(id)}`,
  );
  return { status: response.status, body: (await response.json()) as UploadStatus };
}

/** Polls the status call (quickly: this is a test, not the web's §9 schedule) until it settles. */
export async function waitForSettledStatus(
  browser: TestBrowser,
  id: string,
  timeoutMs = 30_000,
): Promise<UploadStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await getStatus(browser, id);
    expect(status).toBe(200);
    if (body.status !== 'START' || Date.now() > until) {
      return body;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Uploads a video file as an answer or clip of `storyfileId` and waits until processing ends it
 * (status END, no error: the test fails otherwise); answers the upload's id.
 */
export async function uploadProcessedVideo(
  browser: TestBrowser,
  options: { storyfileId: string; target: VideoUploadTarget; file: string; timeoutMs?: number },
): Promise<string> {
  const { id } = await uploadBytes(
    browser,
    await readFile(options.file),
    buildVideoUploadMetadata({
      storyfileId: options.storyfileId,
      target: options.target,
      filename: path.basename(options.file),
      filetype: 'video/mp4',
    }),
  );
  expect(await waitForSettledStatus(browser, id, options.timeoutMs ?? 60_000)).toEqual({
    status: 'END',
    error: null,
  });
  return id;
}
