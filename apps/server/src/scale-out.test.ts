// The studio scaled out as docs/deploy.md describes: two web processes (STUDIO_ROLE=web) and one
// worker (STUDIO_ROLE=worker), real processes of `src/main.ts`, on one PostgreSQL and one S3
// bucket (s3rver in this process, on loopback). Nothing is shared between the processes but the
// database and the bucket, and nothing routes a person back to the process they started on.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildVideoUploadMetadata,
  getUploadIdFromUrl,
  type AskResponse,
  type ConversationTranscript,
  type StoryfileVideos,
} from '@conversa/contracts';
import type { DatabaseHandle } from './db/client.ts';
import { createS3Client } from './media/media-store.ts';
import { createNamespace, grantScope } from './modules/namespaces/index.ts';
import { createUser } from './modules/users/index.ts';
import { startTestBucket, type TestBucket } from '../test/s3rver.fixtures.ts';
import { ApiClient, TEST_PASSWORD } from '../test/storyfile.fixtures.ts';
import {
  killStudioProcesses,
  spawnStudio,
  waitUntil,
  waitUntilHealthy,
  type StudioProcess,
} from '../test/studio-process.ts';
import {
  createTestDatabase,
  openTestDatabase,
  TEST_CONNECT_TIMEOUT_SECONDS,
  TEST_STATEMENT_TIMEOUT_SECONDS,
  getFreePort,
  signIn,
  TestBrowser,
} from '../test/studio.ts';
import {
  makeTempDir,
  makeTestVideo,
  tusCreate,
  tusPatch,
  tusProbe,
  waitForSettledStatus,
} from '../test/upload.fixtures.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const EMAIL = 'editor@north.test';
/** Generous: three studio processes, ffmpeg and the suite share a loaded machine. */
const PROCESSING_TIMEOUT_MS = 180_000;

interface WebProcess {
  process: StudioProcess;
  url: string;
}

let bucket: TestBucket;
let database: DatabaseHandle | undefined;
let webA: WebProcess;
let webB: WebProcess;
let worker: StudioProcess;
/** The person, signed in through A; `throughB` is the same browser session sent to B. */
let throughA: ApiClient;
let throughB: ApiClient;
let storyfileId: string;
const questionIds: Record<string, string> = {};
let video: Buffer;

const QUESTIONS = ['Who taught you to cook?', 'What was your first job?'] as const;

function processOutputs(): string {
  return [
    `web A:\n${webA?.process.output()}`,
    `web B:\n${webB?.process.output()}`,
    `worker:\n${worker?.output()}`,
  ].join('\n');
}

async function startWeb(env: Record<string, string>): Promise<WebProcess> {
  const port = await getFreePort();
  const url = `http://127.0.0.1:${port}`;
  const process = spawnStudio({
    ...env,
    STUDIO_ROLE: 'web',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'conversa-web-')),
  });
  await waitUntilHealthy(process, url, 150_000);
  return { process, url };
}

/** The same browser session (its cookies) sent to another process. */
function sameSessionAt(client: ApiClient, baseUrl: string): ApiClient {
  const browser = new TestBrowser(baseUrl);
  for (const [name, value] of client.browser.cookies) {
    browser.cookies.set(name, value);
  }
  return new ApiClient(browser);
}

function videoMetadata(questionId: string) {
  return buildVideoUploadMetadata({
    storyfileId,
    target: { questionId },
    filename: 'answer.mp4',
    filetype: 'video/mp4',
  });
}

