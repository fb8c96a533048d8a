import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORYFILE_PACKAGE_FORMAT_VERSION, type StoryfilePackageJob } from '@conversa/contracts';
import { countEverything, readEntries, writeZip } from '../../../test/package-compare.fixtures.ts';
import {
  exportPackage,
  startPackageSource,
  startPackageTarget,
  uploadPackage,
  waitForJob,
} from '../../../test/package.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import { MANIFEST_FILE, type Manifest } from './manifest.ts';
import { PACKAGE_TRUNCATED_MESSAGE } from './package-reader.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Issue 31, storyfile packages: a bad package (truncated, tampered, unsafe or unsavable) is refused
// by the preview or the import job with the problem named, and changes nothing.

/** The good package with its manifest changed and/or extra entries. */
async function variant(
  change: (manifest: Manifest, entries: Map<string, Buffer>) => void,
): Promise<Buffer> {
  const entries = await readEntries(packageBytes);
  const manifest = JSON.parse(entries.get(MANIFEST_FILE)!.toString('utf8')) as Manifest;
  change(manifest, entries);
  entries.set(MANIFEST_FILE, Buffer.from(JSON.stringify(manifest)));
  return writeZip(
    [...entries].map(([name, bytes]) => ({ name, bytes, compress: name === MANIFEST_FILE })),
  );
}

let source: TestStudio;
let target: TestStudio;
let owner: ApiClient;
let importer: ApiClient;
let targetNamespaceId: string;
let storyfileId: string;
let packageBytes: Buffer;

