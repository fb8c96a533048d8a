import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../test/s3rver.fixtures.ts';
import { makeTempDir } from '../../test/upload.fixtures.ts';
import {
  assertSafeKey,
  contentTypeOf,
  createFileMediaStore,
  createS3Client,
  createS3MediaStore,
  type MediaStore,
} from './media-store.ts';

describe('media keys', () => {
  it.each(['videos/abc/video.mp4', 'avatars/0f.png', 'a'])('accepts %s', (key) => {
    expect(() => assertSafeKey(key)).not.toThrow();
  });
  it.each([
    '../etc/passwd',
    'videos/../../x',
    '/abs',
    'videos//x',
    'a\\b',
    '.hidden',
    'videos/x/',
    '',
  ])('refuses %s', (key) => {
    expect(() => assertSafeKey(key)).toThrow('Refusing media key');
  });
  it.each([
    ['video.mp4', 'video/mp4'],
    ['poster.jpg', 'image/jpeg'],
    ['audio.wav', 'audio/wav'],
    ['x.bin', 'application/octet-stream'],
  ])('types %s as %s', (name, type) => {
    expect(contentTypeOf(name)).toBe(type);
  });
});

describe('the file media store', () => {
  let root: string;
  let store: MediaStore;
  beforeEach(async () => {
    root = await makeTempDir('conversa-store-');
    store = createFileMediaStore(root);
  });

  it('publishes a staged folder whole, replacing what an interrupted run left', async () => {
    await mkdir(path.join(root, 'videos', 'u1'), { recursive: true });
    await writeFile(path.join(root, 'videos', 'u1', 'stale.tmp'), 'half');
    const staging = await store.createStagingDir();
    expect(staging.startsWith(root)).toBe(true);
    await writeFile(path.join(staging, 'video.mp4'), '0123456789');
    await store.publishDirectory(staging, 'videos/u1');
    expect(await readdir(path.join(root, 'videos', 'u1'))).toEqual(['video.mp4']);
    expect(await store.stat('videos/u1/video.mp4')).toMatchObject({ sizeBytes: 10 });
    expect(await text(await store.read('videos/u1/video.mp4', { start: 2, end: 4 }))).toBe('234');
    await store.deletePrefix('videos/u1');
    expect(await store.stat('videos/u1/video.mp4')).toBeNull();
  });

  it('moves single files in and lists folders for the sweep', async () => {
    const staging = await store.createStagingDir();
    await writeFile(path.join(staging, 'a.png'), 'png');
    await store.publishFile(path.join(staging, 'a.png'), 'avatars/a.png', 'image/png');
    expect(await readFile(path.join(root, 'avatars', 'a.png'), 'utf8')).toBe('png');
    await mkdir(path.join(root, 'videos', 'old'), { recursive: true });
    expect((await store.listFolders('videos')).map((folder) => folder.name)).toEqual(['old']);
  });

  it("removes staging folders of dead processes at once, of unknown owners once stale, never a live process's", async () => {
    const live = await store.createStagingDir();
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    // Even an old folder stays while its process lives (this one).
    await utimes(live, dayAgo, dayAgo);
    // A process that ran and exited: its pid is free (and is not reused within this test).
    const exited = spawnSync(
      process.execPath,
      ['-e', 'process.stdout.write(String(process.pid))'],
      {
        encoding: 'utf8',
      },
    );
    const dead = path.join(
      root,
      '.staging',
      path.basename(live).replace(/-\d+-/, `-${exited.stdout}-`),
    );
    await mkdir(dead);
    const unknownStale = path.join(root, '.staging', 'job-Ab12Cd');
    const unknownFresh = path.join(root, '.staging', 'job-Ef34Gh');
    await mkdir(unknownStale);
    await mkdir(unknownFresh);
    await utimes(unknownStale, dayAgo, dayAgo);
    expect(await store.removeStaleStaging(new Date(Date.now() - 24 * 3600 * 1000))).toBe(2);
    expect((await readdir(path.join(root, '.staging'))).sort()).toEqual(
      [path.basename(live), 'job-Ef34Gh'].sort(),
    );
  });
});

describe('the S3 media store against an S3 server (s3rver on loopback)', () => {
  let bucket: TestBucket;
  let store: MediaStore;
  beforeAll(async () => {
    bucket = await startTestBucket();
    store = createS3MediaStore(bucket.config);
  });
  afterAll(async () => {
    await bucket?.close();
  });

  it('publishes a staged folder under media/, reads whole objects and byte ranges, and deletes it', async () => {
    const staging = await store.createStagingDir();
    const video = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    await writeFile(path.join(staging, 'video.mp4'), video);
    await writeFile(path.join(staging, 'captions.vtt'), 'WEBVTT\n');
    await store.publishDirectory(staging, 'videos/u1');
    await expect(readdir(staging)).rejects.toThrow();

    expect(await store.stat('videos/u1/video.mp4')).toMatchObject({ sizeBytes: video.length });
    expect((await store.stat('videos/u1/video.mp4'))!.modifiedAt.getTime()).toBeGreaterThan(0);
    expect(await store.stat('videos/u1/missing.mp4')).toBeNull();
    expect(Buffer.concat(await (await store.read('videos/u1/video.mp4')).toArray())).toEqual(video);
    const range = Buffer.concat(
      await (await store.read('videos/u1/video.mp4', { start: 1000, end: 1999 })).toArray(),
    );
    expect(range).toEqual(video.subarray(1000, 2000));
    expect(await text(await store.read('videos/u1/captions.vtt'))).toBe('WEBVTT\n');

    // What the bucket itself holds: the media prefix and the content types the player needs.
    const client = createS3Client(bucket.config);
    const head = (key: string) =>
      client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }));
    expect((await head('media/videos/u1/video.mp4')).ContentType).toBe('video/mp4');
    expect((await head('media/videos/u1/captions.vtt')).ContentType).toBe('text/vtt');

    await store.deletePrefix('videos/u1');
    expect(await store.stat('videos/u1/video.mp4')).toBeNull();
    expect(await store.stat('videos/u1/captions.vtt')).toBeNull();
  });

  it('stores single files, lists folders with their newest object, and deletes one key', async () => {
    const staging = await store.createStagingDir();
    await writeFile(path.join(staging, 'a.png'), 'png');
    await store.publishFile(path.join(staging, 'a.png'), 'avatars/a.png', 'image/png');
    await expect(readFile(path.join(staging, 'a.png'))).rejects.toThrow();
    expect(await text(await store.read('avatars/a.png'))).toBe('png');

    for (const folder of ['a', 'b']) {
      const files = await store.createStagingDir();
      await writeFile(path.join(files, 'video.mp4'), folder);
      await store.publishDirectory(files, `listing/${folder}`);
    }
    const loose = await store.createStagingDir();
    await writeFile(path.join(loose, 'loose.txt'), 'x');
    await store.publishFile(path.join(loose, 'loose.txt'), 'listing/loose.txt', 'text/plain');
    const folders = await store.listFolders('listing');
    expect(folders.map((folder) => folder.name).sort()).toEqual(['a', 'b']);
    expect(folders.every((folder) => folder.modifiedAt.getTime() > 0)).toBe(true);

    await store.deleteKey('avatars/a.png');
    expect(await store.stat('avatars/a.png')).toBeNull();
    await expect(store.read('../secrets')).rejects.toThrow('Refusing media key');
  });
});

