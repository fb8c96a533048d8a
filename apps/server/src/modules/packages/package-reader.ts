import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import {
  STORYFILE_PACKAGE_FORMAT_VERSION,
  STORYFILE_PACKAGE_LIMITS,
  describeValidationIssue,
} from '@conversa/contracts';
import { findUnstorable, TOO_DEEP_MESSAGE } from '../../http/unstorable-text.ts';
import { readMp4Info } from '../../media/mp4-info.ts';
import { MANIFEST_FILE, MANIFEST_FORMAT, manifestSchema, type Manifest } from './manifest.ts';
import { createMeasuringStream } from './measuring-stream.ts';

/** A package the zip reader cannot open: most often a file cut short in copying or uploading. */
export const PACKAGE_TRUNCATED_MESSAGE =
  'The package is not a complete .zip file: it may have been cut short while it was copied or uploaded. Export it again, or upload the whole file.';
/** A package whose file list opens but whose entries do not read. */
export const PACKAGE_DAMAGED_MESSAGE =
  "The package's .zip file is damaged: it may have been cut short while it was copied or uploaded. Export it again, or upload the whole file.";

/** A package that cannot be imported; the message names the problem for the person. */
export class PackageRefusedError extends Error {}

export type PackageLimits = {
  -readonly [Key in keyof typeof STORYFILE_PACKAGE_LIMITS]: number;
};

const refuse = (message: string): never => {
  throw new PackageRefusedError(message);
};

/** An entry name as it must be: `manifest.json` or `media/...`, relative, no `..`, no `\`. */
function checkEntryName(name: string): void {
  if (
    name.startsWith('/') ||
    name.includes('\\') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..' || segment === '.')
  ) {
    refuse(`The package's file ${JSON.stringify(name)} points outside the package.`);
  }
}

interface EntryInfo {
  entry: yauzl.Entry;
  name: string;
}

/**
 * Opens a package file and checks everything that can be checked without unpacking media: a
 * complete zip, the limits on entries, sizes and compression ratio (no zip bomb), every name inside
 * the package, and a manifest that matches the schema, a version this studio reads, and lists
 * exactly the package's other files with their sizes. `unpack` then writes each media file to a
 * folder, checking its SHA-256 (and size) as it streams.
 */
