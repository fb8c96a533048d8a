import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import {
  buildVideoUploadMetadata,
  SYSTEM_ID,
  SYSTEM_ID_HEADER,
  STORYFILE_NOT_FOUND_MESSAGE,
  RETRY_UPLOAD_MESSAGES,
  UPLOAD_REJECTION_MESSAGES,
  VIDEO_PROCESSING_MESSAGES,
  type StoryfileVideos,
} from '@conversa/contracts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { uploads } from './uploads.tables.ts';
import { users } from '../users/users.tables.ts';
import { readAccessToken, startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import {
  getStatus,
  makeTempDir,
  makeTestVideo,
  tusCreate,
  tusDelete,
  tusPatch,
  tusProbe,
  uploadBytes,
  waitForSettledStatus,
} from '../../../test/upload.fixtures.ts';

let studio: TestStudio;
let editor: ApiClient;
let secondEditor: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let storyfileId: string;
let questionId: string;
let otherQuestionId: string;
let video: Buffer;
let silentVideo: Buffer;

beforeAll(async () => {
  const [started, dir] = await Promise.all([startTestStudio(), makeTempDir()]);
  studio = started;
  const [videoFile, silentFile] = await Promise.all([
    makeTestVideo(dir),
    makeTestVideo(dir, { hasAudio: false, name: 'silent.mp4' }),
  ]);
  [video, silentVideo] = await Promise.all([readFile(videoFile), readFile(silentFile)]);
  const northId = await buildNamespace(studio, 'north');
  await buildNamespace(studio, 'south');
  [editor, secondEditor, reader, outsider] = await Promise.all([
    buildMember(studio, 'editor@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'editor2@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'reader@north.test', { north: 'read:ns' }),
    buildMember(studio, 'owner@south.test', { south: 'owner:ns' }),
  ]);
  storyfileId = (await buildStoryfile(editor, northId, { name: 'Grandpa' })).id;
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
  questionId = (await addQuestion('Where did you grow up?')).id;
  otherQuestionId = (await addQuestion('What was your first job?')).id;
});

afterAll(async () => {
  await studio?.stop();
});

const answerMetadata = (question = questionId, filename = 'answer.mp4') =>
  buildVideoUploadMetadata({
    storyfileId,
    target: { questionId: question },
    filename,
    filetype: 'video/mp4',
  });

const accessTokenOf = (client: ApiClient) => readAccessToken(studio, client.browser);

describe('tus 1.0: create, probe, patch in chunks, then processing', () => {
  it('takes a video in two PATCHes, answers START then END, and lists the processed video', async () => {
    const created = await tusCreate(editor.browser, video.length, answerMetadata());
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    expect(created.headers.get('upload-expires')).toBeTruthy();
    const url = created.headers.get('location')!;
    expect(url).toMatch(new RegExp(`^${studio.baseUrl}/files/[0-9a-f]{32}$`));
    const id = url.slice(url.lastIndexOf('/') + 1);

    const probe = await tusProbe(editor.browser, url);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('upload-offset')).toBe('0');
    expect(probe.headers.get('upload-length')).toBe(String(video.length));
    expect(probe.headers.get('cache-control')).toBe('no-store');

    const half = Math.floor(video.length / 2);
    const first = await tusPatch(editor.browser, url, 0, video.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect((await getStatus(editor.browser, id)).body).toEqual({ status: 'START', error: null });
    // A PATCH at the wrong offset is refused (409) and changes nothing.
    expect((await tusPatch(editor.browser, url, 0, video.subarray(0, 10))).status).toBe(409);
    expect((await tusProbe(editor.browser, url)).headers.get('upload-offset')).toBe(String(half));

    const last = await tusPatch(editor.browser, url, half, video.subarray(half));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(video.length));

    expect(await waitForSettledStatus(editor.browser, id)).toEqual({ status: 'END', error: null });
    const listed = await editor.expectStatus<StoryfileVideos>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/videos`,
    );
    const answer = listed.videos.find((entry) => entry.uploadId === id)!;
    expect(answer).toMatchObject({ questionId, clipKind: null, width: 320, height: 240 });
    expect(answer.durationMs).toBeGreaterThan(1900);
    expect(answer.durationMs).toBeLessThan(2200);
    expect(answer.videoUrl).toMatch(/^\/media\/[0-9a-f-]{36}\/video\.mp4\?access_token=/);
    const played = await fetch(`${studio.baseUrl}${answer.videoUrl}`);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('video/mp4');
    // Fast start: the MP4's index (moov) comes before its media data (mdat).
    const head = Buffer.from(await played.arrayBuffer()).toString('latin1');
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
    const [question] = await studio.database.db
      .select({ answerRecordedAt: storyfileQuestions.answerRecordedAt })
      .from(storyfileQuestions)
      .where(eq(storyfileQuestions.id, questionId));
    expect(question!.answerRecordedAt).not.toBeNull();
    // The uploaded bytes are gone once processed: only the media store keeps the outputs.
    await expect(stat(path.join(studio.config.dataDir, 'uploads', id))).rejects.toThrow();
  });

  it('works with tus-js-client, including a resume of an interrupted upload', async () => {
    const headers = {
      cookie: editor.browser.cookieHeader(),
      [SYSTEM_ID_HEADER]: SYSTEM_ID,
    };
    const chunkSize = Math.ceil(video.length / 4);
    let firstUrl = '';
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(video, {
        endpoint: `${studio.baseUrl}/files/`,
        metadata: answerMetadata(otherQuestionId),
        headers,
        chunkSize,
        onChunkComplete: (_chunk, sent) => {
          if (sent >= chunkSize) {
            firstUrl = upload.url!;
            void upload.abort().then(resolve, reject);
          }
        },
        onError: reject,
      });
      upload.start();
    });
    const probe = await tusProbe(editor.browser, firstUrl);
    expect(Number(probe.headers.get('upload-offset'))).toBe(chunkSize);

    const resumedFrom = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(video, {
        uploadUrl: firstUrl,
        headers,
        chunkSize,
        onSuccess: () => resolve(upload.url!),
        onError: reject,
      });
      upload.start();
    });
    expect(resumedFrom).toBe(firstUrl);
    const id = firstUrl.slice(firstUrl.lastIndexOf('/') + 1);
    expect(await waitForSettledStatus(editor.browser, id)).toEqual({ status: 'END', error: null });
  });
});

describe('who may upload', () => {
  it('needs a session or a bearer token', async () => {
    const anonymous = await fetch(`${studio.baseUrl}/files/`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', [SYSTEM_ID_HEADER]: SYSTEM_ID },
    });
    expect(anonymous.status).toBe(401);

    const bearer = await fetch(`${studio.baseUrl}/files/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessTokenOf(editor)}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(video.length),
        'upload-metadata': Object.entries(answerMetadata())
          .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
          .join(','),
      },
    });
    expect(bearer.status).toBe(201);
  });

  it('refuses cookie-authenticated writes without the system-id header (CSRF defence)', async () => {
    const response = await editor.browser.request('/files/', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(response.status).toBe(403);
  });

  it.each([
    [
      'a viewer (read:ns)',
      () => reader,
      () => answerMetadata(),
      403,
      'You need to be at least "Content Creator"',
    ],
    [
      'someone of another namespace',
      () => outsider,
      () => answerMetadata(),
      404,
      STORYFILE_NOT_FOUND_MESSAGE,
    ],
    [
      'a question of no storyfile of theirs',
      () => editor,
      () => answerMetadata('6f1c1d52-5b0f-4c43-9d0b-1f1b2e8f0a11'),
      404,
      UPLOAD_REJECTION_MESSAGES.unknownQuestion,
    ],
    [
      'a file that is not a video by its type',
      () => editor,
      () => ({ ...answerMetadata(), filetype: 'text/plain', filename: 'notes.txt' }),
      415,
      UPLOAD_REJECTION_MESSAGES.videoType,
    ],
    [
      'a clip kind a storyfile does not have',
      () => editor,
      () => ({ storyfile_id: storyfileId, clip_kind: 'outro', filetype: 'video/mp4' }),
      404,
      UPLOAD_REJECTION_MESSAGES.unknownClipKind,
    ],
    [
      'metadata naming no target',
      () => editor,
      () => ({ filename: 'a.mp4' }),
      400,
      UPLOAD_REJECTION_MESSAGES.noTarget,
    ],
  ])('refuses %s', async (_label, client, metadata, status, message) => {
    const response = await tusCreate(client().browser, video.length, metadata());
    expect(response.status).toBe(status);
    expect((await response.text()).trim()).toBe(message);
  });

  it('lets only the uploader probe, resume or delete an upload', async () => {
    const created = await tusCreate(editor.browser, video.length, answerMetadata());
    const url = created.headers.get('location')!;
    const id = url.slice(url.lastIndexOf('/') + 1);
    for (const response of [
      await tusProbe(secondEditor.browser, url),
      await tusPatch(secondEditor.browser, url, 0, video.subarray(0, 100)),
      await tusDelete(secondEditor.browser, url),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await getStatus(outsider.browser, id)).status).toBe(404);
    // A colleague who can read the storyfile may follow its processing.
    expect((await getStatus(reader.browser, id)).body.status).toBe('START');

    expect((await tusDelete(editor.browser, url)).status).toBe(204);
    expect((await tusProbe(editor.browser, url)).status).toBe(404);
    await expect
      .poll(async () => (await getStatus(editor.browser, id)).body)
      .toEqual({
        status: 'FAIL',
        error: VIDEO_PROCESSING_MESSAGES.cancelled,
      });
  });

  it('never stores a bearer token sent as metadata', async () => {
    const created = await tusCreate(editor.browser, video.length, {
      ...answerMetadata(),
      authorization: 'Bearer secret-token',
    });
    const url = created.headers.get('location')!;
    const info = await readFile(
      path.join(studio.config.dataDir, 'uploads', `${url.slice(url.lastIndexOf('/') + 1)}.json`),
      'utf8',
    );
    expect(info).not.toContain('secret-token');
    expect(info).not.toContain(Buffer.from('Bearer secret-token').toString('base64'));
  });
});

