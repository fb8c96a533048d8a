import { Worker } from 'node:worker_threads';
import { disableOnnxRuntimeTelemetry } from './model.ts';
import type { Recognition, RecognizeOptions } from './recognize.ts';
import type { WhisperReply, WhisperRequest, WhisperThreadData } from './thread-messages.ts';

export interface WhisperThreadOptions {
  modelDir: string;
  /** onnxruntime's threads for one recording (default 2). */
  threads?: number;
  /** The thread's CPU priority (19: the lowest, for answer drafts); unset: the process's. */
  niceness?: number;
  /**
   * The worker module: `thread-worker.ts` beside this file from the sources (loaded through
   * tsx), or the bundle's own entry (the server's build names it `whisper-worker.js`).
   */
  workerUrl?: URL;
}

/** A Whisper model in a worker thread of its own: the event loop only posts and waits. */
export interface WhisperThread {
  /** Resolves with the model's load time once loaded; rejects when it cannot be loaded. */
  readonly ready: Promise<number>;
  recognize(samples: Float32Array, options?: RecognizeOptions): Promise<Recognition>;
  close(): Promise<void>;
}

function defaultWorkerUrl(): URL {
  // From the sources this file is TypeScript; in a bundle the worker is an entry beside it.
  return import.meta.url.endsWith('.ts')
    ? new URL('./thread-worker.ts', import.meta.url)
    : new URL('./whisper-worker.js', import.meta.url);
}

/** Starts a worker thread that loads the model and recognizes recordings one after another. */
export function startWhisperThread(options: WhisperThreadOptions): WhisperThread {
  disableOnnxRuntimeTelemetry();
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const data: WhisperThreadData = {
    modelDir: options.modelDir,
    threads: options.threads ?? 2,
    ...(options.niceness === undefined ? {} : { niceness: options.niceness }),
  };
  // TypeScript sources (development, tests) are loaded through tsx, as the server itself is
  // (thread-source-entry.mjs says why they need an entry of their own).
  const worker = workerUrl.pathname.endsWith('.ts')
    ? new Worker(new URL('./thread-source-entry.mjs', import.meta.url), {
        workerData: { ...data, sourceEntry: workerUrl.href },
      })
    : new Worker(workerUrl, { workerData: data });
  // A thread nobody waits on must not keep the process alive.
  worker.unref();
  const pending = new Map<
    number,
    { resolve: (r: Recognition) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let failure: Error | undefined;
  let settleReady: { resolve: (ms: number) => void; reject: (error: Error) => void };
  const ready = new Promise<number>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  ready.catch(() => {});

  const failAll = (error: Error) => {
    failure ??= error;
    settleReady.reject(error);
    for (const request of pending.values()) {
      request.reject(error);
    }
    pending.clear();
  };
  worker.on('message', (message: WhisperReply) => {
    if (message.type === 'ready') {
      settleReady.resolve(message.loadMs);
    } else if (message.type === 'load-failed') {
      failAll(new Error(`The Whisper model could not be loaded: ${message.message}`));
    } else {
      const request = pending.get(message.id);
      pending.delete(message.id);
      if (message.type === 'result') {
        request?.resolve(message.recognition);
      } else {
        request?.reject(new Error(message.message));
      }
    }
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`The Whisper thread ended (exit code ${code}).`)));

  return {
    ready,
    recognize(samples, { signal, ...recognizeOptions } = {}) {
      if (failure) {
        return Promise.reject(failure);
      }
      if (signal?.aborted) {
        return Promise.reject(
          signal.reason instanceof Error ? signal.reason : new Error('Aborted.'),
        );
      }
      const id = nextId++;
      const post = (message: WhisperRequest, transfer: ArrayBuffer[] = []) =>
        worker.postMessage(message, transfer);
      return new Promise<Recognition>((resolve, reject) => {
        const onAbort = () => post({ type: 'cancel', id });
        signal?.addEventListener('abort', onAbort, { once: true });
        const done = () => signal?.removeEventListener('abort', onAbort);
        pending.set(id, {
          resolve: (recognition) => {
            done();
            resolve(recognition);
          },
          reject: (error) => {
            done();
            reject(signal?.aborted && signal.reason instanceof Error ? signal.reason : error);
          },
        });
        worker.ref();
        const copy = samples.slice();
        post({ type: 'recognize', id, samples: copy, options: recognizeOptions }, [copy.buffer]);
      }).finally(() => {
        if (pending.size === 0) {
          worker.unref();
        }
      });
    },
    async close() {
      failAll(new Error('The Whisper thread was closed.'));
      await worker.terminate();
    },
  };
}
