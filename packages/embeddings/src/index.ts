export type { EmbedOptions, EmbedderStatus, ModelLoadReport, TextEmbedder } from './types.ts';
export {
  createUseLiteEmbedder,
  DEFAULT_LOAD_RETRY_MS,
  getUseLiteEmbedder,
  USE_LITE_DIMENSIONS,
  USE_LITE_ID,
} from './use-lite.ts';
export type { ModelLoadEvent, UseLiteEmbedder, UseLiteOptions } from './use-lite.ts';
export { createHttpEmbedder, DEFAULT_HTTP_TIMEOUT_MS, resolveEmbeddingsEndpoint } from './http.ts';
export type { HttpEmbedderOptions } from './http.ts';
export { createVectorStore, DEFAULT_VECTOR_CAPACITY } from './vector-store.ts';
export type { VectorStore, VectorStoreOptions } from './vector-store.ts';
