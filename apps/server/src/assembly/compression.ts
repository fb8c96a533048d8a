import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';

/**
 * How dynamic answers (JSON, HTML) are compressed; built assets are precompressed at maximum
 * quality at build time and never pass through this. Measured with `npm run bench:lists`:
 * - `syncThreshold`: the plugin compresses answers above 8 KB on a 2-core host through zlib
 *   streams on libuv's threadpool, which costs a list page of 30-100 rows (13-45 KB) 3-5 ms of
 *   hops and chunked writes on a busy machine; compressed in one call, the same page costs
 *   0.2-0.6 ms and goes out in one write with its length. Bigger answers (the OpenAPI document,
 *   exports) keep the stream path so that one of them never blocks the event loop for long.
 * - levels: gzip 3 and brotli 3 cost about half of gzip 6 and brotli 4 on those pages for
 *   answers 3-5 % larger (a 13 KB page: 2.28 KB gzip 3 against 2.18 KB gzip 6).
 */
export const DYNAMIC_COMPRESSION = {
  syncThreshold: 128 * 1024,
  zlibOptions: { level: 3 },
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
} as const;

/**
 * Performance (issue 21): responses above 1 KB go out brotli or gzip by Accept-Encoding (JSON,
 * HTML, the OpenAPI document); built assets are precompressed at build time and @fastify/static
 * picks the file, so this hook skips them (they already carry content-encoding). Video and images
 * are not compressible types and pass untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    ...DYNAMIC_COMPRESSION,
  });
}
