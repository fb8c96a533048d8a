import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DataStore, Upload } from '@tus/server';
import { UPLOAD_METADATA_KEYS } from '@conversa/contracts';
import { countWrittenBytes, readMetadataStoryfileId, TusResponseError } from './tus-endpoint.ts';

/** A store that takes every write whole: it answers the new offset. */
class MemoryStore extends DataStore {
  readonly sizes = new Map<string, number>();
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let bytes = 0;
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
    }
    this.sizes.set(id, offset + bytes);
    return offset + bytes;
  }
  override getUpload(id: string): Promise<Upload> {
    return Promise.resolve(new Upload({ id, offset: this.sizes.get(id) ?? 0, size: 100 }));
  }
}

describe('countWrittenBytes', () => {
  it('counts the bytes of each write and answers the store’s new offset', async () => {
    const store = new MemoryStore();
    const counted: number[] = [];
    const viewed = countWrittenBytes(store, (bytes) => counted.push(bytes));

    expect(await viewed.write(Readable.from([Buffer.alloc(30)]), 'a', 0)).toBe(30);
    expect(await viewed.write(Readable.from([Buffer.alloc(12)]), 'a', 30)).toBe(42);
    expect(counted).toEqual([30, 12]);
    // Everything else is the store's own, bound to it.
    expect((await viewed.getUpload('a')).offset).toBe(42);
    expect(viewed.hasExtension('creation')).toBe(store.hasExtension('creation'));
  });

  it('leaves the store itself alone: its own writes are not counted', async () => {
    const store = new MemoryStore();
    const counted: number[] = [];
    countWrittenBytes(store, (bytes) => counted.push(bytes));

    await store.write(Readable.from([Buffer.alloc(5)]), 'b', 0);
    expect(counted).toEqual([]);
    expect(Object.hasOwn(store, 'write')).toBe(false);
  });
});

describe('readMetadataStoryfileId', () => {
  const encode = (text: string) => Buffer.from(text).toString('base64');

  it('reads the storyfile a creation names in its Upload-Metadata', () => {
    const header = `filename ${encode('take.webm')},${UPLOAD_METADATA_KEYS.storyfileId} ${encode('sf-1')}`;
    expect(
      readMetadataStoryfileId({ method: 'POST', headers: { 'upload-metadata': header } }),
    ).toBe('sf-1');
  });

  it('reads nothing from other methods, or without the key', () => {
    const header = `${UPLOAD_METADATA_KEYS.storyfileId} ${encode('sf-1')}`;
    expect(
      readMetadataStoryfileId({ method: 'PATCH', headers: { 'upload-metadata': header } }),
    ).toBeUndefined();
    expect(
      readMetadataStoryfileId({
        method: 'POST',
        headers: { 'upload-metadata': `filename ${encode('a')}` },
      }),
    ).toBeUndefined();
    expect(readMetadataStoryfileId({ method: 'POST', headers: {} })).toBeUndefined();
  });
});

describe('TusResponseError', () => {
  it('carries the status and plain-text body tus answers with', () => {
    const error = new TusResponseError(404, 'Not found.\n');
    expect(error).toMatchObject({ status_code: 404, body: 'Not found.\n' });
  });
});
