import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';
import { startJobQueue, type JobQueue } from './queue.ts';

let studio: TestStudio;
const queues: JobQueue[] = [];

beforeAll(async () => {
  // Web only: no worker of the studio's own takes the jobs queued below.
  studio = await startTestStudio({ STUDIO_ROLE: 'web' });
}, 60_000);

afterAll(async () => {
  for (const queue of queues) {
    await queue.stop();
  }
  await studio?.stop();
});

/** A second process's queue, as a worker process starts it, on the studio's database. */
async function startOtherQueue(workerPollingSeconds?: number): Promise<JobQueue> {
  const queue = await startJobQueue({
    pool: studio.database.pool,
    databaseUrl: studio.database.url,
    config: studio.config.jobs,
    log: () => undefined,
    ...(workerPollingSeconds ? { workerPollingSeconds } : {}),
  });
  queues.push(queue);
  return queue;
}

describe('a job queued by one process', () => {
  it("wakes another process's idle worker at once, not at its next poll", async () => {
    const sender = await startOtherQueue();
    // Polling once an hour: within this test only the wake-up (NOTIFY at commit) can fetch a job.
    const worker = await startOtherQueue(3600);
    const handled: string[] = [];
    const waiters = new Map<string, () => void>();
    await worker.startWorkers(1, {
      processVideo: ({ uploadId }) => {
        handled.push(uploadId);
        waiters.get(uploadId)?.();
        return Promise.resolve();
      },
    });
    const handledSoon = (uploadId: string) =>
      new Promise<void>((resolve, reject) => {
        waiters.set(uploadId, resolve);
        if (handled.includes(uploadId)) {
          resolve();
        }
        setTimeout(() => reject(new Error(`${uploadId} was not fetched`)), 60_000).unref();
      });

    const client = await studio.database.pool.connect();
    try {
      // First in a transaction, as the last byte queues it: woken at the commit.
      const first = handledSoon('wake-first');
      await client.query('begin');
      await sender.enqueueVideoProcessing('wake-first', {
        executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }),
      });
      await client.query('commit');
      await first;
    } finally {
      client.release();
    }
    // The worker has fetched again after that job and found nothing: it now sleeps for an hour.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = handledSoon('wake-second');
    await sender.enqueueVideoProcessing('wake-second');
    await second;
    expect(handled).toEqual(['wake-first', 'wake-second']);
  }, 120_000);
});

describe('a transcript draft being made', () => {
  it('keeps no video waiting: drafts have slots of their own beside the one video slot', async () => {
    // This process's slots alone: a worker left from another test would take the video itself.
    for (const other of queues.splice(0)) {
      await other.stop();
    }
    const queue = await startOtherQueue();
    let releaseDraft = () => undefined as void;
    const draftHeld = new Promise<void>((resolve) => {
      releaseDraft = resolve;
    });
    let draftStarted = () => undefined as void;
    const isDraftRunning = new Promise<void>((resolve) => {
      draftStarted = resolve;
    });
    let videoProcessed = () => undefined as void;
    const isVideoProcessed = new Promise<string>((resolve) => {
      videoProcessed = () => resolve('processed');
    });
    await queue.startWorkers(1, {
      processVideo: () => {
        videoProcessed();
        return Promise.resolve();
      },
      transcribeVideo: async () => {
        draftStarted();
        await draftHeld;
      },
    });
    try {
      await queue.enqueueTranscription(randomUUID());
      await isDraftRunning;
      await queue.enqueueVideoProcessing(`while-drafting-${randomUUID()}`);
      // Bounds a hang only: the video slot is free, so the video is fetched at once.
      const outcome = await Promise.race([
        isVideoProcessed,
        new Promise<string>((resolve) =>
          setTimeout(() => resolve('still waiting behind the draft'), 30_000).unref(),
        ),
      ]);
      expect(outcome).toBe('processed');
    } finally {
      releaseDraft();
    }
  }, 120_000);
});
