// Worker thread of the ONNX sentence models (src/onnx-sentence.ts): loads one model's
// `model.onnx` (a transformer with its mean pooling and L2 normalization in the graph, made by
// models/convert.py) into onnxruntime-node and its `tokenizer.json` into @huggingface/tokenizers,
// then embeds batches of texts posted by the main thread. Plain JavaScript so that it runs as is
// both from the sources (tsx, Vitest) and beside the server's esbuild bundle; the protocol is
// serve-embedder.mjs's. workerData: { modelDir, dimensions, maxTokens, threads }.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import { serveEmbedder } from './serve-embedder.mjs';

const { modelDir, dimensions, maxTokens, threads } = workerData;
// Texts run through the model together: padded to the longest of the group, so the texts of a
// message are sorted by length and grouped in eights (a long transcript pads no short question).
const GROUP = 8;

async function load() {
  const started = performance.now();
  const [ort, { Tokenizer }, tokenizerJson, tokenizerConfig] = await Promise.all([
    import('onnxruntime-node'),
    import('@huggingface/tokenizers'),
    readFile(path.join(modelDir, 'tokenizer.json'), 'utf8').then(JSON.parse),
    readFile(path.join(modelDir, 'tokenizer_config.json'), 'utf8').then(JSON.parse),
  ]);
  const tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
  const session = await ort.InferenceSession.create(path.join(modelDir, 'model.onnx'), {
    executionProviders: ['cpu'],
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  const model = { ort, tokenizer, session };
  // The first run allocates and plans: pay it here, not on a visitor's question.
  await embed(model, ['warm up']);
  return { model, loadMs: performance.now() - started };
}

function tokenize(tokenizer, text) {
  const ids = tokenizer.encode(text).ids;
  if (ids.length <= maxTokens) {
    return ids;
  }
  // Truncated as the model was trained: the first tokens, and the closing [SEP] kept.
  return [...ids.slice(0, maxTokens - 1), ids[ids.length - 1]];
}

async function embedGroup({ ort, session }, rows) {
  const width = Math.max(...rows.map((ids) => ids.length));
  const inputIds = new BigInt64Array(rows.length * width);
  const mask = new BigInt64Array(rows.length * width);
  rows.forEach((ids, row) => {
    ids.forEach((id, column) => {
      inputIds[row * width + column] = BigInt(id);
      mask[row * width + column] = 1n;
    });
  });
  const shape = [rows.length, width];
  const { embedding } = await session.run({
    input_ids: new ort.Tensor('int64', inputIds, shape),
    attention_mask: new ort.Tensor('int64', mask, shape),
  });
  return embedding.data;
}

async function embed(model, texts) {
  const rows = texts.map((text) => tokenize(model.tokenizer, text));
  const order = rows.map((_, i) => i).sort((a, b) => rows[a].length - rows[b].length);
  const vectors = new Float32Array(texts.length * dimensions);
  for (let start = 0; start < order.length; start += GROUP) {
    const group = order.slice(start, start + GROUP);
    const data = await embedGroup(
      model,
      group.map((i) => rows[i]),
    );
    group.forEach((i, k) => {
      vectors.set(data.subarray(k * dimensions, (k + 1) * dimensions), i * dimensions);
    });
  }
  return vectors;
}

await serveEmbedder(load, embed);
