import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { MediaStoreConfig } from '../config/env.ts';
import { makeWorkFolder, removeDeadWorkFolders } from './work-folders.ts';

export interface StoredObject {
  sizeBytes: number;
  modifiedAt: Date;
}

/** An inclusive byte range, already checked against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Processed media (videos, posters, speech audio, captions, avatars) by key. Keys are made by the server
 * from ids it generated (`videos/<upload id>/video.mp4`), never from request text; the file store
 * still refuses any key that would leave its root.
 */
export interface MediaStore {
  readonly kind: 'file' | 's3';
  /** An empty local folder for building outputs; on the file store it sits beside the media. */
  createStagingDir(): Promise<string>;
  /** Publishes a staged folder as `prefix/`, replacing whatever an interrupted run left there. */
  publishDirectory(stagingDir: string, prefix: string): Promise<void>;
  /** Stores a local file at `key`; the local file is gone afterwards. */
  publishFile(localPath: string, key: string, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  deleteKey(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** Immediate sub-folders of `parent` with their age (used to sweep unreferenced media). */
  listFolders(parent: string): Promise<Array<{ name: string; modifiedAt: Date }>>;
  /**
   * Deletes staging folders of runs that died before publishing: at once when their process is
   * gone, after `olderThan` when it cannot be told (another host's); returns how many.
   */
  removeStaleStaging(olderThan: Date): Promise<number>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws unless `key` is a plain relative key: segments of safe characters, no `..`. */
export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '..')) {
    throw new Error(`Refusing media key ${JSON.stringify(key)}`);
  }
}

const STAGING_FOLDER = '.staging';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.vtt': 'text/vtt',
};

/** Content type by file extension, for the files processing writes. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

export function createFileMediaStore(root: string): MediaStore {
  const resolveKey = (key: string) => {
    assertSafeKey(key);
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) {
      throw new Error(`Refusing media key ${JSON.stringify(key)}`);
    }
    return resolved;
  };
  return {
    kind: 'file',
    async createStagingDir() {
      const staging = path.join(root, STAGING_FOLDER);
      await mkdir(staging, { recursive: true });
      return makeWorkFolder(staging, 'job-');
    },
    async publishDirectory(stagingDir, prefix) {
      const target = resolveKey(prefix);
      await mkdir(path.dirname(target), { recursive: true });
      // A run that crashed after its rename left a complete folder nobody references: replace it.
      await rm(target, { recursive: true, force: true });
      await rename(stagingDir, target);
    },
    async publishFile(localPath, key) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await rename(localPath, temporary);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') {
          throw error;
        }
        await copyFile(localPath, temporary);
        await unlink(localPath);
      }
      await rename(temporary, target);
    },
    async stat(key) {
      try {
        const info = await stat(resolveKey(key));
        return info.isFile() ? { sizeBytes: info.size, modifiedAt: info.mtime } : null;
      } catch {
        return null;
      }
    },
    read(key, range) {
      return Promise.resolve(
        createReadStream(resolveKey(key), range ? { start: range.start, end: range.end } : {}),
      );
    },
    async deleteKey(key) {
      await rm(resolveKey(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(resolveKey(prefix), { recursive: true, force: true });
    },
    async listFolders(parent) {
      const dir = resolveKey(parent);
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const folders: Array<{ name: string; modifiedAt: Date }> = [];
      for (const entry of entries) {
        if (entry.isDirectory() && !entry.name.startsWith('.')) {
          const info = await stat(path.join(dir, entry.name)).catch(() => null);
          if (info) {
            folders.push({ name: entry.name, modifiedAt: info.mtime });
          }
        }
      }
      return folders;
    },
    removeStaleStaging: (olderThan) =>
      removeDeadWorkFolders(path.join(root, STAGING_FOLDER), 'job-', olderThan),
  };
}

/**
 * The S3 client settings of both S3 stores (media here, tus uploads in modules/uploads).
 * Checksums only where S3 requires them: the SDK's default since 3.729 sends every streamed body
 * in `aws-chunked` encoding with a trailing CRC32, which many S3-compatible services (s3rver,
 * older MinIO, Ceph) store verbatim, framing included. The bytes still travel over TLS, and the
 * calls that require a checksum (DeleteObjects) keep it.
 */
export function getS3ClientConfig(config: Extract<MediaStoreConfig, { kind: 's3' }>) {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  } satisfies S3ClientConfig;
}

export function createS3Client(config: Extract<MediaStoreConfig, { kind: 's3' }>): S3Client {
  return new S3Client(getS3ClientConfig(config));
}

/** Media under `media/` of the bucket; objects are written whole, so readers never see half. */
export function createS3MediaStore(
  config: Extract<MediaStoreConfig, { kind: 's3' }>,
  client: S3Client = createS3Client(config),
): MediaStore {
  const bucket = config.bucket;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `media/${key}`;
  };
  const put = async (localPath: string, key: string, contentType: string | undefined) => {
    const size = (await stat(localPath)).size;
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        Body: createReadStream(localPath),
        ContentLength: size,
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
  };
  const store: MediaStore = {
    kind: 's3',
    createStagingDir() {
      return makeWorkFolder(tmpdir(), 'conversa-media-');
    },
    async publishDirectory(stagingDir, prefix) {
      // Same keys on a re-run: the objects are overwritten, and the database row (written after
      // this) is what makes them visible.
      for (const entry of await readdir(stagingDir)) {
        await put(path.join(stagingDir, entry), `${prefix}/${entry}`, contentTypeOf(entry));
      }
      await rm(stagingDir, { recursive: true, force: true });
    },
    async publishFile(localPath, key, contentType) {
      await put(localPath, key, contentType);
      await rm(localPath, { force: true });
    },
    async stat(key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        return { sizeBytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch {
        return null;
      }
    },
    async read(key, range) {
      const object = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return object.Body as Readable;
    },
    async deleteKey(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async deletePrefix(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${objectKey(prefix)}/`,
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0) {
          await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async listFolders(parent) {
      const folders = new Map<string, Date>();
      let token: string | undefined;
      const base = `${objectKey(parent)}/`;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          const name = item.Key?.slice(base.length).split('/')[0];
          const modifiedAt = item.LastModified ?? new Date(0);
          if (name && item.Key!.slice(base.length).includes('/')) {
            const seen = folders.get(name);
            folders.set(name, seen && seen > modifiedAt ? seen : modifiedAt);
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return [...folders].map(([name, modifiedAt]) => ({ name, modifiedAt }));
    },
    // Staging folders live in the OS temporary folder: removeDeadTempWorkFolders sweeps them.
    removeStaleStaging: () => Promise.resolve(0),
  };
  return store;
}

/** The media store the configuration names: files under DATA_DIR/media, or the S3 bucket. */
export function createMediaStore(config: MediaStoreConfig, dataDir: string): MediaStore {
  return config.kind === 's3'
    ? createS3MediaStore(config)
    : createFileMediaStore(path.join(dataDir, 'media'));
}
