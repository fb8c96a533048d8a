// The tus upload store in the S3 bucket, as several processes see it: each process opens its own
// store (its own S3 client and caches), and only the bucket is shared.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaConfig } from '../../config/env.ts';
import { startTestBucket, type TestBucket } from '../../../test/s3rver.fixtures.ts';
import { makeTempDir } from '../../../test/upload.fixtures.ts';
import { createUploadStorage, isUploadComplete, type UploadStorage } from './upload-storage.ts';

let bucket: TestBucket;
let config: MediaConfig;

beforeAll(async () => {
  bucket = await startTestBucket();
  config = {
    ffmpegPath: undefined,
    ffprobePath: undefined,
    store: bucket.config,
    uploadMaxBytes: 10_000_000_000,
    uploadExpirationMs: 24 * 3600 * 1000,
    packageRetentionHours: 24,
    urlTtlSeconds: 3600,
  };
});

afterAll(async () => {
  await bucket?.close();
});

/** A store as one process opens it (its own data folder, unused by the S3 store). */
async function openProcessStore(): Promise<UploadStorage> {
  return createUploadStorage(config, await makeTempDir('conversa-process-'));
}

async function createUpload(storage: UploadStorage, size: number): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await storage.datastore.create(new Upload({ id, size, offset: 0, metadata: {} }));
  return id;
}

/** A request body cut off after `bytes`, as when the process receiving it is stopped. */
function cutOffBody(bytes: Buffer): Readable {
  let isSent = false;
  return new Readable({
    read() {
      if (isSent) {
        this.destroy(new Error('connection reset'));
        return;
      }
      isSent = true;
      this.push(bytes);
    },
  });
}

describe('tus uploads in the S3 bucket, across processes', () => {
  it('resume through another process: half written by one, the rest by another, read whole by a third', async () => {
    const [webA, webB, worker] = await Promise.all([
      openProcessStore(),
      openProcessStore(),
      openProcessStore(),
    ]);
    // 9 MiB then 3 MiB: one whole 8 MiB part and a part smaller than S3's 5 MiB minimum, which
    // the store keeps as `<id>.part` until the next process goes on from it.
    const bytes = randomBytes(12 * 1024 * 1024);
    const half = 9 * 1024 * 1024;
    const id = await createUpload(webA, bytes.length);

    expect(await webA.datastore.write(Readable.from([bytes.subarray(0, half)]), id, 0)).toBe(half);
    expect(await webB.getProgress(id)).toEqual({ offset: half, size: bytes.length });
    expect(await webB.datastore.write(Readable.from([bytes.subarray(half)]), id, half)).toBe(
      bytes.length,
    );

    // The first process's view is the bucket's, not what it cached while it wrote.
    expect(isUploadComplete(await webA.getProgress(id))).toBe(true);
    expect(await worker.readHead(id, 16)).toEqual(bytes.subarray(0, 16));
    const local = await worker.takeLocalFile(id, await makeTempDir('conversa-work-'));
    expect((await readFile(local)).equals(bytes)).toBe(true);
    expect(await webA.getProgress(id)).toBeNull();
  });

  it('lose nothing when a write is cut off mid-body: another process reports the offset and the rest completes the file', async () => {
    const [webA, webB] = await Promise.all([openProcessStore(), openProcessStore()]);
    const bytes = randomBytes(3 * 1024 * 1024 + 4321);
    const id = await createUpload(webA, bytes.length);

    await expect(
      webA.datastore.write(cutOffBody(bytes.subarray(0, 2 * 1024 * 1024)), id, 0),
    ).rejects.toThrow();
    const offset = await webB.getOffset(id);
    expect(offset).not.toBeNull();
    expect(offset!).toBeLessThanOrEqual(2 * 1024 * 1024);

    expect(await webB.datastore.write(Readable.from([bytes.subarray(offset!)]), id, offset!)).toBe(
      bytes.length,
    );
    const local = await webB.getLocalCopy(id, await makeTempDir('conversa-work-'));
    expect((await readFile(local)).equals(bytes)).toBe(true);
    await webB.remove(id);
    expect(await webA.getOffset(id)).toBeNull();
  });
});
