import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorkerEmbedder } from './worker-embedder.ts';
import type { WorkerEmbedder, WorkerEmbedderOptions } from './worker-embedder.ts';

/** A sentence model converted to ONNX by models/convert.py and shipped in this package. */
export interface OnnxSentenceModel {
  /** Its vectors' id, and its folder under `models/`. */
  id: string;
  name: string;
  dimensions: number;
  /** Tokens read of a text (the rest is cut, as the model was trained). */
  maxTokens: number;
}

/** The models shipped in the repository (`models/<id>/`, each with its licence). */
export const ONNX_SENTENCE_MODELS = {
  'all-minilm-l6-v2': {
    id: 'all-minilm-l6-v2',
    name: 'all-MiniLM-L6-v2',
    dimensions: 384,
    maxTokens: 256,
  },
} as const satisfies Record<string, OnnxSentenceModel>;

export type OnnxSentenceModelId = keyof typeof ONNX_SENTENCE_MODELS;

export interface OnnxSentenceOptions extends WorkerEmbedderOptions {
  /** Another folder holding the model's files (a model converted but not shipped: benchmarks). */
  modelDir?: string;
  /** onnxruntime's threads for one batch; 1 by default, so the model takes one core at most. */
  threads?: number;
}

const packageRequire = createRequire(import.meta.url);

/** The folder of a shipped model, resolved through the package so the server's bundle finds it. */
export function onnxModelDir(id: string): string {
  return path.join(
    path.dirname(packageRequire.resolve('@conversa/embeddings/package.json')),
    'models',
    id,
  );
}

/**
 * onnxruntime-node 1.29 and later send usage telemetry to Microsoft from Linux too: a thread
 * uploads, and it keeps a device id and an event cache under ~/.cache/Microsoft. A studio sends
 * nothing of its owner's anywhere unasked, and that thread, still running when the process exits,
 * races its native teardown (a clean stop once ended by a signal). ORT_DISABLE_TELEMETRY, read
 * when the runtime first starts in the process, turns all of it off. A worker thread's
 * `process.env` is its own copy, so the thread that starts the model's thread sets it, and an
 * operator's own value stays.
 */
export function disableOnnxRuntimeTelemetry(): void {
  process.env.ORT_DISABLE_TELEMETRY ??= '1';
}

/** Starts an ONNX sentence model in a worker thread (onnxruntime-node, its CPU provider). */
export function createOnnxSentenceEmbedder(
  model: OnnxSentenceModel,
  options: OnnxSentenceOptions = {},
): WorkerEmbedder {
  disableOnnxRuntimeTelemetry();
  const threads = options.threads ?? 1;
  return createWorkerEmbedder(
    {
      id: model.id,
      name: model.name,
      label: `${model.name} (${model.dimensions} dimensions, ONNX in a worker thread)`,
      dimensions: model.dimensions,
      workerPath: () => packageRequire.resolve('@conversa/embeddings/onnx-sentence-worker'),
      workerData: {
        modelDir: options.modelDir ?? onnxModelDir(model.id),
        dimensions: model.dimensions,
        maxTokens: model.maxTokens,
        threads,
      },
    },
    options,
  );
}

const shared = new Map<string, WorkerEmbedder>();

/** The process's one instance of a shipped ONNX model (loaded on first call). */
export function getOnnxSentenceEmbedder(id: OnnxSentenceModelId): WorkerEmbedder {
  let embedder = shared.get(id);
  if (!embedder) {
    embedder = createOnnxSentenceEmbedder(ONNX_SENTENCE_MODELS[id]);
    shared.set(id, embedder);
  }
  return embedder;
}

/** Closes the process's ONNX models (its threads end); a later get loads a new one. */
export async function closeSharedOnnxSentenceEmbedders(): Promise<void> {
  const open = [...shared.values()];
  shared.clear();
  await Promise.all(open.map((embedder) => embedder.close()));
}
