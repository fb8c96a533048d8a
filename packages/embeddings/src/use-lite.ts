import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { EmbedOptions, EmbedderStatus, TextEmbedder } from './types.ts';

/** USE lite's vector size. */
export const USE_LITE_DIMENSIONS = 512;
export const USE_LITE_ID = 'use-lite';
// Texts per message to the worker: batches of this size cost ~6-12 ms a text against ~30-50 ms
// alone, and a visitor's question never waits behind more than one of them.
const BATCH_SIZE = 32;

interface Job {
  texts: readonly string[];
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

interface Pending {
  jobs: Job[];
  counts: number[];
}

export interface UseLiteEmbedder extends TextEmbedder {
  /** Milliseconds the worker took to load the model and warm it up, once ready. */
  loadMs(): number | undefined;
}

function resolveWorkerPath(): string {
  // Through the package's own export so that it resolves the same from the sources and from the
  // server's bundle (apps/server/dist), which does not carry this file.
  return createRequire(import.meta.url).resolve('@conversa/embeddings/use-lite-worker');
}

/**
 * Starts Google's Universal Sentence Encoder lite in a worker thread (the model never runs on the
 * caller's event loop). Questions go before queued phrasing batches. Use `getUseLiteEmbedder` to
 * share one model per process.
 */
export function createUseLiteEmbedder(options: { workerPath?: string } = {}): UseLiteEmbedder {
  let status: EmbedderStatus = 'loading';
  let loadMs: number | undefined;
  let failure: Error | undefined;
  // The worker holds the process open while the model loads and while it embeds, never when idle:
  // a process with nothing else to do (a test, the CLI, a bench) then ends. Its listeners are
  // added while it is held: on Node 20 a 'message' listener added to an unref'd worker refs it
  // again for good, and the process never ended.
  const worker = new Worker(options.workerPath ?? resolveWorkerPath());
  const urgent: Job[] = [];
  const queued: Job[] = [];
  const inFlight = new Map<number, Pending>();
  let nextId = 1;
  let isClosed = false;

  let settleReady: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const readyPromise = new Promise<void>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // A caller that never awaits ready() must not see an unhandled rejection.
  readyPromise.catch(() => undefined);

  function fail(error: Error): void {
    failure ??= error;
    status = 'failed';
    worker.unref();
    settleReady?.reject(failure);
    for (const job of [...urgent.splice(0), ...queued.splice(0)]) {
      job.reject(failure);
    }
    for (const pending of inFlight.values()) {
      for (const job of pending.jobs) {
        job.reject(failure);
      }
    }
    inFlight.clear();
  }

  /** Sends the next message when the worker is idle: urgent jobs whole, then up to a batch. */
  function pump(): void {
    if (status !== 'ready' || inFlight.size > 0) {
      return;
    }
    const jobs: Job[] = [];
    let size = 0;
    for (const source of [urgent, queued]) {
      while (
        source.length > 0 &&
        (jobs.length === 0 || size + source[0]!.texts.length <= BATCH_SIZE)
      ) {
        const job = source.shift()!;
        jobs.push(job);
        size += job.texts.length;
      }
    }
    if (jobs.length === 0) {
      return;
    }
    const id = nextId++;
    inFlight.set(id, { jobs, counts: jobs.map((job) => job.texts.length) });
    // Only while the worker has work does it hold the process open.
    worker.ref();
    worker.postMessage({ id, texts: jobs.flatMap((job) => job.texts) });
  }

  worker.on('message', (message: Record<string, unknown>) => {
    if (message.type === 'ready') {
      status = 'ready';
      loadMs = Number(message.loadMs);
      worker.unref();
      settleReady?.resolve();
      pump();
      return;
    }
    if (message.type === 'failed') {
      fail(new Error(`USE lite failed to load: ${String(message.message)}`));
      return;
    }
    const pending = inFlight.get(Number(message.id));
    if (!pending) {
      return;
    }
    inFlight.delete(Number(message.id));
    worker.unref();
    if (message.vectors instanceof Float32Array) {
      const all = message.vectors;
      let offset = 0;
      pending.jobs.forEach((job, i) => {
        const vectors: Float32Array[] = [];
        for (let k = 0; k < pending.counts[i]!; k++) {
          vectors.push(all.subarray(offset, offset + USE_LITE_DIMENSIONS));
          offset += USE_LITE_DIMENSIONS;
        }
        job.resolve(vectors);
      });
    } else {
      const error = new Error(`USE lite failed to embed: ${String(message.message)}`);
      for (const job of pending.jobs) {
        job.reject(error);
      }
    }
    pump();
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => {
    if (!isClosed) {
      fail(new Error(`USE lite worker stopped (exit code ${code})`));
    }
  });

  return {
    id: USE_LITE_ID,
    label: `USE lite (${USE_LITE_DIMENSIONS} dimensions, in a worker thread)`,
    status: () => status,
    ready: () => readyPromise,
    loadMs: () => loadMs,
    embed(texts: readonly string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
      if (texts.length === 0) {
        return Promise.resolve([]);
      }
      if (failure) {
        return Promise.reject(failure);
      }
      return new Promise((resolve, reject) => {
        const target = embedOptions.priority === 'question' ? urgent : queued;
        for (let start = 0; start < texts.length; start += BATCH_SIZE) {
          const chunk = texts.slice(start, start + BATCH_SIZE);
          target.push({ texts: chunk, resolve: () => undefined, reject });
        }
        // Chunks resolve one by one; gather them in order.
        const chunks = target.slice(target.length - Math.ceil(texts.length / BATCH_SIZE));
        const results: Float32Array[][] = [];
        let left = chunks.length;
        chunks.forEach((job, i) => {
          job.resolve = (vectors) => {
            results[i] = vectors;
            left--;
            if (left === 0) {
              resolve(results.flat());
            }
          };
        });
        pump();
      });
    },
    async close(): Promise<void> {
      isClosed = true;
      fail(new Error('USE lite embedder closed'));
      await worker.terminate();
    },
  };
}

let shared: UseLiteEmbedder | undefined;

/** The process's one USE lite model (loaded on first call, ~200 MB, ~0.5-5 s). */
export function getUseLiteEmbedder(): UseLiteEmbedder {
  // A model that failed to load stays failed for the process: it is reported once, not retried.
  shared ??= createUseLiteEmbedder();
  return shared;
}