describe('the S3 media store (against a recording client: the requests it sends)', () => {
  type Sent = { name: string; input: Record<string, unknown> };

  function createRecordingClient(pages: Array<Record<string, unknown>> = []) {
    const sent: Sent[] = [];
    const client = {
      send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
        sent.push({ name: command.constructor.name, input: command.input });
        if (command.constructor.name === 'ListObjectsV2Command') {
          return Promise.resolve(pages.shift() ?? { Contents: [] });
        }
        if (command.constructor.name === 'HeadObjectCommand') {
          return Promise.resolve({ ContentLength: 42, LastModified: new Date(0) });
        }
        if (command.constructor.name === 'GetObjectCommand') {
          return Promise.resolve({ Body: Readable.from(['bytes']) });
        }
        return Promise.resolve({});
      },
    };
    return { client: client as unknown as S3Client, sent };
  }

  const config = {
    kind: 's3' as const,
    bucket: 'studio',
    region: 'us-east-1',
    endpoint: undefined,
    credentials: undefined,
    forcePathStyle: true,
  };

  it('writes media under media/ with content types, and reads ranges', async () => {
    const { client, sent } = createRecordingClient();
    const store = createS3MediaStore(config, client);
    const staging = await store.createStagingDir();
    await writeFile(path.join(staging, 'video.mp4'), 'mp4');
    await writeFile(path.join(staging, 'poster.jpg'), 'jpg');
    await store.publishDirectory(staging, 'videos/u1');
    await expect(readdir(staging)).rejects.toThrow();
    const puts = sent.filter((entry) => entry.name === 'PutObjectCommand');
    expect(puts.map((entry) => [entry.input.Key, entry.input.ContentType]).sort()).toEqual([
      ['media/videos/u1/poster.jpg', 'image/jpeg'],
      ['media/videos/u1/video.mp4', 'video/mp4'],
    ]);
    expect(await store.stat('videos/u1/video.mp4')).toEqual({
      sizeBytes: 42,
      modifiedAt: new Date(0),
    });
    expect(await text(await store.read('videos/u1/video.mp4', { start: 5, end: 9 }))).toBe('bytes');
    expect(sent.find((entry) => entry.name === 'GetObjectCommand')!.input).toMatchObject({
      Bucket: 'studio',
      Key: 'media/videos/u1/video.mp4',
      Range: 'bytes=5-9',
    });
    await expect(store.read('../secrets')).rejects.toThrow('Refusing media key');
  });

  it('deletes a prefix page by page and lists folders with their newest object', async () => {
    const { client, sent } = createRecordingClient([
      {
        Contents: [{ Key: 'media/videos/u1/video.mp4' }, { Key: 'media/videos/u1/poster.jpg' }],
        IsTruncated: true,
        NextContinuationToken: 'next',
      },
      { Contents: [{ Key: 'media/videos/u1/audio.wav' }] },
      {
        Contents: [
          { Key: 'media/videos/a/video.mp4', LastModified: new Date(1000) },
          { Key: 'media/videos/a/poster.jpg', LastModified: new Date(3000) },
          { Key: 'media/videos/b/video.mp4', LastModified: new Date(2000) },
          { Key: 'media/videos/loose.txt', LastModified: new Date(4000) },
        ],
      },
    ]);
    const store = createS3MediaStore(config, client);
    await store.deletePrefix('videos/u1');
    const deletes = sent.filter((entry) => entry.name === 'DeleteObjectsCommand');
    expect(
      deletes.map((entry) => (entry.input.Delete as { Objects: unknown[] }).Objects.length),
    ).toEqual([2, 1]);
    const lists = sent.filter((entry) => entry.name === 'ListObjectsV2Command');
    expect(lists[0]!.input).toMatchObject({ Prefix: 'media/videos/u1/' });
    expect(lists[1]!.input).toMatchObject({
      Prefix: 'media/videos/u1/',
      ContinuationToken: 'next',
    });
    expect(await store.listFolders('videos')).toEqual([
      { name: 'a', modifiedAt: new Date(3000) },
      { name: 'b', modifiedAt: new Date(2000) },
    ]);
  });
});
