import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpEmbedder, resolveEmbeddingsEndpoint } from './http.ts';

type Handler = (request: IncomingMessage, body: unknown, response: ServerResponse) => void;

// A small local service speaking POST /v1/embeddings; each test says how it answers.
let server: Server;
let baseUrl = '';
let handler: Handler = () => undefined;
const seen: { url: string; authorization: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body: unknown = JSON.parse(raw || 'null');
      seen.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function answerWithVectors(_request: IncomingMessage, body: unknown, response: ServerResponse) {
  const input = (body as { input: string[] }).input;
  // Out of order on purpose: `index` says which input each vector is for.
  const data = input
    .map((text, index) => ({ object: 'embedding', index, embedding: [text.length, index, 1] }))
    .reverse();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ object: 'list', data, model: 'm' }));
}

describe('external /v1/embeddings embedder', () => {
  it('posts { model, input } with the key and reads the vectors by index', async () => {
    handler = answerWithVectors;
    seen.length = 0;
    const embedder = createHttpEmbedder({
      url: baseUrl,
      model: 'mini',
      apiKey: 'k-123',
      batchSize: 2,
    });
    const vectors = await embedder.embed(['a', 'bb', 'ccc']);
    expect(vectors.map((vector) => [...vector])).toEqual([
      [1, 0, 1],
      [2, 1, 1],
      [3, 0, 1],
    ]);
    expect(seen).toEqual([
      {
        url: '/v1/embeddings',
        authorization: 'Bearer k-123',
        body: { model: 'mini', input: ['a', 'bb'] },
      },
      {
        url: '/v1/embeddings',
        authorization: 'Bearer k-123',
        body: { model: 'mini', input: ['ccc'] },
      },
    ]);
    expect(embedder.id).toBe('http:mini');
  });

  it('rejects on an error status, a malformed body and a timeout', async () => {
    const embedder = createHttpEmbedder({ url: `${baseUrl}/v1`, model: 'mini', timeoutMs: 200 });
    handler = (_request, _body, response) => {
      response.writeHead(503);
      response.end('busy');
    };
    await expect(embedder.embed(['a'])).rejects.toThrow(/answered 503/);
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: [] }));
    };
    await expect(embedder.embed(['a'])).rejects.toThrow(/expected \{ data/);
    handler = () => undefined; // never answers
    await expect(embedder.embed(['a'])).rejects.toThrow(/no answer within 200 ms/);
  });

  it('resolves the endpoint from a base or a full address', () => {
    expect(resolveEmbeddingsEndpoint('http://h:1')).toBe('http://h:1/v1/embeddings');
    expect(resolveEmbeddingsEndpoint('http://h:1/v1/')).toBe('http://h:1/v1/embeddings');
    expect(resolveEmbeddingsEndpoint('http://h:1/api/v1/embeddings')).toBe(
      'http://h:1/api/v1/embeddings',
    );
  });
});
