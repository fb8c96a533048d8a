// The worker side of createWorkerEmbedder's protocol (src/worker-embedder.ts), shared by every
// model's worker: load once, then embed each batch the main thread posts.
//   worker → main: { type: 'ready', loadMs } | { type: 'failed', message }
//   main → worker: { id, texts: string[] }
//   worker → main: { id, vectors: Float32Array (texts × dimensions, transferred) }
//                | { id, message }
import { parentPort } from 'node:worker_threads';

const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * `load()` resolves with `{ model, loadMs }` (warm-up included); `embed(model, texts)` with one
 * Float32Array of every text's vector in order. A load that throws is reported as `failed`.
 */
export async function serveEmbedder(load, embed) {
  try {
    const { model, loadMs } = await load();
    parentPort.on('message', async ({ id, texts }) => {
      try {
        const vectors = await embed(model, texts);
        parentPort.postMessage({ id, vectors }, [vectors.buffer]);
      } catch (error) {
        parentPort.postMessage({ id, message: messageOf(error) });
      }
    });
    parentPort.postMessage({ type: 'ready', loadMs });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: messageOf(error) });
  }
}
