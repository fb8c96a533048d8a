import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { WRITE_HEADERS } from './api';

/** Debian's ffmpeg, which `npm test` installs. */
const FFMPEG = process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg';

let videoDir: string | undefined;

/** One caption of a test video's subtitle stream. */
export type TestCue = { startSeconds: number; endSeconds: number; text: string };

function formatSrtTime(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = pad(Math.floor(millis / 3_600_000));
  const minutes = pad(Math.floor(millis / 60_000) % 60);
  return `${hours}:${minutes}:${pad(Math.floor(millis / 1000) % 60)},${pad(millis % 1000, 3)}`;
}

/**
 * A small MP4 made with ffmpeg at test time (no binaries in the repository): a test picture and
 * a tone of `frequency` Hz, so two videos differ. `hasAudio: false` leaves the sound out;
 * `subtitles` adds a `mov_text` subtitle stream with those cues (what processing turns into
 * captions).
 */
export function makeTestVideo(
  options: {
    name?: string;
    seconds?: number;
    frequency?: number;
    hasAudio?: boolean;
    subtitles?: TestCue[];
  } = {},
): string {
  videoDir ??= mkdtempSync(path.join(tmpdir(), 'conversa-e2e-video-'));
  const seconds = options.seconds ?? 3;
  const frequency = options.frequency ?? 440;
  const file = path.join(videoDir, options.name ?? `video-${seconds}s-${frequency}hz.mp4`);
  const hasAudio = options.hasAudio !== false;
  const audioInput = hasAudio
    ? ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`]
    : [];
  let subtitles: string[] = [];
  if (options.subtitles) {
    const srt = `${file}.srt`;
    writeFileSync(
      srt,
      options.subtitles
        .map(
          (cue, index) =>
            `${index + 1}\n${formatSrtTime(cue.startSeconds)} --> ${formatSrtTime(cue.endSeconds)}\n${cue.text}\n`,
        )
        .join('\n'),
    );
    const inputs = hasAudio ? 3 : 2;
    subtitles = [
      '-i',
      srt,
      ...Array.from({ length: inputs }, (_, index) => ['-map', String(index)]).flat(),
      '-c:s',
      'mov_text',
    ];
  }
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=320x240:rate=25`,
    ...audioInput,
    ...subtitles,
    ...(hasAudio ? ['-c:a', 'aac'] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    // With a subtitle stream -shortest cuts the picture and sound short; the lavfi inputs end on time.
    ...(options.subtitles ? [] : ['-shortest']),
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

/** The upload's status call (spec §9): its status and the server's reason for a FAIL. */
export async function readUploadStatus(
  page: Page,
  uploadId: string,
): Promise<{ status: string; error: string | null }> {
  const response = await page.request.get(
    `/v1/conversa/upload/status?uploadObjectKey=${encodeURIComponent(uploadId)}`,
    { headers: WRITE_HEADERS },
  );
  return (await response.json()) as { status: string; error: string | null };
}

/**
 * Waits until the upload is processed (END); fails on FAIL with the server's reason. The wait bounds
 * a hang: a flow's upload-delete failed at 60 s with the machine's cores shared by 25 processes.
 */
export async function waitForProcessed(page: Page, uploadId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const body = await readUploadStatus(page, uploadId);
        return body.status === 'FAIL' ? `FAIL: ${body.error}` : body.status;
      },
      { timeout: 120_000, intervals: [500, 1000] },
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
