// Crash safety of uploads and processing, proven on real studio processes (src/main.ts) that are
// stopped with SIGTERM, killed with -9 at chosen moments, and started again on the same database
// and data folder.
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import {
  buildVideoUploadMetadata,
  getUploadIdFromUrl,
  RETRY_UPLOAD_MESSAGES,
  VIDEO_PROCESSING_MESSAGES,
} from '@conversa/contracts';
import type { DatabaseHandle } from '../db/client.ts';
import { uploads } from '../modules/uploads/uploads.tables.ts';
import {
  JOB_SCHEMA,
  PROCESS_VIDEO_QUEUE,
  PROCESS_VIDEO_RETRY_LIMIT,
} from '../jobs/queue-definition.ts';
import { createNamespace, grantScope } from '../modules/namespaces/index.ts';
import { createUser } from '../modules/users/index.ts';
import {
  createTestDatabase,
  openTestDatabase,
  TEST_CONNECT_TIMEOUT_SECONDS,
  TEST_STATEMENT_TIMEOUT_SECONDS,
  getFreePort,
  signIn,
  TestBrowser,
} from '../../test/studio.ts';
import { ApiClient, buildStoryfile, TEST_PASSWORD } from '../../test/storyfile.fixtures.ts';
import {
  makeTempDir,
  makeTestVideo,
  TEST_FFMPEG,
  tusCreate,
  tusPatch,
  tusProbe,
  waitForSettledStatus,
} from '../../test/upload.fixtures.ts';
import {
  killStudioProcesses,
  spawnStudio,
  waitUntil,
  waitUntilHealthy,
  type StudioProcess,
} from '../../test/studio-process.ts';

let database: DatabaseHandle;
let baseUrl: string;
let env: Record<string, string>;
let editor: ApiClient;
let storyfileId: string;
let questionId: string;
let video: Buffer;
let dataDir: string;
/** An ffmpeg that waits a minute before working, so a studio can be stopped mid-transcode. */
let slowFfmpeg: string;
const EMAIL = 'editor@crash.test';
/** The studio the fixtures are made on; the first test stops it. */
let initial: StudioProcess;

function metadata(filename: string) {
  return buildVideoUploadMetadata({
    storyfileId,
    target: { questionId },
    filename,
    filetype: 'video/mp4',
  });
}

async function createUpload(filename: string): Promise<{ id: string; url: string }> {
  const created = await tusCreate(editor.browser, video.length, metadata(filename));
  expect(created.status, await created.clone().text()).toBe(201);
  const url = created.headers.get('location')!;
  return { id: getUploadIdFromUrl(url), url };
}

async function uploadWhole(filename: string): Promise<string> {
  const { id, url } = await createUpload(filename);
  expect((await tusPatch(editor.browser, url, 0, video)).status).toBe(204);
  return id;
}

async function jobRows(uploadId: string) {
  const result = await database.pool.query<{ state: string; retry_count: number }>(
    `select state, retry_count from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2
      order by created_on`,
    [PROCESS_VIDEO_QUEUE, uploadId],
  );
  return result.rows;
}