describe('processing failures a person understands', () => {
  it.each([
    [
      'a text file',
      () => Buffer.from('These are my notes, not a video.\n'),
      VIDEO_PROCESSING_MESSAGES.notAVideo,
    ],
    ['a video without sound', () => silentVideo, VIDEO_PROCESSING_MESSAGES.noAudio],
  ])('%s fails with a clear error and leaves nothing behind', async (_label, bytes, message) => {
    const { id, finish } = await uploadBytes(editor.browser, bytes(), answerMetadata());
    expect(finish.status).toBe(204);
    expect(await waitForSettledStatus(editor.browser, id)).toEqual({
      status: 'FAIL',
      error: message,
    });
    const assets = await studio.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.uploadId, id));
    expect(assets).toEqual([]);
    await expect(stat(path.join(studio.config.dataDir, 'uploads', id))).rejects.toThrow();
    const [row] = await studio.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ phase: 'failed', error: message });
  });

  it('Try again after the bytes are gone says to upload the video again, and stops being offered', async () => {
    // A video whose processing failed on our side (out of retries) and whose bytes the studio no
    // longer holds: kept only for the retry window after the failure, or lost with the disk.
    const id = 'f'.repeat(32);
    const [owner] = await studio.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'editor@north.test'));
    await studio.database.db.insert(uploads).values({
      id,
      tusId: id,
      kind: 'answer',
      userId: owner!.id,
      storyfileId,
      storyfileQuestionId: otherQuestionId,
      sizeBytes: 10,
      phase: 'failed',
      error: VIDEO_PROCESSING_MESSAGES.failed,
      processedAt: new Date(),
    });
    const retry = () =>
      editor.call<{ message: string }>('POST', `/v1/conversa/uploads/${id}/retry`);
    const first = await retry();
    expect(first.status).toBe(409);
    expect(first.body.message).toBe(RETRY_UPLOAD_MESSAGES.fileGone);
    expect(first.body.message).toBe(
      'This video cannot be processed again: its file is no longer kept on the studio. Please upload the video again.',
    );
    // The status call now says so too (the dialog offers Try again only for `failed`).
    expect(await getStatus(editor.browser, id)).toEqual({
      status: 200,
      body: {
        status: 'FAIL',
        error:
          'We could not process this video, and its file is no longer kept. Please upload the video again.',
      },
    });
    expect((await retry()).body.message).toBe(RETRY_UPLOAD_MESSAGES.fileGone);
    // Another person's upload stays hidden.
    expect((await outsider.call('POST', `/v1/conversa/uploads/${id}/retry`)).status).toBe(404);
  });

  it('lists uploads of the caller with their storyfile, topic and question for the dialog', async () => {
    const listed = await editor.expectStatus<{ uploads: Array<Record<string, unknown>> }>(
      200,
      'GET',
      '/v1/conversa/uploads',
    );
    expect(listed.uploads.length).toBeGreaterThan(0);
    expect(listed.uploads.find((upload) => upload.status === 'END')).toMatchObject({
      kind: 'answer',
      storyfileName: 'Grandpa',
      topicName: 'Childhood',
      questionText: expect.any(String) as string,
    });
    const others = await outsider.expectStatus<{ uploads: unknown[] }>(
      200,
      'GET',
      '/v1/conversa/uploads',
    );
    expect(others.uploads).toEqual([]);
  });
});
