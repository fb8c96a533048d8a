import { Worker } from 'node:worker_threads';
import type { EmbedOptions, EmbedderStatus, ModelLoadReport, TextEmbedder } from './types.ts';

// Texts per message to the worker: batches of this size cost ~6-12 ms a text against ~30-50 ms
// alone (USE lite), and a visitor's question never waits behind more than one of them.
const BATCH_SIZE = 32;
/**
 * How long queued phrasings wait behind questions at most: then their batch goes first. Without
 * a turn, a steady stream of questions (two visitors at once is enough) held a storyfile's
 * phrasings back for as long as it lasted, and the storyfile answered by words alone.
 */
export const DEFAULT_BATCH_TURN_MS = 1_000;

/** What a worker-thread model is: its worker script serves it with worker/serve-embedder.mjs. */
export interface WorkerModelSpec {
  /** Its vectors' id (`use-lite`, `all-minilm-l6-v2`): vectors of two ids are never mixed. */
  id: string;
  /** The model's name in messages ("USE lite"). */
  name: string;
  /** What a person is shown. */
  label: string;
  dimensions: number;
  /** The model's own worker script. */
  workerPath: () => string | URL;
  /** Handed to the worker as `workerData` (where its files are, its threads). */
  workerData?: unknown;
}

interface Job {
  texts: readonly string[];
  /** When it was queued (`performance.now()`). */
  queuedAt: number;
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

interface Pending {
  jobs: Job[];
  counts: number[];
}

export interface WorkerEmbedder extends TextEmbedder {
  /** Milliseconds the worker took to load the model and warm it up, once ready. */
  loadMs(): number | undefined;
  loadReport(): ModelLoadReport;
  /**
   * Calls `listener` after each failed load (with the wait before the next attempt) and each
   * load that succeeds; answers the call that removes it.
   */
  onLoadEvent(listener: (event: ModelLoadEvent) => void): () => void;
}

export type ModelLoadEvent =
  | { type: 'failed'; attempt: number; error: Error; retryInMs: number }
  | { type: 'ready'; attempt: number; loadMs: number };

export interface WorkerEmbedderOptions {
  /**
   * The worker script of each load attempt (1, 2, ...); undefined: the model's own. The seam
   * through which a test makes a load fail as the model once did under load ("Backend 'wasm'
   * has not yet been initialized").
   */
  workerPath?: string | URL | ((attempt: number) => string | URL | undefined);
  /** The wait before the second attempt, doubled after each failure up to `max`. */
  retryDelayMs?: { first: number; max: number };
  /** How long queued phrasings wait behind questions at most (`DEFAULT_BATCH_TURN_MS`). */
  batchTurnMs?: number;
}

/** Waits between load attempts: 1 s, 2 s, 4 s ... then every 5 minutes for good. */
export const DEFAULT_LOAD_RETRY_MS = { first: 1_000, max: 5 * 60_000 };

/**
 * Starts a sentence model in a worker thread (the model never runs on the caller's event loop).
 * Questions go before queued phrasing batches, until a batch has waited `batchTurnMs`. A load that fails (or a worker that stops) is tried
 * again in a new worker after a growing wait, for as long as the embedder lives: meanwhile
 * `status()` is `failed` and calls reject at once, so callers answer by words.
 */
export function createWorkerEmbedder(
  spec: WorkerModelSpec,
  options: WorkerEmbedderOptions = {},
): WorkerEmbedder {
  const dimensions = spec.dimensions;
  const retryDelay = options.retryDelayMs ?? DEFAULT_LOAD_RETRY_MS;
  const batchTurnMs = options.batchTurnMs ?? DEFAULT_BATCH_TURN_MS;
  /** When a message last carried queued phrasings. */
  let lastBatchAt = -Infinity;
  let status: EmbedderStatus = 'loading';
  let loadMs: number | undefined;
  /** Why the latest attempt failed, while no attempt is under way or ready. */
  let failure: Error | undefined;
  const report = { attempts: 0, failures: 0, lastError: null as string | null };
  let retryAt: number | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  const listeners = new Set<(event: ModelLoadEvent) => void>();
  let worker: Worker;
  const urgent: Job[] = [];
  const queued: Job[] = [];
  const inFlight = new Map<number, Pending>();
  let nextId = 1;
  let isClosed = false;

  let settleReady: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let readyPromise: Promise<void>;

  const emit = (event: ModelLoadEvent) => {
    for (const listener of listeners) {
      listener(event);
    }
  };

  /** Rejects everything waiting on this attempt, and schedules the next one. */
  function fail(error: Error): void {
    if (status === 'failed') {
      return;
    }
    failure = error;
    status = 'failed';
    worker.unref();
    settleReady?.reject(error);
    settleReady = undefined;
    for (const job of [...urgent.splice(0), ...queued.splice(0)]) {
      job.reject(error);
    }
    for (const pending of inFlight.values()) {
      for (const job of pending.jobs) {
        job.reject(error);
      }
    }
    inFlight.clear();
    if (isClosed) {
      return;
    }
    report.failures += 1;
    report.lastError = error.message;
    void worker.terminate().catch(() => undefined);
    const wait = Math.min(retryDelay.first * 2 ** (report.failures - 1), retryDelay.max);
    retryAt = Date.now() + wait;
    // Unref'd: a process with nothing else to do ends rather than wait to load a model.
    retryTimer = setTimeout(startAttempt, wait).unref();
    emit({ type: 'failed', attempt: report.attempts, error, retryInMs: wait });
  }

  /** A new worker loads the model; this attempt's outcome settles `ready()`. */
  function startAttempt(): void {
    report.attempts += 1;
    retryAt = undefined;
    status = 'loading';
    failure = undefined;
    readyPromise = new Promise<void>((resolve, reject) => {
      settleReady = { resolve, reject };
    });
    // A caller that never awaits ready() must not see an unhandled rejection.
    readyPromise.catch(() => undefined);
    const attempt = report.attempts;
    const script =
      (typeof options.workerPath === 'function'
        ? options.workerPath(attempt)
        : options.workerPath) ?? spec.workerPath();
    // The worker holds the process open while the model loads and while it embeds, never when
    // idle: a process with nothing else to do (a test, the CLI, a bench) then ends. Its listeners
    // are added while it is held: on Node 20 a 'message' listener added to an unref'd worker refs
    // it again for good, and the process never ended.
    const current = new Worker(script, { workerData: spec.workerData });
    worker = current;
    // Events of a worker an earlier attempt left behind (terminating) change nothing.
    const isCurrent = () => worker === current;
    current.on('message', (message: Record<string, unknown>) => {
      if (isCurrent()) {
        onMessage(message, attempt);
      }
    });
    current.on('error', (error) => {
      if (isCurrent()) {
        fail(error);
      }
    });
    current.on('exit', (code) => {
      if (isCurrent() && !isClosed) {
        fail(new Error(`${spec.name} worker stopped (exit code ${code})`));
      }
    });
  }

  /**
   * Sends the next message when the worker is idle: urgent jobs whole, then up to a batch; a
   * queued batch that has waited its turn goes first, the questions that fit beside it.
   */
  function pump(): void {
    if (status !== 'ready' || inFlight.size > 0) {
      return;
    }
    const jobs: Job[] = [];
    let size = 0;
    // Measured from the last batch sent too: a backlog takes one turn at a time, never all.
    const isBatchTurn =
      queued.length > 0 &&
      performance.now() - Math.max(queued[0]!.queuedAt, lastBatchAt) >= batchTurnMs;
    for (const source of isBatchTurn ? [queued, urgent] : [urgent, queued]) {
      while (
        source.length > 0 &&
        (jobs.length === 0 || size + source[0]!.texts.length <= BATCH_SIZE)
      ) {
        const job = source.shift()!;
        jobs.push(job);
        size += job.texts.length;
        if (source === queued) {
          lastBatchAt = performance.now();
        }
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

  function onMessage(message: Record<string, unknown>, attempt: number): void {
    if (message.type === 'ready') {
      status = 'ready';
      loadMs = Number(message.loadMs);
      worker.unref();
      settleReady?.resolve();
      settleReady = undefined;
      emit({ type: 'ready', attempt, loadMs });
      pump();
      return;
    }
    if (message.type === 'failed') {
      fail(new Error(`${spec.name} failed to load: ${String(message.message)}`));
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
          vectors.push(all.subarray(offset, offset + dimensions));
          offset += dimensions;
        }
        job.resolve(vectors);
      });
    } else {
      const error = new Error(`${spec.name} failed to embed: ${String(message.message)}`);
      for (const job of pending.jobs) {
        job.reject(error);
      }
    }
    pump();
  }

  startAttempt();

  return {
    id: spec.id,
    label: spec.label,
    status: () => status,
    ready: () => readyPromise,
    loadMs: () => loadMs,
    loadReport: () => ({
      ...report,
      retryInMs: retryAt === undefined ? null : Math.max(0, retryAt - Date.now()),
    }),
    onLoadEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
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
          target.push({
            texts: chunk,
            queuedAt: performance.now(),
            resolve: () => undefined,
            reject,
          });
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
      clearTimeout(retryTimer);
      retryAt = undefined;
      // A closed embedder fails every call, and its ready() too.
      fail(new Error(`${spec.name} embedder closed`));
      await worker.terminate();
    },
  };
}