const waitForJobState = (uploadId: string, state: string, studio: StudioProcess) =>
  waitUntil(
    async () => (await jobRows(uploadId)).at(-1)?.state === state,
    30_000,
    `the job of ${uploadId} to be ${state}`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; studio output:\n${studio.output()}`);
  });

async function startStudio(extra: Record<string, string> = {}): Promise<StudioProcess> {
  const studio = spawnStudio({ ...env, ...extra });
  await waitUntilHealthy(studio, baseUrl);
  return studio;
}

/** Work folders (staging, downloaded source) that a process with this pid made. */
async function listWorkFolders(pid: number): Promise<string[]> {
  const staging = await readdir(path.join(dataDir, 'media', '.staging')).catch(() => []);
  const temporary = await readdir(tmpdir());
  return [...staging, ...temporary].filter(
    (name) => /^(job|conversa-source)-/.test(name) && name.includes(`-${pid}-`),
  );
}

beforeAll(async () => {
  const port = await getFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = await createTestDatabase();
  database = await openTestDatabase(databaseUrl);
  const dir = await makeTempDir('conversa-crash-test-');
  dataDir = path.join(dir, 'data');
  video = await readFile(await makeTestVideo(dir));
  slowFfmpeg = path.join(dir, 'slow-ffmpeg.sh');
  // Short sleeps, so nothing of it outlives a kill of the shell by more than a tenth of a second.
  await writeFile(
    slowFfmpeg,
    `#!/bin/sh\nfor i in $(seq 600); do sleep 0.1; done\nexec ${TEST_FFMPEG} "$@"\n`,
  );
  await chmod(slowFfmpeg, 0o755);
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_CONNECT_TIMEOUT_SECONDS: String(TEST_CONNECT_TIMEOUT_SECONDS),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: String(TEST_STATEMENT_TIMEOUT_SECONDS),
    DATA_DIR: dataDir,
    STUDIO_DEFAULT_NAMESPACE: '',
    // Quick retries for a test; the expiry stays at its default (30 minutes): a retry within
    // this test's time can only come from the leases.
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  };
  const namespace = await createNamespace(database.db, { label: 'crash' });
  await createUser(database.db, { email: EMAIL, password: TEST_PASSWORD });
  await grantScope(database.db, { email: EMAIL, namespaceLabel: 'crash', scope: 'edit:ns' });

  initial = await startStudio({ FFMPEG_PATH: slowFfmpeg });
  const browser = new TestBrowser(baseUrl);
  expect(new URL((await signIn(browser, EMAIL, TEST_PASSWORD)).url).pathname).toBe('/dashboard');
  editor = new ApiClient(browser);
  storyfileId = (await buildStoryfile(editor, namespace.id)).id;
  const topic = await editor.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/topics`,
    { name: 'Life' },
  );
  questionId = (
    await editor.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/questions`,
      { topicId: topic.id, text: 'Where did you grow up?' },
    )
  ).id;
}, 300_000);

afterAll(async () => {
  await killStudioProcesses();
  await database?.close();
});

