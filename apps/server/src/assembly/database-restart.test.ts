// Issue 53, item 1: the embedded PostgreSQL's postmaster killed (-9) while work runs, in each
// subsystem that holds a connection (the video queue with its job lease and wake-up LISTEN
// connection, the drafts' queue, a request's transaction on a pooled connection). The studio process must stay alive, start
// PostgreSQL again, and finish or retry the work; before the fix it exited within a second.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVideoUploadMetadata } from '@conversa/contracts';
import { getFreePort, signIn, TestBrowser } from '../../test/studio.ts';
import { ApiClient, buildStoryfile } from '../../test/storyfile.fixtures.ts';
import {
  makeTempDir,
  makeTestVideo,
  TEST_FFMPEG,
  uploadBytes,
  waitForSettledStatus,
} from '../../test/upload.fixtures.ts';
import {
  killStudioProcesses,
  spawnStudio,
  waitUntil,
  type StudioProcess,
  waitUntilHealthy,
} from '../../test/studio-process.ts';
import { speak } from '../../test/speech.fixtures.ts';
import { JOB_SCHEMA, TRANSCRIBE_VIDEO_QUEUE } from '../jobs/queue-definition.ts';
import { WAKE_CHANNEL } from '../jobs/wake-ups.ts';

const ADMIN = 'admin@restart.test';
const PASSWORD = 'admin-password';

let dataDir: string;
let databaseUrl: string;
let baseUrl: string;
let studio: StudioProcess;
let studioEnv: Record<string, string>;
let editor: ApiClient;
let storyfileId: string;
let questionId: string;
let video: Buffer;
/** While it does not exist, every ffmpeg conversion waits: a transcode stays mid-work. */
let ffmpegGate: string;
/** Requests the recognizer holds until `isRecognizerOpen`. */
const heldRecognitions: ServerResponse[] = [];
let isRecognizerOpen = false;
const recognizer = createServer((request, response) => {
  request.resume();
  request.once('end', () => {
    if (isRecognizerOpen) {
      answerRecognition(response);
    } else {
      heldRecognitions.push(response);
    }
  });
});

function answerRecognition(response: ServerResponse) {
  if (!response.destroyed) {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ text: ' Where did you grow up?', segments: [] }));
  }
}

