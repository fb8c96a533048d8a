/** Where an embedder is: loading its model, answering, or out of service for this process. */
export type EmbedderStatus = 'loading' | 'ready' | 'failed';

/**
 * A sentence-embedding model behind an asynchronous, batched call. Vectors of different `id`s are
 * never compared or stored together.
 */
export interface TextEmbedder {
  /** `use-lite`, or `http:<model>` for an external `/v1/embeddings` service. */
  readonly id: string;
  /** What a person is shown: "USE lite (512 dimensions, in a worker thread)". */
  readonly label: string;
  status(): EmbedderStatus;
  /**
   * Resolves once the model can answer; rejects with the reason if the current load attempt
   * fails (a model that loads tries again later: call it again to wait for that attempt).
   */
  ready(): Promise<void>;
  /** One vector per text, in order. Rejects on a model or transport error. */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** Stops the worker or aborts requests in flight; the embedder is unusable after. */
  close(): Promise<void>;
  /** How loading the model went, for a model that loads (USE lite); absent for a service. */
  loadReport?(): ModelLoadReport;
}

/** A model's load attempts: what /healthz and /metrics show of it. */
export interface ModelLoadReport {
  /** Load attempts started (1 once the first began). */
  attempts: number;
  /** Attempts that failed, a worker that stopped after loading included. */
  failures: number;
  /** Why the latest failure happened; null before any. */
  lastError: string | null;
  /** Milliseconds until the next attempt while one waits; null otherwise. */
  retryInMs: number | null;
}

export interface EmbedOptions {
  /**
   * `question`: a visitor is waiting, so it goes before any queued phrasing batch; `batch`
   * (default): phrasings of a script, embedded when the worker has nothing more urgent.
   */
  priority?: 'question' | 'batch';
}
