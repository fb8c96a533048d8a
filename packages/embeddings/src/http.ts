import type { EmbedOptions, EmbedderStatus, TextEmbedder } from './types.ts';

export interface HttpEmbedderOptions {
  /**
   * The service: its `/v1/embeddings` endpoint, or a base it is under (`https://host` gets
   * `/v1/embeddings`, `https://host/v1` gets `/embeddings`).
   */
  url: string;
  /** The `model` field of each request. */
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when set. */
  apiKey?: string;
  /** A request that takes longer is aborted and fails (default 5,000 ms). */
  timeoutMs?: number;
  /** Texts per request at most (default 64). */
  batchSize?: number;
}

export const DEFAULT_HTTP_TIMEOUT_MS = 5_000;

/** The endpoint an `EMBEDDINGS_URL` names (see `HttpEmbedderOptions.url`). */
export function resolveEmbeddingsEndpoint(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/embeddings')) {
    parsed.pathname = path.endsWith('/v1') ? `${path}/embeddings` : `${path}/v1/embeddings`;
  }
  return parsed.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `{ data: [{ index, embedding: number[] }] }`, the widely used response shape. */
function parseResponse(body: unknown, count: number): Float32Array[] {
  if (!isRecord(body) || !Array.isArray(body.data) || body.data.length !== count) {
    throw new Error(`expected { data: [...] } with ${count} embeddings`);
  }
  const vectors: Float32Array[] = new Array<Float32Array>(count);
  body.data.forEach((entry: unknown, position) => {
    if (!isRecord(entry) || !Array.isArray(entry.embedding)) {
      throw new Error(`data[${position}] has no embedding array`);
    }
    const index = typeof entry.index === 'number' ? entry.index : position;
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      throw new Error(`data[${position}] has index ${String(entry.index)} out of range`);
    }
    vectors[index] = Float32Array.from(entry.embedding as number[]);
  });
  return vectors;
}

/**
 * An operator's embedding service speaking `POST /v1/embeddings` (`{ model, input: string[] }` in,
 * `{ data: [{ index, embedding }] }` out). Stateless: it is "ready" from the start; every failure
 * (status, timeout, malformed body) rejects that call only, and the caller answers lexically.
 */
export function createHttpEmbedder(options: HttpEmbedderOptions): TextEmbedder {
  const endpoint = resolveEmbeddingsEndpoint(options.url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  const batchSize = options.batchSize ?? 64;
  const controller = new AbortController();
  let status: EmbedderStatus = 'ready';

  async function post(texts: readonly string[]): Promise<Float32Array[]> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, input: texts }),
      signal: AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]),
    });
    if (!response.ok) {
      throw new Error(`${endpoint} answered ${response.status}`);
    }
    return parseResponse(await response.json(), texts.length);
  }

  return {
    id: `http:${options.model}`,
    label: `${options.model} at ${new URL(endpoint).origin}`,
    status: () => status,
    ready: () => Promise.resolve(),
    async embed(texts: readonly string[], _options?: EmbedOptions): Promise<Float32Array[]> {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        try {
          vectors.push(...(await post(texts.slice(start, start + batchSize))));
        } catch (error) {
          const reason =
            error instanceof Error && error.name === 'TimeoutError'
              ? `no answer within ${timeoutMs} ms`
              : error instanceof Error
                ? error.message
                : String(error);
          throw new Error(`embeddings service ${endpoint}: ${reason}`, { cause: error });
        }
      }
      return vectors;
    },
    close(): Promise<void> {
      status = 'failed';
      controller.abort();
      return Promise.resolve();
    },
  };
}