/** One statement on a connection of its own: the test's reads survive the kills too. */
async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function readPostmasterPid(): Promise<number> {
  return Number(
    (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
}

function isAlive(process: StudioProcess): boolean {
  return process.child.exitCode === null && process.child.signalCode === null;
}

/**
 * kill -9 of the postmaster; then the studio must still run and have a new postmaster that
 * answers. The waits bound a hang on a loaded machine; they time nothing.
 */
async function killPostmasterAndAwaitRestart(): Promise<void> {
  const killed = await readPostmasterPid();
  const restartsBefore = countRestarts();
  process.kill(killed, 'SIGKILL');
  await waitUntil(
    async () =>
      !isAlive(studio) ||
      (countRestarts() > restartsBefore && (await query('select 1')).length === 1),
    90_000,
    'the studio to start PostgreSQL again',
  ).catch((error: Error) => {
    throw new Error(`${error.message}; studio output:\n${studio.output()}`);
  });
  expect(isAlive(studio), `the studio exited; its output:\n${studio.output()}`).toBe(true);
  expect(await readPostmasterPid()).not.toBe(killed);
}

/**
 * Each test starts from a running studio, so that each proves its own subsystem: one that an
 * earlier test's kill ended (before the fix) is started again on the same data.
 */
async function ensureStudioRuns(): Promise<void> {
  if (!isAlive(studio)) {
    await killStudioProcesses();
    studio = spawnStudio(studioEnv);
    await waitUntilHealthy(studio, baseUrl);
  }
}

function countRestarts(): number {
  return studio.output().split('embedded PostgreSQL running again').length - 1;
}

const listWakeUpListeners = () =>
  query(`select 1 from pg_stat_activity where backend_type = 'client backend' and query ilike $1`, [
    `listen ${WAKE_CHANNEL}`,
  ]);

function metadata(filename: string) {
  return buildVideoUploadMetadata({
    storyfileId,
    target: { questionId },
    filename,
    filetype: 'video/mp4',
  });
}

async function waitForJob(queue: string, state: string, singletonKey?: string) {
  await waitUntil(
    async () =>
      (
        await query(
          `select 1 from ${JOB_SCHEMA}.job where name = $1 and state = $2
            and ($3::text is null or singleton_key = $3)`,
          [queue, state, singletonKey ?? null],
        )
      ).length > 0,
    90_000,
    `a ${queue} job to be ${state}`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; studio output:\n${studio.output()}`);
  });
}

beforeAll(async () => {
  const dir = await makeTempDir('conversa-restart-test-');
  dataDir = path.join(dir, 'data');
  // A voice to draft: a tone never reaches the recognizer (speech/voice.ts).
  const soundFile = path.join(dir, 'spoken.wav');
  await writeFile(
    soundFile,
    await speak('I grew up in a small fishing village.', { format: 'wav' }),
  );
  video = await readFile(await makeTestVideo(dir, { soundFile }));
  ffmpegGate = path.join(dir, 'ffmpeg-gate');
  const gatedFfmpeg = path.join(dir, 'gated-ffmpeg.sh');
  // Only conversions (with an input) wait; `-version` and friends at start answer at once.
  await writeFile(
    gatedFfmpeg,
    `#!/bin/sh\ncase " $* " in *" -i "*) while [ ! -e '${ffmpegGate}' ]; do sleep 0.1; done;; esac\nexec ${TEST_FFMPEG} "$@"\n`,
  );
  await chmod(gatedFfmpeg, 0o755);
  await new Promise<void>((resolve) => recognizer.listen(0, '127.0.0.1', resolve));

  const port = await getFreePort();
  const postgresPort = await getFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  studioEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(postgresPort),
    STUDIO_ADMIN_EMAIL: ADMIN,
    STUDIO_ADMIN_PASSWORD: PASSWORD,
    STUDIO_DEFAULT_NAMESPACE: 'Restarts',
    FFMPEG_PATH: gatedFfmpeg,
    SPEECH_TO_TEXT_URL: `http://127.0.0.1:${(recognizer.address() as AddressInfo).port}`,
    SPEECH_TO_TEXT_TIMEOUT_SECONDS: '300',
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  };
  studio = spawnStudio(studioEnv);
  await waitUntilHealthy(studio, baseUrl);
  const password = (await readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  databaseUrl = `postgres://conversa:${encodeURIComponent(password)}@127.0.0.1:${postgresPort}/conversa`;

  const browser = new TestBrowser(baseUrl);
  expect(new URL((await signIn(browser, ADMIN, PASSWORD)).url).pathname).toBe('/dashboard');
  editor = new ApiClient(browser);
  const [namespace] = await query<{ id: string }>(
    "select id from namespaces where label = 'Restarts'",
  );
  storyfileId = (await buildStoryfile(editor, namespace!.id)).id;
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
  if (studio && isAlive(studio)) {
    // A clean stop stops the PostgreSQL it started again, too.
    studio.child.kill('SIGTERM');
    await studio.exited;
  }
  await killStudioProcesses();
  recognizer.closeAllConnections();
  await new Promise((resolve) => recognizer.close(resolve));
});

describe('the embedded PostgreSQL killed (-9) while work runs', () => {
  let uploadId = '';

  it('mid-transcode (video queue, job lease, wake-up LISTEN, pool): the studio lives, and the video is processed', async () => {
    await ensureStudioRuns();
    const upload = await uploadBytes(editor.browser, video, metadata('restart.mp4'));
    uploadId = upload.id;
    await waitForJob('process-video', 'active', uploadId);
    expect(await listWakeUpListeners()).toHaveLength(1);
    await killPostmasterAndAwaitRestart();
    // The wake-up connection (LISTEN) is open again, so a job queued by another process is
    // fetched at once, not at the next poll.
    await waitUntil(
      async () => (await listWakeUpListeners()).length === 1,
      30_000,
      'the wake-up connection to listen again',
    );
    await writeFile(ffmpegGate, '');
    expect(await waitForSettledStatus(editor.browser, uploadId, 120_000), studio.output()).toEqual({
      status: 'END',
      error: null,
    });
    expect(isAlive(studio)).toBe(true);
  }, 300_000);

  it("mid-draft (the drafts' queue): the studio lives, and the draft is made on a retry", async () => {
    await ensureStudioRuns();
    // The video of the test before is processed (again, if its studio died), and its draft queued.
    await writeFile(ffmpegGate, '');
    // The processed video's draft waits on the recognizer.
    await waitUntil(
      () => Promise.resolve(heldRecognitions.length > 0),
      90_000,
      'the draft to reach the recognizer',
    );
    await waitForJob(TRANSCRIBE_VIDEO_QUEUE, 'active');
    await killPostmasterAndAwaitRestart();
    isRecognizerOpen = true;
    heldRecognitions.splice(0).forEach(answerRecognition);
    await waitUntil(
      async () =>
        (await query(`select 1 from video_transcripts where status = 'draft'`)).length === 1,
      120_000,
      'the draft to be made',
    ).catch((error: Error) => {
      throw new Error(`${error.message}; studio output:\n${studio.output()}`);
    });
    expect(isAlive(studio)).toBe(true);
  }, 300_000);

  it('mid-request (a transaction holding a pooled connection): the studio lives and answers again', async () => {
    await ensureStudioRuns();
    // Lock the question's row so the studio's update waits inside its transaction.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    blocker.on('error', () => undefined);
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('select 1 from storyfile_questions where id = $1 for update', [questionId]);
    const pending = editor
      .patch(`/v1/conversa/storyfiles/${storyfileId}/questions/${questionId}`, {
        text: 'Where were you born?',
      })
      .catch((error: unknown) => error);
    await waitUntil(
      async () =>
        (
          await query(
            `select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          )
        ).length > 0,
      30_000,
      'the request to wait on the lock',
    );
    await killPostmasterAndAwaitRestart();
    await blocker.end().catch(() => undefined);
    const answered = await pending;
    expect((answered as { status?: number }).status).not.toBe(500);
    await waitUntil(
      async () => (await editor.get(`/v1/conversa/storyfiles/${storyfileId}`)).status === 200,
      30_000,
      'calls to succeed again',
    );
    expect(isAlive(studio)).toBe(true);
  }, 300_000);
});
