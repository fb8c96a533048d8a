import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { MediaStore } from '../../media/media-store.ts';
import { MANIFEST_FILE, type Manifest, type PackageFile } from './manifest.ts';
import { createMeasuringStream } from './measuring-stream.ts';

/** A media file to pack: its path in the package and its key in the media store. */
export interface PackedMedia {
  path: string;
  key: string;
  contentType: string;
}

/**
 * Writes a package to `outPath`, streaming: each media file is read from the store only when the
 * zip writer (yazl) reaches it and passes through a SHA-256 on its way in, so nothing is held in
 * memory whatever the videos weigh. `manifest.json` goes last, once every file's checksum is known.
 * Media is stored, not deflated (video does not compress); the manifest is deflated.
 */
export async function writePackage(options: {
  mediaStore: MediaStore;
  manifest: Omit<Manifest, 'files'>;
  media: PackedMedia[];
  outPath: string;
  onFile?: (index: number, path: string) => Promise<void>;
  signal?: AbortSignal;
}): Promise<{ manifest: Manifest; sizeBytes: number }> {
  const { mediaStore, media } = options;
  const zip = new yazl.ZipFile();
  const files: PackageFile[] = [];
  const mtime = new Date(options.manifest.exportedAt);
  for (const [index, file] of media.entries()) {
    zip.addReadStreamLazy(file.path, { compress: false, mtime }, (callback) => {
      (async () => {
        await options.onFile?.(index, file.path);
        options.signal?.throwIfAborted();
        const source = await mediaStore.read(file.key);
        const { stream: tap, measure } = createMeasuringStream();
        tap.on('end', () => {
          files.push({ path: file.path, ...measure(), contentType: file.contentType });
        });
        source.on('error', (error) => tap.destroy(error));
        source.pipe(tap);
        return tap;
      })().then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  let manifest: Manifest | undefined;
  zip.addReadStreamLazy(MANIFEST_FILE, { compress: true, mtime }, (callback) => {
    // Reached after every media stream has ended: the checksums are all in.
    manifest = { ...options.manifest, files };
    callback(null, Readable.from([Buffer.from(JSON.stringify(manifest, null, 2))]));
  });
  zip.end();
  const output = createWriteStream(options.outPath);
  await pipeline(zip.outputStream, output, {
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { manifest: manifest!, sizeBytes: output.bytesWritten };
}