beforeAll(async () => {
  const [packageSource, packageTarget] = await Promise.all([
    startPackageSource(),
    startPackageTarget(),
  ]);
  ({ source, owner, storyfileId } = packageSource);
  ({ target, importer, targetNamespaceId } = packageTarget);
  packageBytes = await exportPackage(source, owner, storyfileId);
}, 180_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

describe('storyfile packages (issue 31)', () => {
  it.each([
    [
      'truncated',
      () => Promise.resolve(packageBytes.subarray(0, Math.floor(packageBytes.length / 2))),
      // The studio's own words, whole: no zip library message behind them (issue 44).
      new RegExp(`^${escapeRegExp(PACKAGE_TRUNCATED_MESSAGE)}$`),
    ],
    [
      'wrong checksum',
      () =>
        variant((manifest, entries) => {
          const file = manifest.files.find((item) => item.path.endsWith('video.mp4'))!;
          const bytes = Buffer.from(entries.get(file.path)!);
          bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
          entries.set(file.path, bytes);
        }),
      /The package's file media\/answers\/q1\/video\.mp4 does not match its checksum\./,
    ],
    [
      'a ../ path',
      async () => {
        const good = await variant((manifest, entries) => {
          entries.set('media/PLACEHOLDER1', Buffer.from('evil'));
        });
        // yazl refuses such names, so the name is changed in the bytes (local and central headers).
        const evil = Buffer.from('../../../../evil12', 'latin1');
        const bytes = Buffer.from(good);
        for (
          let at = bytes.indexOf('media/PLACEHOLDER1');
          at !== -1;
          at = bytes.indexOf('media/PLACEHOLDER1')
        ) {
          evil.copy(bytes, at);
        }
        return bytes;
      },
      /The package's file "\.\.\/\.\.\/\.\.\/\.\.\/evil12" points outside the package\./,
    ],
    [
      'a newer manifest version',
      () =>
        variant((manifest) => {
          manifest.formatVersion = STORYFILE_PACKAGE_FORMAT_VERSION + 1;
        }),
      new RegExp(
        `newer format \\(version ${STORYFILE_PACKAGE_FORMAT_VERSION + 1}\\) than this studio reads`,
      ),
    ],
    [
      'a zip bomb',
      async () => {
        const entries = await readEntries(packageBytes);
        return writeZip([
          ...[...entries].map(([name, bytes]) => ({ name, bytes })),
          { name: 'media/bomb.bin', bytes: Buffer.alloc(50_000_000), compress: true },
        ]);
      },
      /The package's file media\/bomb\.bin unpacks to \d+ times its packed size .*zip bomb/,
    ],
    [
      // Found inside the creating transaction, after the storyfile's rows were written: the
      // rollback must take every one of them back.
      'a published ink story that does not compile',
      () =>
        variant((manifest) => {
          manifest.ink.versions[0]!.source = '* [Broken choice\n-> nowhere_at_all\n';
        }),
      /The published ink story \(version 1\) does not compile: /,
    ],
    // Issue 43, item 4: PostgreSQL stores no NUL. In the name the preview answered 500; in a
    // question or an ink source the preview passed and the job retried for ~110 s, then failed.
    [
      'a NUL in the storyfile name',
      () =>
        variant((manifest) => {
          manifest.storyfile.name = 'Grandpa\u0000Tom';
        }),
      /The package's manifest\.json is not valid at storyfile\.name: it contains a NUL character \(\\u0000\), which cannot be saved\./,
    ],
    [
      'a NUL in a question',
      () =>
        variant((manifest) => {
          manifest.topics[1]!.questions[2]!.text = 'What is the\u0000 hardest part?';
        }),
      /The package's manifest\.json is not valid at topics\.1\.questions\.2\.text: it contains a NUL character/,
    ],
    [
      'a NUL in an ink source',
      () =>
        variant((manifest) => {
          manifest.ink.versions[1]!.source = 'Hello again.\u0000\n-> END\n';
        }),
      /The package's manifest\.json is not valid at ink\.versions\.1\.source: it contains a NUL character/,
    ],
    // Issue 43, item 12: the API refuses such an avatar; the import took it as it came.
    [
      'a javascript: avatar',
      () =>
        variant((manifest) => {
          manifest.storyfile.avatarUrl = 'javascript:alert(document.cookie)';
        }),
      /The package's manifest\.json is not valid at storyfile\.avatarUrl: Picture: an avatar must be an http\(s\) address or a path on this studio\./,
    ],
    // Issue 43, item 12: an HTML page or a symbolic link listed as video.mp4 was served as video.
    [
      'an HTML page as a video',
      () =>
        variant((manifest, entries) => {
          const file = manifest.files.find((item) => item.path.endsWith('video.mp4'))!;
          const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
          entries.set(file.path, html);
          file.sha256 = createHash('sha256').update(html).digest('hex');
          file.sizeBytes = html.length;
        }),
      /The package's file media\/answers\/q1\/video\.mp4 is not an MP4 video the studio can play\./,
    ],
    [
      'a symbolic link',
      async () => {
        const entries = await readEntries(packageBytes);
        return writeZip([
          ...[...entries].map(([name, bytes]) => ({ name, bytes })),
          { name: 'media/link.mp4', bytes: Buffer.from('/etc/passwd'), mode: 0o120777 },
        ]);
      },
      /The package's file media\/link\.mp4 is a symbolic link, not a file\./,
    ],
  ])(
    'refuses a package with %s, naming the problem, and creates nothing',
    async (name, build, message) => {
      expect(packageBytes).toBeDefined();
      const bytes = await build();
      const before = await countEverything(target);
      const uploadId = await uploadPackage(importer, bytes);
      const preview = await importer.call<{ message: string }>(
        'POST',
        '/v1/conversa/storyfile-packages/imports/preview',
        { uploadId, namespaceId: targetNamespaceId },
      );
      // The preview reads the zip's directory and the manifest, not the media: a checksum is
      // checked by the import job, which reads every byte anyway.
      if (
        name === 'wrong checksum' ||
        name === 'a published ink story that does not compile' ||
        name === 'an HTML page as a video'
      ) {
        expect(preview.status).toBe(200);
      } else {
        expect(preview.status).toBe(400);
        expect(preview.body.message).toMatch(message);
      }
      // The job checks the same way, whatever the preview said, and creates nothing.
      const job = await importer.expectStatus<StoryfilePackageJob>(
        202,
        'POST',
        '/v1/conversa/storyfile-packages/imports',
        { uploadId, namespaceId: targetNamespaceId, name: `Refused ${name}` },
      );
      const failed = await waitForJob(importer, job.id);
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatch(message);
      expect(failed.storyfileId).toBeNull();
      expect(await countEverything(target)).toEqual(before);
    },
    120_000,
  );
});
