import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';

/**
 * A pass-through stream that counts and hashes (SHA-256) the bytes flowing through it, for a
 * package's files: `measure()` after it ended gives the manifest's size and checksum.
 */
export function createMeasuringStream(): {
  stream: PassThrough;
  measure: () => { sizeBytes: number; sha256: string };
} {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    sizeBytes += chunk.length;
  });
  return { stream, measure: () => ({ sizeBytes, sha256: hash.digest('hex') }) };
}
