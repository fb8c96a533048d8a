import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { eq } from 'drizzle-orm';
import { SYSTEM_ID, SYSTEM_ID_HEADER, type StoryfileVideos } from '@conversa/contracts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { startUploadStudio, type UploadKit } from '../../../test/upload-studio.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  getStatus,
  tusCreate,
  tusPatch,
  tusProbe,
  waitForSettledStatus,
} from '../../../test/upload.fixtures.ts';

// Answer videos uploaded over tus 1.0 against a real studio: created, probed, patched in chunks
// (tus-js-client too, resumed), then processed.

let kit: UploadKit;
let studio: TestStudio;
let editor: ApiClient;
let outsider: ApiClient;
let storyfileId: string;
let questionId: string;
let otherQuestionId: string;
let video: Buffer;

beforeAll(async () => {
  kit = await startUploadStudio();
  ({ studio, editor, outsider, storyfileId, questionId, otherQuestionId, video } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('tus 1.0: create, probe, patch in chunks, then processing', () => {
  it('takes a video in two PATCHes, answers START then END, and lists the processed video', async () => {
    const created = await tusCreate(editor.browser, video.length, kit.answerMetadata());
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
    // The uploaded bytes go once processed: only the media store keeps the outputs. The job
    // removes them just after it commits the answer (END), so a loaded machine may show END first.
    const uploaded = path.join(studio.config.dataDir, 'uploads', id);
    await expect
      .poll(
        () =>
          stat(uploaded).then(
            () => 'kept',
            () => 'removed',
          ),
        { timeout: 30_000 },
      )
      .toBe('removed');
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
        metadata: kit.answerMetadata(otherQuestionId),
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

// After the upload above reached END: the uploads dialog lists it, and nothing to another person.
describe('the uploads dialog', () => {
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
