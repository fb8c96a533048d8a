import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildVideoUploadMetadata } from '@conversa/contracts';
import { mediaAssets } from './media.tables.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import {
  makeTempDir,
  makeTestVideo,
  TEST_FFMPEG,
  uploadBytes,
  waitForSettledStatus,
} from '../../../test/upload.fixtures.ts';
import { JOB_SCHEMA, PROCESS_VIDEO_QUEUE } from '../../jobs/queue-definition.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Quick retries for a test. The expiry stays at its default (30 minutes): the job of the killed
// worker is retried within seconds because its lease is gone.
const JOB_ENV = {
  JOB_RETRY_DELAY_SECONDS: '1',
  JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
};

let studio: TestStudio;
let editor: ApiClient;
let storyfileId: string;
let questionId: string;
let video: Buffer;
let slowFfmpeg: string;
const children: ChildProcess[] = [];

/** A worker process (`--role worker`) on the studio's database, in a process group of its own. */
function startWorker(env: Record<string, string> = {}): {
  child: ChildProcess;
  output: () => string;
} {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--role', 'worker'], {
    cwd: serverRoot,
    detached: true,
    env: {
      PATH: process.env.PATH,
      // The run's temporary folder: a worker killed mid-job leaves its work folder there.
      TMPDIR: process.env.TMPDIR,
      DATABASE_URL: studio.database.url,
      DATA_DIR: studio.config.dataDir,
      LOG_LEVEL: 'warn',
      ...JOB_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.push(child);
  return { child, output: () => output };
}

/** kill -9 of the worker and its ffmpeg: what a crashed machine looks like to the queue. */
function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGKILL');
  });
}

async function jobRows(uploadId: string) {
  const result = await studio.database.pool.query<{
    state: string;
    retry_count: number;
  }>(`select state, retry_count from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2`, [
    PROCESS_VIDEO_QUEUE,
    uploadId,
  ]);
  return result.rows;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // Web only: this process queues jobs and runs maintenance; worker processes do the work.
  const [started, dir] = await Promise.all([
    startTestStudio({ STUDIO_ROLE: 'web', ...JOB_ENV }),
    makeTempDir(),
  ]);
  studio = started;
  video = await readFile(await makeTestVideo(dir));
  // An ffmpeg that hangs a minute before working, so the worker can be killed mid-job.
  slowFfmpeg = path.join(dir, 'slow-ffmpeg.sh');
  await writeFile(slowFfmpeg, `#!/bin/sh\nsleep 60\nexec ${TEST_FFMPEG} "$@"\n`);
  await chmod(slowFfmpeg, 0o755);
  const northId = await buildNamespace(studio, 'north');
  editor = await buildMember(studio, 'editor@north.test', { north: 'edit:ns' });
  storyfileId = (await buildStoryfile(editor, northId)).id;
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
      { topicId: topic.id, text: 'Who taught you to cook?' },
    )
  ).id;
}, 60_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGKILL');
    }
  }
  await studio?.stop();
});

describe('a worker killed mid-job', () => {
  it('leaves the job to a worker started later, which completes it exactly once', async () => {
    const { id } = await uploadBytes(
      editor.browser,
      video,
      buildVideoUploadMetadata({
        storyfileId,
        target: { questionId },
        filename: 'answer.mp4',
        filetype: 'video/mp4',
      }),
    );
    expect(await jobRows(id)).toEqual([{ state: 'created', retry_count: 0 }]);

    const first = startWorker({ FFMPEG_PATH: slowFfmpeg });
    await waitUntil(
      async () => (await jobRows(id))[0]?.state === 'active',
      30_000,
      'the first worker to take the job',
    ).catch((error: Error) => {
      throw new Error(`${error.message}; worker output:\n${first.output()}`);
    });
    await killHard(first.child);
    expect(await jobRows(id)).toEqual([{ state: 'active', retry_count: 0 }]);

    const second = startWorker();
    const status = await waitForSettledStatus(editor.browser, id, 60_000);
    expect(status, second.output()).toEqual({ status: 'END', error: null });

    // The job's end is recorded just after the video's commit that the status call reads.
    await waitUntil(
      async () => (await jobRows(id))[0]?.state === 'completed',
      10_000,
      'the job to be recorded completed',
    );
    expect(await jobRows(id)).toEqual([{ state: 'completed', retry_count: 1 }]);
    const assets = await studio.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.uploadId, id));
    expect(assets).toHaveLength(1);
    expect((await readdir(path.join(studio.config.dataDir, 'media', 'videos', id))).sort()).toEqual(
      ['audio.wav', 'poster.jpg', 'video.mp4'],
    );

    // Queuing the same upload again is a no-op: same job id, nothing inserted.
    await studio.media.jobs.enqueueVideoProcessing(id);
    expect(await jobRows(id)).toHaveLength(1);
    const [{ count }] = (
      await studio.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from media_assets where upload_id = ${id}`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(1);

    // An idle worker stops cleanly on SIGTERM (the graceful shutdown of main.ts).
    const exited = new Promise<number | null>((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    expect(await exited, second.output()).toBe(0);
  }, 120_000);
});
