// Sentence vectors for the benchmark: every text it will ask or index is embedded ahead, in
// batches (as the server does with a script's phrasings), and read back through the matcher's
// synchronous seam. Vectors are cached on disk per embedder (node_modules/.cache), so a second run
// pays only for texts it has not seen; the timing of the model itself is measured apart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVectorStore, getUseLiteEmbedder } from '@conversa/embeddings';
import type { Embedder } from '../src/index.ts';

const cacheDir = fileURLToPath(
  new URL('../../../node_modules/.cache/conversa-matching/', import.meta.url),
);

export type EmbedderName = 'none' | 'use-lite';

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
  const path = resolve(cacheDir, `${name}.f32`);
  const cached = readCache(path);
  const wanted = [...new Set([...texts].map((text) => text.trim()))];
  const missing = wanted.filter((text) => !cached.has(text));
  const model = getUseLiteEmbedder();
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
    embedder: { id: model.id, embed: lookup },
    computed: missing.length,
    loadMs,
    singleMs: singles[10] ?? null,
  };
}
