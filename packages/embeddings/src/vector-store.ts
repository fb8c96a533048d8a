import type { EmbedOptions, TextEmbedder } from './types.ts';

export interface VectorStoreOptions {
  /** Vectors kept besides pinned ones, least recently used dropped first (default 20,000 ≈ 40 MB). */
  capacity?: number;
}

/**
 * A process's vectors of one embedder: a synchronous lookup for the matcher (whose seam is pure and
 * synchronous) in front of the asynchronous model. Questions and phrasings are embedded ahead with
 * `ensure`; the same text is never embedded twice while it is cached or in flight.
 */
export interface VectorStore {
  readonly embedder: TextEmbedder;
  /** The cached vector of a text, or undefined: never waits, never computes. */
  peek(text: string): Float32Array | undefined;
  /** Caches vectors computed elsewhere (read back from PostgreSQL). */
  put(text: string, vector: Float32Array): void;
  /** Texts whose vectors are never evicted (the built-in off-topic questions). */
  pin(texts: readonly string[]): void;
  /**
   * Embeds the texts not cached yet (in the embedder's batches) and caches them. Resolves with the
   * vectors it had to compute, for the caller to store; rejects when the embedder fails.
   */
  ensure(texts: readonly string[], options?: EmbedOptions): Promise<Map<string, Float32Array>>;
  /** The seam `@conversa/matching` reads: `{ id, embed(text) }`, a lookup only. */
  readonly matcherEmbedder: { readonly id: string; embed(text: string): Float32Array | undefined };
  size(): number;
}

export const DEFAULT_VECTOR_CAPACITY = 20_000;

export function createVectorStore(
  embedder: TextEmbedder,
  options: VectorStoreOptions = {},
): VectorStore {
  const capacity = options.capacity ?? DEFAULT_VECTOR_CAPACITY;
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recent.
  const recent = new Map<string, Float32Array>();
  const pinned = new Map<string, Float32Array>();
  const pinnedTexts = new Set<string>();
  const inFlight = new Map<string, Promise<Float32Array>>();

  function peek(text: string): Float32Array | undefined {
    const pinnedVector = pinned.get(text);
    if (pinnedVector) {
      return pinnedVector;
    }
    const vector = recent.get(text);
    if (vector) {
      recent.delete(text);
      recent.set(text, vector);
    }
    return vector;
  }

  function put(text: string, vector: Float32Array): void {
    if (pinnedTexts.has(text)) {
      pinned.set(text, vector);
      return;
    }
    recent.delete(text);
    recent.set(text, vector);
    while (recent.size > capacity) {
      recent.delete(recent.keys().next().value!);
    }
  }

  async function ensure(
    texts: readonly string[],
    embedOptions: EmbedOptions = {},
  ): Promise<Map<string, Float32Array>> {
    const missing = [...new Set(texts)].filter((text) => !peek(text) && !inFlight.has(text));
    const computed = new Map<string, Float32Array>();
    if (missing.length > 0) {
      const request = embedder.embed(missing, embedOptions);
      missing.forEach((text, i) => {
        const one = request.then((vectors) => vectors[i]!);
        // Each text's promise is awaited below or by another caller; never left unhandled.
        one.catch(() => undefined);
        inFlight.set(text, one);
      });
      try {
        const vectors = await request;
        missing.forEach((text, i) => {
          put(text, vectors[i]!);
          computed.set(text, vectors[i]!);
        });
      } finally {
        for (const text of missing) {
          inFlight.delete(text);
        }
      }
    }
    // Texts another caller is embedding right now.
    await Promise.all(
      texts.flatMap((text) => {
        const pending = inFlight.get(text);
        return pending ? [pending] : [];
      }),
    );
    return computed;
  }

  return {
    embedder,
    peek,
    put,
    pin(texts) {
      for (const text of texts) {
        pinnedTexts.add(text);
        const vector = recent.get(text);
        if (vector) {
          recent.delete(text);
          pinned.set(text, vector);
        }
      }
    },
    ensure,
    matcherEmbedder: { id: embedder.id, embed: peek },
    size: () => recent.size + pinned.size,
  };
}
