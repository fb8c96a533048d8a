import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MEDIA_FILES, VIDEO_NOT_FOUND_MESSAGE, type StoryfileVideos } from '@conversa/contracts';
import { mediaAssets } from './media.tables.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import { makeTempDir, makeTestVideo } from '../../../test/upload.fixtures.ts';
import { MEDIA_LINK_INVALID_MESSAGE } from './media.routes.ts';
import { createSharedMediaUrlSigner } from './signed-urls.ts';
import type { MediaUrlSigner } from './signed-urls.ts';

let studio: TestStudio;
let editor: ApiClient;
let reader: ApiClient;
let signer: MediaUrlSigner;
let storyfileId: string;
let questionId: string;
let assetId: string;
let videoBytes: Buffer;

/** An asset as processing would commit it: files in the media store, then the rows. */
async function seedAsset(source: string): Promise<string> {
  const uploadId = 'ab'.repeat(16);
  const folder = path.join(studio.config.dataDir, 'media', 'videos', uploadId);
  await mkdir(folder, { recursive: true });
  await copyFile(source, path.join(folder, MEDIA_FILES.video.name));
  await copyFile(source, path.join(folder, MEDIA_FILES.poster.name));
  await copyFile(source, path.join(folder, MEDIA_FILES.audio.name));
  const size = (await stat(source)).size;
  const { db } = studio.database;
  await db.insert(uploads).values({
    id: uploadId,
    tusId: uploadId,
    kind: 'answer',
    storyfileId,
    storyfileQuestionId: questionId,
    phase: 'ready',
    uploadedAt: new Date(),
  });
  const file = (role: keyof typeof MEDIA_FILES) => ({ ...MEDIA_FILES[role], sizeBytes: size });
  const [asset] = await db
    .insert(mediaAssets)
    .values({
      uploadId,
      storyfileId,
      storyfileQuestionId: questionId,
      storagePrefix: `videos/${uploadId}`,
      files: { video: file('video'), poster: file('poster'), audio: file('audio') },
      durationMs: 2000,
      width: 320,
      height: 240,
    })
    .returning();
  await db
    .update(storyfileQuestions)
    .set({ answerRecordedAt: new Date() })
    .where(eq(storyfileQuestions.id, questionId));
  return asset!.id;
}

beforeAll(async () => {
  const [started, dir] = await Promise.all([startTestStudio(), makeTempDir()]);
  studio = started;
  const source = await makeTestVideo(dir);
  videoBytes = await readFile(source);
  const northId = await buildNamespace(studio, 'north');
  [editor, reader] = await Promise.all([
    buildMember(studio, 'editor@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'reader@north.test', { north: 'read:ns' }),
  ]);
  storyfileId = (await buildStoryfile(editor, northId)).id;
  const topic = await editor.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/topics`,
    { name: 'Work' },
  );
  questionId = (
    await editor.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/questions`,
      { topicId: topic.id, text: 'What do you do?' },
    )
  ).id;
  assetId = await seedAsset(source);
  signer = await createSharedMediaUrlSigner(studio.database.db, studio.config.media.urlTtlSeconds);
});

afterAll(async () => {
  await studio?.stop();
});

const urlOf = (file: string, now?: number) =>
  `${studio.baseUrl}${signer.createUrl({ assetId, file, userId: 'someone' }, now).url}`;

