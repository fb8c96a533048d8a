// Sentence vectors for the benchmark: every text it will ask or index is embedded ahead, in
// batches (as the server does with a script's phrasings), and read back through the matcher's
// synchronous seam. Vectors are cached on disk per embedder (node_modules/.cache), so a second run
// pays only for texts it has not seen; the timing of the model itself is measured apart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createOnnxSentenceEmbedder,
  createVectorStore,
  getUseLiteEmbedder,
  ONNX_SENTENCE_MODELS,
} from '@conversa/embeddings';
import type { OnnxSentenceModelId, WorkerEmbedder } from '@conversa/embeddings';
import type { Embedder } from '../src/index.ts';

const cacheDir = fileURLToPath(
  new URL('../../../node_modules/.cache/conversa-matching/', import.meta.url),
);

/**
 * `none`, `use-lite`, a shipped ONNX model's id, or `onnx:<folder>`: a model converted by
 * packages/embeddings/models/convert.py into a folder of its own (one too large to ship, measured
 * beside the others); its vectors are cached under the folder's name.
 */
export type EmbedderName = 'none' | 'use-lite' | OnnxSentenceModelId | `onnx:${string}`;

export const EMBEDDER_NAMES = ['none', 'use-lite', ...Object.keys(ONNX_SENTENCE_MODELS)];

export function parseEmbedderName(value: string): EmbedderName {
  if (value.startsWith('onnx:') || EMBEDDER_NAMES.includes(value)) {
    return value as EmbedderName;
  }
  throw new Error(
    `--embedder must be one of ${EMBEDDER_NAMES.join(', ')} or onnx:<folder>, got ${value}`,
  );
}

function startModel(name: Exclude<EmbedderName, 'none'>): WorkerEmbedder {
  if (name === 'use-lite') {
    return getUseLiteEmbedder();
  }
  if (name.startsWith('onnx:')) {
    const modelDir = name.slice('onnx:'.length);
    const manifest = JSON.parse(readFileSync(resolve(modelDir, 'model.json'), 'utf8')) as {
      id: string;
      dimensions: number;
      maxTokens: number;
    };
    return createOnnxSentenceEmbedder(
      {
        id: manifest.id,
        name: manifest.id,
        dimensions: manifest.dimensions,
        maxTokens: manifest.maxTokens,
      },
      { modelDir },
    );
  }
  return createOnnxSentenceEmbedder(ONNX_SENTENCE_MODELS[name as OnnxSentenceModelId]);
}

function cacheName(name: Exclude<EmbedderName, 'none'>): string {
  return name.startsWith('onnx:') ? `onnx-${basename(name.slice('onnx:'.length))}` : name;
}

export interface BenchVectors {
  embedder: Embedder;
  /** Texts that were not cached and had to be embedded by this run. */
  computed: number;
  /** Model load, ms (0 when every vector came from the cache and the model was not started). */
  loadMs: number;
  /** Wall ms of one cold question embedded alone, median of 21 (the model's share of an ask). */
  singleMs: number | null;
}

function readCache(path: string): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  if (!existsSync(path)) {
    return vectors;
  }
  const { dimensions, texts } = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as {
    dimensions: number;
    texts: string[];
  };
  const raw = readFileSync(path);
  const all = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
  texts.forEach((text, i) => vectors.set(text, all.slice(i * dimensions, (i + 1) * dimensions)));
  return vectors;
}

function writeCache(path: string, vectors: Map<string, Float32Array>): void {
  const texts = [...vectors.keys()];
  const dimensions = vectors.values().next().value?.length ?? 0;
  const all = new Float32Array(texts.length * dimensions);
  texts.forEach((text, i) => all.set(vectors.get(text)!, i * dimensions));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, new Uint8Array(all.buffer));
  writeFileSync(`${path}.json`, JSON.stringify({ dimensions, texts }));
}

/** Embeds `texts` ahead (cached on disk) and returns the seam the matcher reads them through. */
export async function prepareBenchVectors(
  name: EmbedderName,
  texts: Iterable<string>,
): Promise<BenchVectors | undefined> {
  if (name === 'none') {
    return undefined;
  }
  const path = resolve(cacheDir, `${cacheName(name)}.f32`);
  const cached = readCache(path);
  const wanted = [...new Set([...texts].map((text) => text.trim()))];
  const missing = wanted.filter((text) => !cached.has(text));
  const model = startModel(name);
  const loadStarted = performance.now();
  await model.ready();
  const loadMs = model.loadMs() ?? performance.now() - loadStarted;
  const store = createVectorStore(model, { capacity: Number.MAX_SAFE_INTEGER });
  for (const [text, vector] of cached) {
    store.put(text, vector);
  }
  if (missing.length > 0) {
    const started = performance.now();
    console.log(`embedding ${missing.length} texts with ${model.label}...`);
    const computed = await store.ensure(missing);
    for (const [text, vector] of computed) {
      cached.set(text, vector);
    }
    console.log(
      `  ${((performance.now() - started) / missing.length).toFixed(1)} ms a text in batches`,
    );
    writeCache(path, cached);
  }
  const singles: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    await model.embed([`a cold question number ${i} never asked before`], { priority: 'question' });
    singles.push(performance.now() - started);
  }
  singles.sort((a, b) => a - b);
  const lookup = (text: string) => store.peek(text.trim());
  return {
    embedder: { id: name.startsWith('onnx:') ? model.id : name, embed: lookup },
    computed: missing.length,
    loadMs,
    singleMs: singles[10] ?? null,
  };
}

/**
 * The embedder with every vector it gives rounded to `bits`-bit integers with a scale per vector
 * (its largest component / the largest integer) and back (`--quantize int8`): what storing vectors
 * compactly would cost the matcher's figures, questions' vectors rounded too (issue 69). Each
 * text's rounded vector is made once, so the matcher meets the same array for the same text.
 */
export function quantizedEmbedder(embedder: Embedder, bits: 8 | 16): Embedder {
  const largest = 2 ** (bits - 1) - 1;
  const rounded = new Map<string, Float32Array>();
  return {
    ...embedder,
    embed(text) {
      const key = text.trim();
      let vector = rounded.get(key);
      if (!vector) {
        const exact = embedder.embed(text);
        if (!exact) {
          return undefined;
        }
        const scale = exact.reduce((most, value) => Math.max(most, Math.abs(value)), 0) / largest;
        vector = exact.map((value) => (scale > 0 ? Math.round(value / scale) * scale : 0));
        rounded.set(key, vector);
      }
      return vector;
    },
  };
}
