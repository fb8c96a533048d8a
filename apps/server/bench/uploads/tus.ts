// The two sides of the upload measure that are not the studio: a raw tus client and a bare
// @tus/server with a FileStore.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { encodeTusMetadata } from '../../test/upload.fixtures.ts';

/** `--serve-bare <dir> <port>`: a bare @tus/server with a FileStore, nothing else. */
export async function serveBare(dir: string, port: number): Promise<void> {
  const { Server } = await import('@tus/server');
  const { FileStore } = await import('@tus/file-store');
  const server = new Server({ path: '/files', datastore: new FileStore({ directory: dir }) });
  http.createServer((req, res) => void server.handle(req, res)).listen(port, '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
}

const BLOCK = randomBytes(1024 * 1024);

/** One PATCH of `length` bytes made of a repeated random block, written with backpressure. */
function patchStream(
  url: string,
  offset: number,
  length: number,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      response.resume();
      response.once('end', () =>
        response.statusCode === 204
          ? resolve(Number(response.headers['upload-offset']))
          : reject(new Error(`PATCH answered ${response.statusCode}`)),
      );
    });
    let left = length;
    const write = () => {
      while (left > 0) {
        const piece = left >= BLOCK.length ? BLOCK : BLOCK.subarray(0, left);
        left -= piece.length;
        if (!request.write(piece)) {
          request.once('drain', write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

export async function tusUpload(options: {
  endpoint: string;
  size: number;
  chunk: number;
  headers: Record<string, string>;
  metadata: Record<string, string>;
}): Promise<{ url: string; seconds: number }> {
  const started = performance.now();
  const created = await fetch(options.endpoint, {
    method: 'POST',
    headers: {
      ...options.headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(options.size),
      'upload-metadata': encodeTusMetadata(options.metadata),
    },
  });
  if (created.status !== 201) {
    throw new Error(`create answered ${created.status}: ${await created.text()}`);
  }
  const url = new URL(created.headers.get('location')!, options.endpoint).href;
  let offset = 0;
  while (offset < options.size) {
    offset = await patchStream(
      url,
      offset,
      Math.min(options.chunk, options.size - offset),
      options.headers,
    );
  }
  return { url, seconds: (performance.now() - started) / 1000 };
}
