// A real S3 endpoint for the tests: s3rver (an S3 protocol server) in the test's own process, on
// loopback, its bucket in a temporary folder. The S3 stores and studio processes talk to it over
// HTTP exactly as they would to AWS, MinIO or R2.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import S3rver from 's3rver';
import type { MediaStoreConfig } from '../src/config/env.ts';
import { makeTempDir } from './upload.fixtures.ts';

/** s3rver's fixed credentials (it checks request signatures against them). */
const S3RVER_KEY = 'S3RVER';

export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** The media store configuration pointing at this bucket. */
  config: Extract<MediaStoreConfig, { kind: 's3' }>;
  /** The same as studio environment variables, for studio processes. */
  env: Record<string, string>;
  /** The folder s3rver keeps the bucket's objects in. */
  directory: string;
  close(): Promise<void>;
}

/** Starts s3rver on a port the OS picks, with one empty bucket. */
export async function startTestBucket(bucket = 'studio'): Promise<TestBucket> {
  const directory = await makeTempDir('conversa-s3rver-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  addMultipartListing(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    config: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
      forcePathStyle: true,
    },
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

/** What of s3rver (a Koa application) the additions below use; its typings leave it out. */
interface S3rverInternals {
  middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void>>;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
interface S3rverContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, string>) => Error;
const S3Error = createRequire(import.meta.url)('s3rver/lib/models/error') as S3ErrorClass;

/**
 * s3rver 3.7 stores multipart uploads but has no ListParts and no AbortMultipartUpload, which
 * @tus/s3-store needs (the offset of an upload is the sum of its parts; DELETE aborts it). They
 * are added here over s3rver's own part files (`<uploads>/<upload id>/<part number>` and
 * `<part number>.md5`), answering as S3 does: `NoSuchUpload` (404) once the upload is completed
 * or aborted. Signatures are not checked on these two calls.
 */
function addMultipartListing(server: S3rver): void {
  const internals = server as unknown as S3rverInternals;
  const handle = async (ctx: S3rverContext, next: () => Promise<void>) => {
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    const uploadId = ctx.query.uploadId;
    if (!match || typeof uploadId !== 'string' || !['GET', 'DELETE'].includes(ctx.method)) {
      return next();
    }
    const [, bucket, key] = match as unknown as [string, string, string];
    const directory = path.join(
      internals.store.getResourcePath(bucket, undefined, 'uploads'),
      path.basename(uploadId),
    );
    const storedKey = await readFile(path.join(directory, 'key'), 'utf8').catch(() => undefined);
    if (storedKey !== key) {
      throw new S3Error(
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
        { UploadId: uploadId },
      );
    }
    if (ctx.method === 'DELETE') {
      await rm(directory, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const numbers = (await readdir(directory))
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((number) => number > marker)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(directory, String(number));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return {
          PartNumber: number,
          LastModified: info.mtime.toISOString(),
          ETag: JSON.stringify(md5),
          Size: info.size,
        };
      }),
    );
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumberMarker: marker,
        NextPartNumberMarker: numbers.at(-1) ?? marker,
        MaxParts: 10_000,
        IsTruncated: false,
        Part: parts,
      },
    };
  };
  // Before s3rver's router (its last middleware), after its XML encoder and error handling.
  internals.middleware.splice(internals.middleware.length - 1, 0, handle);
}