export async function openPackage(
  zipPath: string,
  limits: PackageLimits = { ...STORYFILE_PACKAGE_LIMITS },
): Promise<{
  manifest: Manifest;
  mediaBytes: number;
  unpack(
    targetDir: string,
    onFile?: (index: number, path: string) => Promise<void>,
  ): Promise<Map<string, string>>;
  close(): void;
}> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch {
    // The studio's own words, not the zip library's ("end of central directory record signature
    // not found." behind ours gave a double period, issue 44).
    return refuse(PACKAGE_TRUNCATED_MESSAGE);
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      refuse(
        `The package has ${zip.entryCount} files; a package may have at most ${limits.maxEntries}.`,
      );
    }
    const entries = new Map<string, EntryInfo>();
    let unpackedBytes = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const name = (entry.fileName as unknown as Buffer).toString('utf8');
        checkEntryName(name);
        if (name.endsWith('/')) {
          continue;
        }
        if (entries.has(name)) {
          refuse(`The package holds the file ${name} twice.`);
        }
        if (entry.isEncrypted()) {
          refuse(`The package's file ${name} is encrypted.`);
        }
        // A Unix symbolic link keeps its type in the high half of the external attributes; its
        // bytes are a path, never media (issue 43: one was served as video/mp4).
        if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) {
          refuse(`The package's file ${name} is a symbolic link, not a file.`);
        }
        unpackedBytes += entry.uncompressedSize;
        if (unpackedBytes > limits.maxUnpackedBytes) {
          refuse(
            `The package unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}, the most a package may hold.`,
          );
        }
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > 1_000_000 && ratio > limits.maxCompressionRatio) {
          refuse(
            `The package's file ${name} unpacks to ${Math.round(ratio)} times its packed size (at most ${limits.maxCompressionRatio} is allowed): it looks like a zip bomb.`,
          );
        }
        entries.set(name, { entry, name });
      }
    } catch (error) {
      if (error instanceof PackageRefusedError) {
        throw error;
      }
      refuse(PACKAGE_DAMAGED_MESSAGE);
    }

    const manifestEntry = entries.get(MANIFEST_FILE);
    if (!manifestEntry) {
      return refuse('The package has no manifest.json.');
    }
    if (manifestEntry.entry.uncompressedSize > limits.maxManifestBytes) {
      refuse(`The package's manifest.json is larger than ${formatBytes(limits.maxManifestBytes)}.`);
    }
    const manifestText = await readWhole(zip, manifestEntry.entry, MANIFEST_FILE);
    let json: unknown;
    try {
      json = JSON.parse(manifestText);
    } catch {
      return refuse("The package's manifest.json is not valid JSON.");
    }
    const head = json as { format?: unknown; formatVersion?: unknown };
    if (head?.format !== MANIFEST_FORMAT) {
      refuse(`The package's manifest.json is not a Conversa storyfile package manifest.`);
    }
    if (
      typeof head.formatVersion === 'number' &&
      head.formatVersion > STORYFILE_PACKAGE_FORMAT_VERSION
    ) {
      refuse(
        `The package was made in a newer format (version ${head.formatVersion}) than this studio reads (up to version ${STORYFILE_PACKAGE_FORMAT_VERSION}). Update the studio to import it.`,
      );
    }
    // The API's text rules (issue 43): PostgreSQL stores no NUL and no lone surrogate, and a
    // manifest's text reaches it as a request's does. Refused here, naming the field, so the
    // preview answers 400 and the job fails at once, instead of a 500 or retries.
    const unstorable = findUnstorable(json);
    if (unstorable === 'too-deep') {
      refuse(`The package's manifest.json is not valid: ${TOO_DEEP_MESSAGE}`);
    } else if (unstorable) {
      refuse(
        `The package's manifest.json is not valid at ${unstorable.path.join('.') || 'its top level'}: ${
          unstorable.reason === 'nul'
            ? 'it contains a NUL character (\\u0000), which cannot be saved.'
            : 'it contains half of a character (a lone UTF-16 surrogate), which cannot be saved.'
        }`,
      );
    }
    const parsed = manifestSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.join('.');
      return refuse(
        `The package's manifest.json is not valid at ${where || 'its top level'}: ${describeValidationIssue(issue)}`,
      );
    }
    const manifest = parsed.data;
    checkManifestConsistency(manifest);

    let mediaBytes = 0;
    const listed = new Set<string>();
    for (const file of manifest.files) {
      if (listed.has(file.path)) {
        refuse(`The package's manifest lists the file ${file.path} twice.`);
      }
      listed.add(file.path);
      const found = entries.get(file.path);
      if (!found) {
        refuse(`The package's file ${file.path} is missing.`);
      }
      if (found!.entry.uncompressedSize !== file.sizeBytes) {
        refuse(
          `The package's file ${file.path} has ${found!.entry.uncompressedSize} bytes; the manifest says ${file.sizeBytes}.`,
        );
      }
      mediaBytes += file.sizeBytes;
    }
    for (const name of entries.keys()) {
      if (name !== MANIFEST_FILE && !listed.has(name)) {
        refuse(`The package's file ${name} is not listed in its manifest.`);
      }
    }

    return {
      manifest,
      mediaBytes,
      async unpack(targetDir, onFile) {
        const written = new Map<string, string>();
        const videoPaths = new Set([
          ...manifest.topics.flatMap((topic) =>
            topic.questions.flatMap((question) => (question.answer ? [question.answer.video] : [])),
          ),
          ...manifest.clips.flatMap((clip) => (clip.video ? [clip.video.video] : [])),
        ]);
        for (const [index, file] of manifest.files.entries()) {
          await onFile?.(index, file.path);
          const { entry } = entries.get(file.path)!;
          const target = path.join(targetDir, `file-${index}`);
          const { stream: tap, measure } = createMeasuringStream();
          try {
            await pipeline(await zip.openReadStreamPromise(entry), tap, createWriteStream(target));
          } catch (error) {
            refuse(
              `The package's file ${file.path} cannot be read (the .zip may be truncated or damaged): ${(error as Error).message}.`,
            );
          }
          if (measure().sha256 !== file.sha256) {
            refuse(`The package's file ${file.path} does not match its checksum.`);
          }
          // Each video is read as processing reads what it wrote: an MP4 with a playable length.
          if (videoPaths.has(file.path) && !(await readMp4Info(target))?.durationSeconds) {
            refuse(`The package's file ${file.path} is not an MP4 video the studio can play.`);
          }
          written.set(file.path, target);
        }
        return written;
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Keys unique, starters and video paths pointing at what the manifest has. */
function checkManifestConsistency(manifest: Manifest): void {
  const files = new Set(manifest.files.map((file) => file.path));
  const keys = new Set<string>();
  const topicNames = new Set<string>();
  const checkVideo = (video: Manifest['clips'][number]['video'], what: string) => {
    if (!video) {
      return;
    }
    for (const filePath of [video.video, video.poster, video.audio, video.captions]) {
      if (filePath !== undefined && !files.has(filePath)) {
        refuse(`The package's manifest names ${filePath} for ${what}, but lists no such file.`);
      }
    }
  };
  for (const topic of manifest.topics) {
    const topicKey = topic.name.trim().toLowerCase();
    if (topicNames.has(topicKey)) {
      refuse(`The package has two topics named "${topic.name}".`);
    }
    topicNames.add(topicKey);
    for (const question of topic.questions) {
      if (keys.has(question.key)) {
        refuse(`The package's manifest uses the question key ${question.key} twice.`);
      }
      keys.add(question.key);
      checkVideo(question.answer, `the answer to "${question.text}"`);
    }
  }
  for (const key of manifest.starters) {
    if (!keys.has(key)) {
      refuse(`The package's starter ${key} is not one of its questions.`);
    }
  }
  const kinds = new Set<string>();
  for (const clip of manifest.clips) {
    if (kinds.has(clip.kind)) {
      refuse(`The package has the clip ${clip.kind} twice.`);
    }
    kinds.add(clip.kind);
    checkVideo(clip.video, `the clip ${clip.kind}`);
  }
  const numbers = new Set(manifest.ink.versions.map((version) => version.number));
  if (numbers.size !== manifest.ink.versions.length) {
    refuse("The package's ink story has two versions with the same number.");
  }
  if (
    manifest.ink.publishedVersionNumber !== null &&
    !numbers.has(manifest.ink.publishedVersionNumber)
  ) {
    refuse(
      `The package's published ink version ${manifest.ink.publishedVersionNumber} is not among its versions.`,
    );
  }
}

async function readWhole(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    refuse(
      `The package's ${name} cannot be read (the .zip may be damaged): ${(error as Error).message}.`,
    );
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