describe('signed media URLs (spec §7 access_token)', () => {
  it('hands fresh URLs to readers of the storyfile, and they stream without a session', async () => {
    const listed = await reader.expectStatus<StoryfileVideos>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/videos`,
    );
    const video = listed.videos.find((entry) => entry.id === assetId)!;
    // Seeded like an upload without subtitles: no captions file, so no captions URL.
    expect(video).toMatchObject({ questionId, durationMs: 2000, captionsUrl: null });
    expect(new Date(video.urlsExpireAt).getTime() - Date.now()).toBeGreaterThan(
      (studio.config.media.urlTtlSeconds - 60) * 1000,
    );
    for (const [url, type] of [
      [video.videoUrl, 'video/mp4'],
      [video.posterUrl, 'image/jpeg'],
      [video.audioUrl, 'audio/wav'],
    ] as const) {
      const response = await fetch(`${studio.baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      // Read to the end: a body left unread holds its connection open, and the studio's stop
      // with it for REQUEST_SHUTDOWN_GRACE_SECONDS.
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it.each([
    ['no token', () => `${studio.baseUrl}/media/${assetId}/video.mp4`],
    ['an expired token', () => urlOf('video.mp4', Date.now() - (signer.ttlSeconds + 5) * 1000)],
    [
      'a token of another file of the asset',
      () => urlOf('poster.jpg').replace('poster.jpg', 'video.mp4'),
    ],
    [
      'a sealed grant changed after signing (one bit of its middle)',
      () => {
        const url = new URL(urlOf('video.mp4'));
        const bytes = Buffer.from(url.searchParams.get('access_token')!, 'base64url');
        const middle = Math.floor(bytes.length / 2);
        bytes[middle] = bytes[middle]! ^ 1;
        url.searchParams.set('access_token', bytes.toString('base64url'));
        return url.href;
      },
    ],
    [
      'a changed authentication tag (its last characters)',
      () => {
        const url = urlOf('video.mp4');
        return `${url.slice(0, -2)}${url.endsWith('AA') ? 'BB' : 'AA'}`;
      },
    ],
  ])('answers 403 to %s', async (_label, url) => {
    const response = await fetch(url());
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(
      MEDIA_LINK_INVALID_MESSAGE,
    );
  });

  it('never turns URL text into a path: a validly signed name outside the asset is not found', async () => {
    for (const name of ['..%2F..%2F..%2Fetc%2Fpasswd', 'secret.txt']) {
      const token = signer.createToken({ assetId, file: decodeURIComponent(name), userId: 'x' });
      const response = await fetch(
        `${studio.baseUrl}/media/${assetId}/${name}?access_token=${token.token}`,
      );
      expect([403, 404]).toContain(response.status);
      expect(await response.text()).not.toContain('root:');
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    const token = signer.createToken({ assetId: unknown, file: 'video.mp4', userId: 'x' });
    const response = await fetch(
      `${studio.baseUrl}/media/${unknown}/video.mp4?access_token=${token.token}`,
    );
    expect(response.status).toBe(404);
  });
});

describe('range requests', () => {
  const size = () => videoBytes.length;

  it('announces ranges and sends the whole file without one', async () => {
    const response = await fetch(urlOf('video.mp4'));
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(size()));
    expect(Buffer.from(await response.arrayBuffer()).equals(videoBytes)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, -1],
    ['bytes=-10', -10, -1],
    ['bytes=50-999999999', 50, -1],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await fetch(urlOf('video.mp4'), { headers: { range } });
    const from = start < 0 ? size() + start : start;
    const to = end < 0 ? size() - 1 : end;
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${from}-${to}/${size()}`);
    expect(response.headers.get('content-length')).toBe(String(to - from + 1));
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(videoBytes.subarray(from, to + 1))).toBe(true);
  });

  it('answers 416 to a range past the end', async () => {
    const response = await fetch(urlOf('video.mp4'), { headers: { range: `bytes=${size()}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${size()}`);
  });

  it('sends the whole file for several ranges (allowed by RFC 9110) and answers HEAD without a body', async () => {
    const several = await fetch(urlOf('video.mp4'), { headers: { range: 'bytes=0-1,5-6' } });
    expect(several.status).toBe(200);
    await several.arrayBuffer();
    const head = await fetch(urlOf('video.mp4'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size()));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('deleting a video', () => {
  it('needs edit, frees the question and removes the files', async () => {
    const path_ = `/v1/conversa/storyfiles/${storyfileId}/videos/${assetId}`;
    expect((await reader.delete(path_)).status).toBe(403);
    expect(await editor.expectStatus(200, 'DELETE', path_)).toEqual({ id: assetId });
    expect(await editor.expectStatus(404, 'DELETE', path_)).toMatchObject({
      message: VIDEO_NOT_FOUND_MESSAGE,
    });
    expect((await fetch(urlOf('video.mp4'))).status).toBe(404);
    const [question] = await studio.database.db
      .select({ answerRecordedAt: storyfileQuestions.answerRecordedAt })
      .from(storyfileQuestions)
      .where(eq(storyfileQuestions.id, questionId));
    expect(question!.answerRecordedAt).toBeNull();
    await expect(
      stat(path.join(studio.config.dataDir, 'media', 'videos', 'ab'.repeat(16))),
    ).rejects.toThrow();
  });
});
