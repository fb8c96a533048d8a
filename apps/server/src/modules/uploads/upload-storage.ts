import { createWriteStream } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { DataStore, KvStore } from '@tus/utils';
import type { MediaConfig } from '../../config/env.ts';
import { createS3Client, getS3ClientConfig } from '../../media/media-store.ts';

/**
 * Where tus keeps uploads while they arrive, and how processing gets at a finished one. The file
 * store keeps them under DATA_DIR/uploads; the S3 store at the bucket's top level (`<id>`,
 * `<id>.info`, `<id>.part`), beside the processed media under `media/`.
 */
export interface UploadStorage {
  datastore: DataStore;
  /** A local path holding the finished upload's bytes: the file itself, or a download into `workDir`. */
  getLocalCopy(tusId: string, workDir: string): Promise<string>;
  /** Moves the finished upload's bytes to a local file in `workDir` and forgets the upload. */
  takeLocalFile(tusId: string, workDir: string): Promise<string>;
  readHead(tusId: string, length: number): Promise<Buffer>;
  /** Bytes received so far; null when the upload is unknown or gone. */
  getOffset(tusId: string): Promise<number | null>;
  /** Bytes received and the declared length (undefined while deferred); null when unknown or gone. */
  getProgress(tusId: string): Promise<UploadProgress | null>;
  /** Forgets an upload and its bytes; an upload already gone is not an error. */
  remove(tusId: string): Promise<void>;
  deleteExpired(): Promise<number>;
}

export interface UploadProgress {
  offset: number;
  size: number | undefined;
}

/** Every byte of the declared length is in (a deferred length is not complete). */
export function isUploadComplete(progress: UploadProgress | null): boolean {
  return progress !== null && progress.size !== undefined && progress.offset === progress.size;
}

async function readProgress(datastore: DataStore, tusId: string): Promise<UploadProgress | null> {
  try {
    const upload = await datastore.getUpload(tusId);
    return { offset: upload.offset, size: upload.size };
  } catch {
    return null;
  }
}

async function readStreamHead(stream: Readable, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= length) {
      break;
    }
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, length);
}

/** S3Store's metadata cache, keeping nothing: one small GET of `<id>.info` per use instead. */
const uncachedMetadata: KvStore<MetadataValue> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

export function createUploadStorage(config: MediaConfig, dataDir: string): UploadStorage {
  if (config.store.kind === 's3') {
    const s3 = config.store;
    const datastore = new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: config.uploadExpirationMs,
      // Every process reads an upload's state from the bucket: a cache of it in one process's
      // memory goes stale when the upload moves on, or is finished and removed, through another.
      cache: uncachedMetadata,
      s3ClientConfig: { bucket: s3.bucket, ...getS3ClientConfig(s3) },
    });
    const download = async (tusId: string, workDir: string) => {
      await mkdir(workDir, { recursive: true });
      const target = path.join(workDir, 'source');
      await pipeline(await datastore.read(tusId), createWriteStream(target));
      return target;
    };
    const client = createS3Client(s3);
    const remove = async (tusId: string) => {
      // S3Store aborts the multipart upload first and gives up, deleting nothing, when S3 answers
      // that it is gone: always so for a completed upload. Its objects are deleted here either way.
      await datastore.remove(tusId).catch(() => undefined);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: s3.bucket,
          Delete: {
            Objects: [tusId, `${tusId}.info`, `${tusId}.part`].map((Key) => ({ Key })),
            Quiet: true,
          },
        }),
      );
    };
    return {
      datastore,
      getLocalCopy: download,
      async takeLocalFile(tusId, workDir) {
        const local = await download(tusId, workDir);
        await remove(tusId);
        return local;
      },
      async readHead(tusId, length) {
        return readStreamHead(await datastore.read(tusId), length);
      },
      async getOffset(tusId) {
        return (await readProgress(datastore, tusId))?.offset ?? null;
      },
      getProgress: (tusId) => readProgress(datastore, tusId),
      remove,
      deleteExpired: () => datastore.deleteExpired(),
    };
  }

  const directory = path.join(dataDir, 'uploads');
  const datastore = new FileStore({
    directory,
    expirationPeriodInMilliseconds: config.uploadExpirationMs,
  });
  const dataPath = (tusId: string) => {
    const resolved = path.resolve(directory, tusId);
    if (path.dirname(resolved) !== path.resolve(directory)) {
      throw new Error(`Refusing upload id ${JSON.stringify(tusId)}`);
    }
    return resolved;
  };
  return {
    datastore,
    getLocalCopy: (tusId) => Promise.resolve(dataPath(tusId)),
    async takeLocalFile(tusId, workDir) {
      await mkdir(workDir, { recursive: true });
      const target = path.join(workDir, 'source');
      await rename(dataPath(tusId), target);
      await datastore.configstore.delete(tusId).catch(() => undefined);
      return target;
    },
    async readHead(tusId, length) {
      const handle = await open(dataPath(tusId), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async getOffset(tusId) {
      return (await readProgress(datastore, tusId))?.offset ?? null;
    },
    getProgress: (tusId) => readProgress(datastore, tusId),
    async remove(tusId) {
      await datastore.remove(tusId).catch(() => undefined);
      // FileStore leaves the info file behind when the data file is already gone.
      await datastore.configstore.delete(tusId).catch(() => undefined);
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}
