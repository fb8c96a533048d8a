// The studio under measure: a web process of its own with a storyfile to upload to, worker
// processes, and what the queue and the status endpoint say of the uploads.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SYSTEM_ID, SYSTEM_ID_HEADER, type UploadStatus } from '@conversa/contracts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { JOB_SCHEMA, PROCESS_VIDEO_QUEUE } from '../../src/jobs/queue-definition.ts';
import { createNamespace } from '../../src/modules/namespaces/index.ts';
import { getFreePort, signIn, TestBrowser } from '../../test/studio.ts';
import { sleep, startChild, waitForHttp } from './child-processes.ts';
import { FFMPEG } from './clips.ts';

const ADMIN = { email: 'bench@example.com', password: 'bench-password' };

export interface Studio {
  child: ChildProcess;
  baseUrl: string;
  env: Record<string, string>;
  browser: TestBrowser;
  headers: Record<string, string>;
  storyfileId: string;
  questionIds: string[];
  dataDir: string;
  database: DatabaseHandle;
}

export async function startBenchStudio(root: string, questions: number): Promise<Studio> {
  const port = await getFreePort();
  const dataDir = path.join(root, 'studio');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    STUDIO_ADMIN_EMAIL: ADMIN.email,
    STUDIO_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    FFMPEG_PATH: FFMPEG,
    JOB_MAINTENANCE_INTERVAL_SECONDS: '5',
  };
  const child = startChild(['src/main.ts'], { ...env, PORT: String(port), STUDIO_ROLE: 'web' });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/healthz`, 120_000, child);

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    embeddedPort: Number(env.EMBEDDED_POSTGRES_PORT),
  });
  const namespace = await createNamespace(database.db, { label: `bench-${Date.now()}` });

  const browser = new TestBrowser(baseUrl);
  await signIn(browser, ADMIN.email, ADMIN.password);
  const call = async <T>(method: string, url: string, body: unknown): Promise<T> => {
    const response = await browser.api(url, { method, body: JSON.stringify(body) });
    if (!response.ok) {
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as T;
  };
  const storyfile = await call<{ id: string }>('POST', '/v1/conversa/storyfiles', {
    namespaceId: namespace.id,
    name: 'Benchmark',
  });
  const topic = await call<{ id: string }>(
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/topics`,
    {
      name: 'Bench',
    },
  );
  const questionIds: string[] = [];
  for (let index = 0; index < questions; index += 1) {
    const question = await call<{ id: string }>(
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/questions`,
      { topicId: topic.id, text: `Benchmark question number ${index + 1}?` },
    );
    questionIds.push(question.id);
  }
  return {
    child,
    baseUrl,
    env,
    browser,
    headers: { cookie: browser.cookieHeader(), [SYSTEM_ID_HEADER]: SYSTEM_ID },
    storyfileId: storyfile.id,
    questionIds,
    dataDir,
    database,
  };
}

/** What the queue recorded of the uploads' jobs: when they started and ended, in seconds. */
export async function readJobTimes(studio: Studio, uploadIds: string[]) {
  const result = await studio.database.pool.query<{ started: number; completed: number }>(
    `select extract(epoch from started_on)::float8 as started,
            extract(epoch from completed_on)::float8 as completed
       from ${JOB_SCHEMA}.job
      where name = $1 and singleton_key = any($2) and state = 'completed'`,
    [PROCESS_VIDEO_QUEUE, uploadIds],
  );
  if (result.rows.length !== uploadIds.length) {
    throw new Error(`${uploadIds.length - result.rows.length} job(s) did not complete`);
  }
  return {
    handlerSeconds: result.rows.map((row) => row.completed - row.started),
    spanSeconds:
      Math.max(...result.rows.map((row) => row.completed)) -
      Math.min(...result.rows.map((row) => row.started)),
  };
}

export function startWorker(studio: Studio): ChildProcess {
  return startChild(['src/main.ts', '--role', 'worker'], {
    ...studio.env,
    WORKER_CONCURRENCY: '1',
  });
}

async function statusOf(studio: Studio, id: string): Promise<UploadStatus> {
  const response = await studio.browser.api(
    `/v1/conversa/upload/status?uploadObjectKey=${encodeURIComponent(id)}`,
  );
  return (await response.json()) as UploadStatus;
}

export async function waitForAll(studio: Studio, ids: string[], pollMs: number): Promise<number> {
  const started = performance.now();
  const pending = new Set(ids);
  while (pending.size > 0) {
    for (const id of [...pending]) {
      const status = await statusOf(studio, id);
      if (status.status === 'FAIL') {
        throw new Error(`upload ${id} failed: ${status.error}`);
      }
      if (status.status === 'END') {
        pending.delete(id);
      }
    }
    if (pending.size > 0) {
      await sleep(pollMs);
    }
  }
  return (performance.now() - started) / 1000;
}

/**
 * Last byte -> status END for one upload. The upload's row is watched through the bench's own
 * connection every `pollMs` (a primary-key read); once it has left `processing`, the status call
 * a person's browser makes says END (its time counted). Calling the status endpoint itself every
 * 25 ms would spend the studio's CPU, which ffmpeg shares, on the measuring.
 */
export async function waitForEnd(studio: Studio, id: string, pollMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await studio.database.pool.query<{ phase: string }>(
      'select phase from uploads where id = $1',
      [id],
    );
    if (rows[0] && rows[0].phase !== 'processing' && rows[0].phase !== 'uploading') {
      break;
    }
    await sleep(pollMs);
  }
  const status = await statusOf(studio, id);
  if (status.status !== 'END') {
    throw new Error(`upload ${id} ended ${status.status}: ${status.error}`);
  }
  return (performance.now() - started) / 1000;
}
