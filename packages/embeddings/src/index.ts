export type { EmbedOptions, EmbedderStatus, ModelLoadReport, TextEmbedder } from './types.ts';
export {
  closeSharedUseLiteEmbedder,
  createUseLiteEmbedder,
  getUseLiteEmbedder,
  USE_LITE_DIMENSIONS,
  USE_LITE_ID,
} from './use-lite.ts';
export type { UseLiteEmbedder, UseLiteOptions } from './use-lite.ts';
export { createWorkerEmbedder, DEFAULT_LOAD_RETRY_MS } from './worker-embedder.ts';
export type {
  ModelLoadEvent,
  WorkerEmbedder,
  WorkerEmbedderOptions,
  WorkerModelSpec,
} from './worker-embedder.ts';
export {
  closeSharedOnnxSentenceEmbedders,
  createOnnxSentenceEmbedder,
  getOnnxSentenceEmbedder,
  ONNX_SENTENCE_MODELS,
  onnxModelDir,
} from './onnx-sentence.ts';
export type {
  OnnxSentenceModel,
  OnnxSentenceModelId,
  OnnxSentenceOptions,
} from './onnx-sentence.ts';
export { createHttpEmbedder, DEFAULT_HTTP_TIMEOUT_MS, resolveEmbeddingsEndpoint } from './http.ts';
export type { HttpEmbedderOptions } from './http.ts';
export { createVectorStore, DEFAULT_VECTOR_CAPACITY } from './vector-store.ts';
export type { VectorStore, VectorStoreOptions } from './vector-store.ts';