describe('crash safety of uploads and processing', () => {
  // Filled by the tests in order: each builds on the state the one before left.
  const ids = { handedBack: '', transcoding: '', outOfRetries: '', unqueued: '', halfSent: '' };
  let halfSentUrl = '';
  let killedPid = 0;

  it('SIGTERM mid-transcode: the studio exits 0 and hands the job back without spending a retry', async () => {
    ids.handedBack = await uploadWhole('handed-back.mp4');
    await waitForJobState(ids.handedBack, 'active', initial);
    // To the whole process group, as systemd or Ctrl-C do: ffmpeg is stopped by the same signal.
    process.kill(-initial.child.pid!, 'SIGTERM');
    expect(await initial.exited, initial.output()).toBe(0);
    expect(await jobRows(ids.handedBack)).toEqual([{ state: 'created', retry_count: 0 }]);

    // To the studio alone: the transcode gets the grace period, then goes back to the queue.
    const studio = await startStudio({ FFMPEG_PATH: slowFfmpeg, JOB_SHUTDOWN_GRACE_SECONDS: '1' });
    await waitForJobState(ids.handedBack, 'active', studio);
    studio.child.kill('SIGTERM');
    expect(await studio.exited, studio.output()).toBe(0);
    expect(studio.output()).toContain('back to the queue (the worker is stopping)');
    expect(await jobRows(ids.handedBack)).toEqual([{ state: 'created', retry_count: 0 }]);
  }, 240_000);

  it('kill -9 with transcodes running, a video fully received but not yet queued, and an upload half sent', async () => {
    const studio = await startStudio({ FFMPEG_PATH: slowFfmpeg, WORKER_CONCURRENCY: '3' });
    ids.transcoding = await uploadWhole('transcoding.mp4');
    ids.outOfRetries = await uploadWhole('out-of-retries.mp4');
    for (const id of [ids.handedBack, ids.transcoding, ids.outOfRetries]) {
      await waitForJobState(id, 'active', studio);
    }

    const half = await createUpload('half-sent.mp4');
    ids.halfSent = half.id;
    halfSentUrl = half.url;
    const halfLength = Math.floor(video.length / 2);
    expect(
      (await tusPatch(editor.browser, half.url, 0, video.subarray(0, halfLength))).status,
    ).toBe(204);

    // The moment between the last byte and the commit that queues processing: a lock on the
    // upload's row holds the studio's commit while every byte is already on disk.
    const unqueued = await createUpload('unqueued.mp4');
    ids.unqueued = unqueued.id;
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from uploads where id = $1 for update', [unqueued.id]);
      const lastPatch = tusPatch(editor.browser, unqueued.url, 0, video).catch(() => undefined);
      await waitUntil(
        async () => {
          const { rows } = await database.pool.query<{ count: number }>(
            `select count(*)::int as count from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query ilike 'update "uploads"%'`,
          );
          return rows[0]!.count > 0;
        },
        30_000,
        'the last PATCH to wait on the commit',
      );
      killedPid = studio.child.pid!;
      await studio.killHard();
      await lastPatch;
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }

    // What the crash left: a complete upload nobody queued, three jobs whose worker is gone,
    // their work folders.
    const [row] = await database.db.select().from(uploads).where(eq(uploads.id, ids.unqueued));
    expect(row!.phase).toBe('uploading');
    expect(await jobRows(ids.unqueued)).toEqual([]);
    const probe = await fetch(`${baseUrl}/healthz`).catch(() => undefined);
    expect(probe).toBeUndefined();
    for (const id of [ids.handedBack, ids.transcoding, ids.outOfRetries]) {
      // handedBack: fetched again without a retry counted, so SIGTERM cost it nothing.
      expect(await jobRows(id)).toEqual([{ state: 'active', retry_count: 0 }]);
    }
    expect(await listWorkFolders(killedPid)).toHaveLength(6);
    // As if this video's worker had died on every earlier attempt too.
    await database.pool.query(
      `update ${JOB_SCHEMA}.job set retry_count = retry_limit where name = $1 and singleton_key = $2`,
      [PROCESS_VIDEO_QUEUE, ids.outOfRetries],
    );
  }, 300_000);

  it('after a restart, with no action from the client, every video ends: processed, or FAIL with a message', async () => {
    const studio = await startStudio();

    // Fully received but never queued: queued by the start's sweep.
    expect(await waitForSettledStatus(editor.browser, ids.unqueued, 60_000)).toEqual({
      status: 'END',
      error: null,
    });
    // Running when the studio died: retried (once) within seconds, not after the 30-minute expiry.
    for (const id of [ids.transcoding, ids.handedBack]) {
      expect(await waitForSettledStatus(editor.browser, id, 60_000), studio.output()).toEqual({
        status: 'END',
        error: null,
      });
      // The job's end is recorded just after the video's commit that the status call reads.
      await waitForJobState(id, 'completed', studio);
      expect(await jobRows(id)).toEqual([{ state: 'completed', retry_count: 1 }]);
    }
    // Its worker died on its last attempt: FAIL with the message a person reads, never START.
    expect(await waitForSettledStatus(editor.browser, ids.outOfRetries, 60_000)).toEqual({
      status: 'FAIL',
      error: VIDEO_PROCESSING_MESSAGES.failed,
    });
    expect(await jobRows(ids.outOfRetries)).toEqual([
      { state: 'failed', retry_count: PROCESS_VIDEO_RETRY_LIMIT },
    ]);
    // The dead process's partial outputs and source folders are gone.
    await waitUntil(
      async () => (await listWorkFolders(killedPid)).length === 0,
      10_000,
      'the work folders of the killed studio to go',
    );
  }, 360_000);

  it('an upload cut off by kill -9 resumes from the stored offset and is processed', async () => {
    const probe = await tusProbe(editor.browser, halfSentUrl);
    const offset = Number(probe.headers.get('upload-offset'));
    expect(offset).toBe(Math.floor(video.length / 2));
    expect(
      (await tusPatch(editor.browser, halfSentUrl, offset, video.subarray(offset))).status,
    ).toBe(204);
    expect(await waitForSettledStatus(editor.browser, ids.halfSent, 60_000)).toEqual({
      status: 'END',
      error: null,
    });
  }, 240_000);

  it('a video that ran out of retries can be tried again, once', async () => {
    const path = `/v1/conversa/uploads/${ids.outOfRetries}/retry`;
    expect(await editor.post(path)).toEqual({
      status: 200,
      body: { status: 'START', error: null },
    });
    expect(await editor.post(path)).toMatchObject({
      status: 409,
      body: { message: RETRY_UPLOAD_MESSAGES.notRetryable },
    });
    expect(await waitForSettledStatus(editor.browser, ids.outOfRetries, 60_000)).toEqual({
      status: 'END',
      error: null,
    });
    // A video that was processed is not processed again.
    expect(await editor.post(`/v1/conversa/uploads/${ids.unqueued}/retry`)).toMatchObject({
      status: 409,
    });
  }, 240_000);
});