async function listVideos(client: ApiClient) {
  return (
    await client.expectStatus<StoryfileVideos>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/videos`,
    )
  ).videos;
}

/** A range request for a signed media URL, at a given process. */
async function fetchRange(baseUrl: string, signedUrl: string, start: number, end: number) {
  return fetch(new URL(signedUrl, baseUrl), { headers: { range: `bytes=${start}-${end}` } });
}

beforeAll(async () => {
  const [startedBucket, databaseUrl, dir] = await Promise.all([
    startTestBucket(),
    createTestDatabase(),
    makeTempDir(),
  ]);
  bucket = startedBucket;
  video = await readFile(await makeTestVideo(dir, { seconds: 4, size: '640x360' }));
  database = await openTestDatabase(databaseUrl);
  const northLabel = 'north';
  const { id: namespaceId } = await createNamespace(database.db, { label: northLabel });
  await createUser(database.db, { email: EMAIL, password: TEST_PASSWORD });
  await grantScope(database.db, { email: EMAIL, namespaceLabel: northLabel, scope: 'edit:ns' });

  const env = {
    ...bucket.env,
    DATABASE_URL: databaseUrl,
    DATABASE_CONNECT_TIMEOUT_SECONDS: String(TEST_CONNECT_TIMEOUT_SECONDS),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: String(TEST_STATEMENT_TIMEOUT_SECONDS),
    STUDIO_DEFAULT_NAMESPACE: '',
    MATCHER_EMBEDDER: 'none',
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  };
  worker = spawnStudio({
    ...env,
    STUDIO_ROLE: 'worker',
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'conversa-worker-')),
  });
  [webA, webB] = await Promise.all([startWeb(env), startWeb(env)]);
  await waitUntil(
    () => Promise.resolve(worker.output().includes('worker started')),
    150_000,
    'the worker to start',
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${processOutputs()}`);
  });

  // A person signs in through web A, as in a browser, and goes on through either process.
  const browser = new TestBrowser(webA.url);
  const signedIn = await signIn(browser, EMAIL, TEST_PASSWORD);
  expect(new URL(signedIn.url).pathname).toBe('/dashboard');
  throughA = new ApiClient(browser);
  throughB = sameSessionAt(throughA, webB.url);

  storyfileId = (
    await throughA.expectStatus<{ id: string }>(201, 'POST', '/v1/conversa/storyfiles', {
      namespaceId,
      name: 'Scaled out',
    })
  ).id;
  const topic = await throughB.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/topics`,
    { name: 'Life' },
  );
  for (const text of QUESTIONS) {
    questionIds[text] = (
      await throughA.expectStatus<{ id: string }>(
        201,
        'POST',
        `/v1/conversa/storyfiles/${storyfileId}/questions`,
        { topicId: topic.id, text },
      )
    ).id;
  }
}, 300_000);

afterAll(async () => {
  // kill -9 of every process group this file started, whatever the tests did.
  await killStudioProcesses();
  await database?.close();
  await bucket?.close();
}, 60_000);

describe('two web processes and a worker on one database and one bucket', () => {
  let conversationId: string;

  it(
    'take an upload begun through A and finished through B, processed by the worker, played through B by a signed URL',
    async () => {
      const created = await tusCreate(
        throughA.browser,
        video.length,
        videoMetadata(questionIds[QUESTIONS[0]]!),
      );
      expect(created.status, await created.clone().text()).toBe(201);
      const location = created.headers.get('location')!;
      const uploadId = getUploadIdFromUrl(location);
      const half = Math.floor(video.length / 2);

      const first = await tusPatch(throughA.browser, location, 0, video.subarray(0, half));
      expect(first.status, await first.clone().text()).toBe(204);
      expect(first.headers.get('upload-offset')).toBe(String(half));

      // B knows the upload from the bucket alone, and takes the rest.
      const probe = await tusProbe(throughB.browser, location);
      expect(probe.status).toBe(200);
      expect(probe.headers.get('upload-offset')).toBe(String(half));
      expect(probe.headers.get('upload-length')).toBe(String(video.length));
      const rest = await tusPatch(throughB.browser, location, half, video.subarray(half));
      expect(rest.status, await rest.clone().text()).toBe(204);
      expect(rest.headers.get('upload-offset')).toBe(String(video.length));

      // Neither web process transcodes (STUDIO_ROLE=web): the END comes from the worker.
      const status = await waitForSettledStatus(throughB.browser, uploadId, PROCESSING_TIMEOUT_MS);
      expect(status, processOutputs()).toEqual({ status: 'END', error: null });

      // URLs signed by A play through B: the signing key is in the database, the file in the bucket.
      const [listed] = await listVideos(throughA);
      expect(listed).toMatchObject({
        uploadId,
        questionId: questionIds[QUESTIONS[0]],
        width: 640,
        height: 360,
      });
      expect(listed!.durationMs).toBeGreaterThanOrEqual(3_900);
      expect(listed!.durationMs).toBeLessThanOrEqual(4_100);
      const ranged = await fetchRange(webB.url, listed!.videoUrl, 0, 1023);
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-type')).toBe('video/mp4');
      expect(ranged.headers.get('content-range')).toBe(`bytes 0-1023/${listed!.sizeBytes}`);
      const head = Buffer.from(await ranged.arrayBuffer());
      expect(head.length).toBe(1024);
      expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const tail = await fetchRange(
        webB.url,
        listed!.videoUrl,
        listed!.sizeBytes - 100,
        listed!.sizeBytes - 1,
      );
      expect(tail.status).toBe(206);
      expect((await tail.arrayBuffer()).byteLength).toBe(100);
      expect((await fetch(new URL(listed!.posterUrl, webB.url))).status).toBe(200);
    },
    PROCESSING_TIMEOUT_MS + 60_000,
  );

  it('continue one conversation across A and B', async () => {
    const asked = await throughA.expectStatus<AskResponse>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/ask`,
      { text: QUESTIONS[0] },
    );
    expect(asked.decision).toEqual({ kind: 'answer', questionId: questionIds[QUESTIONS[0]] });
    conversationId = asked.conversationId;

    const next = await throughB.expectStatus<AskResponse>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/ask`,
      { text: QUESTIONS[0], conversationId },
    );
    expect(next.conversationId).toBe(conversationId);
    expect(next.decision).toEqual({ kind: 'answer', questionId: questionIds[QUESTIONS[0]] });
    // The answer B signed plays through A.
    expect((await fetchRange(webA.url, next.media!.url, 0, 99)).status).toBe(206);

    const transcript = await throughA.expectStatus<ConversationTranscript>(
      200,
      'GET',
      `/v1/conversa/conversations/${conversationId}`,
    );
    expect(transcript.entries.map((entry) => entry.questionText)).toEqual([
      QUESTIONS[0],
      QUESTIONS[0],
    ]);
  });

  it(
    'lose nothing of an upload when A gets SIGTERM in the middle of it: it resumes through B',
    async () => {
      const created = await tusCreate(
        throughA.browser,
        video.length,
        videoMetadata(questionIds[QUESTIONS[1]]!),
      );
      expect(created.status, await created.clone().text()).toBe(201);
      const location = created.headers.get('location')!;
      const uploadId = getUploadIdFromUrl(location);

      // A PATCH whose body stops arriving after 60 %: A is receiving it when the signal comes.
      const sent = Math.floor(video.length * 0.6);
      let isBodyStarted = false;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(video.subarray(0, sent));
          isBodyStarted = true;
        },
      });
      const cutOff = throughA.browser
        .api(new URL(location).pathname, {
          method: 'PATCH',
          headers: {
            ...TUS,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          body,
          duplex: 'half',
        })
        .then(
          (response) => response.status,
          () => 'connection closed' as const,
        );
      await waitUntil(() => Promise.resolve(isBodyStarted), 30_000, 'the PATCH to start through A');
      // Let A take in what was sent. Less than one S3 part (8 MiB), it is not stored when the body
      // is cut: B's offset is exact whatever A kept, and the client sends the rest from it.
      await new Promise((resolve) => setTimeout(resolve, 1_500));

      webA.process.child.kill('SIGTERM');
      expect(await webA.process.exited, webA.process.output()).toBe(0);
      expect(await cutOff).not.toBe(204);

      const probe = await tusProbe(throughB.browser, location);
      expect(probe.status).toBe(200);
      const offset = Number(probe.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(sent);
      const rest = await tusPatch(throughB.browser, location, offset, video.subarray(offset));
      expect(rest.status, await rest.clone().text()).toBe(204);
      expect(rest.headers.get('upload-offset')).toBe(String(video.length));

      const status = await waitForSettledStatus(throughB.browser, uploadId, PROCESSING_TIMEOUT_MS);
      expect(status, processOutputs()).toEqual({ status: 'END', error: null });
      const resumed = (await listVideos(throughB)).find((entry) => entry.uploadId === uploadId);
      expect(resumed).toMatchObject({ width: 640, height: 360 });
      expect(resumed!.durationMs).toBeGreaterThanOrEqual(3_900);
      expect(resumed!.durationMs).toBeLessThanOrEqual(4_100);
      expect((await fetchRange(webB.url, resumed!.videoUrl, 0, 1023)).status).toBe(206);

      // The conversation begun on A goes on through B alone, now answered by the resumed video.
      const answered = await throughB.expectStatus<AskResponse>(
        200,
        'POST',
        `/v1/conversa/storyfiles/${storyfileId}/ask`,
        { text: QUESTIONS[1], conversationId },
      );
      expect(answered.conversationId).toBe(conversationId);
      expect(answered.decision).toEqual({ kind: 'answer', questionId: questionIds[QUESTIONS[1]] });

      // Processing took each upload's bytes: nothing of tus is left at the bucket's top level.
      const topLevel = await createS3Client(bucket.config).send(
        new ListObjectsV2Command({ Bucket: bucket.bucket, Delimiter: '/' }),
      );
      expect((topLevel.Contents ?? []).map((object) => object.Key)).toEqual([]);
    },
    PROCESSING_TIMEOUT_MS + 60_000,
  );
});
