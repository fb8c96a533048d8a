import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../modules/uploads/upload.fixtures.ts';
import {
  assertSafeKey,
  contentTypeOf,
  createFileMediaStore,
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

  it('removes only stale staging folders', async () => {
    const stale = await store.createStagingDir();
    const fresh = await store.createStagingDir();
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await utimes(stale, dayAgo, dayAgo);
    expect(await store.removeStaleStaging(new Date(Date.now() - 24 * 3600 * 1000))).toBe(1);
    expect(await readdir(path.join(root, '.staging'))).toEqual([path.basename(fresh)]);
  });
});
