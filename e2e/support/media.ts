import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { WRITE_HEADERS } from './api';

/** Debian's ffmpeg, which `npm test` installs. */
const FFMPEG = process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg';

let videoDir: string | undefined;

/**
 * A small MP4 made with ffmpeg at test time (no binaries in the repository): a test picture and
 * a tone of `frequency` Hz, so two videos differ. `hasAudio: false` leaves the sound out.
 */
export function makeTestVideo(
  options: { name?: string; seconds?: number; frequency?: number; hasAudio?: boolean } = {},
): string {
  videoDir ??= mkdtempSync(path.join(tmpdir(), 'conversa-e2e-video-'));
  const seconds = options.seconds ?? 3;
  const frequency = options.frequency ?? 440;
  const file = path.join(videoDir, options.name ?? `video-${seconds}s-${frequency}hz.mp4`);
  const audio =
    options.hasAudio === false
      ? []
      : ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-c:a', 'aac'];
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=320x240:rate=25`,
    ...audio,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-shortest',
    file,
  ]);
  return file;
}

function encodeTusMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** The target of a video: an answer to a question, or one of the four clips. */
export type VideoTarget =
  { questionId: string } | { clipKind: 'idle' | 'intro' | 'cannotAnswer' | 'pleaseRepeat' };

/**
 * Uploads a video file onto a storyfile through the tus endpoint, as any tus client would, with
 * the page's session cookie (and the system-id header the studio asks of cookie writes).
 * Answers the upload's id.
 */
export async function uploadVideo(
  page: Page,
  storyfileId: string,
  target: VideoTarget,
  file: string,
): Promise<string> {
  const bytes = readFileSync(file);
  const metadata: Record<string, string> = {
    storyfile_id: storyfileId,
    filename: path.basename(file),
    filetype: 'video/mp4',
    ...('questionId' in target
      ? { question_id: target.questionId }
      : { clip_kind: target.clipKind }),
  };
  const created = await page.request.post('/files/', {
    headers: {
      ...WRITE_HEADERS,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': encodeTusMetadata(metadata),
      'content-type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers()['location'];
  expect(location).toBeDefined();
  expect(created.headers()['upload-offset']).toBe(String(bytes.length));
  return new URL(location!, 'http://studio').pathname.split('/').pop()!.split('+')[0]!;
}

/** Waits until the upload is processed (END); fails on FAIL with the server's reason. */
export async function waitForProcessed(page: Page, uploadId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/v1/conversa/upload/status?uploadObjectKey=${encodeURIComponent(uploadId)}`,
          { headers: WRITE_HEADERS },
        );
        const body = (await response.json()) as { status: string; error: string | null };
        return body.status === 'FAIL' ? `FAIL: ${body.error}` : body.status;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe('END');
}

/** Uploads a video onto the target and waits until it is processed. */
export async function uploadProcessedVideo(
  page: Page,
  storyfileId: string,
  target: VideoTarget,
  file: string,
): Promise<string> {
  const uploadId = await uploadVideo(page, storyfileId, target, file);
  await waitForProcessed(page, uploadId);
  return uploadId;
}
