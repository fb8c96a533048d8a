import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORYFILE_PACKAGE_FORMAT_VERSION, type StoryfilePackageJob } from '@conversa/contracts';
import { readEntries } from '../../../test/package-compare.fixtures.ts';
import {
  EDITED_TRANSCRIPT,
  startPackageSource,
  waitForJob,
} from '../../../test/package.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import { buildManifestJsonSchema, MANIFEST_FILE, type Manifest } from './manifest.ts';

// Issue 31, storyfile packages: the export, a job whose package is downloaded by signed URL, its
// manifest with every file's checksum and nothing of people (package-import.test.ts imports it).

let source: TestStudio;
let owner: ApiClient;
let storyfileId: string;

beforeAll(async () => {
  ({ source, owner, storyfileId } = await startPackageSource());
}, 180_000);

afterAll(async () => {
  await source?.stop();
});

describe('storyfile packages (issue 31)', () => {
  it('exports a storyfile as a job with progress, downloaded by signed URL with range requests', async () => {
    const job = await owner.expectStatus<StoryfilePackageJob>(
      202,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/export`,
    );
    expect(job).toMatchObject({ kind: 'export', storyfileId, storyfileName: 'Grandpa Tom' });
    expect(['queued', 'running']).toContain(job.state);
    const done = await waitForJob(owner, job.id);
    expect(done).toMatchObject({
      state: 'done',
      progress: 100,
      error: null,
      fileName: 'Grandpa Tom.zip',
    });
    expect(done.downloadUrl).toMatch(/^\/packages\//);

    // The URL works with the exporter's session only (issue 43; package-download.test.ts).
    const url = new URL(done.downloadUrl!, source.baseUrl);
    const fetch = (target: URL, init: RequestInit = {}) => owner.browser.request(target.href, init);
    const head = await fetch(url, { headers: { range: 'bytes=0-3' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-3/${done.sizeBytes}`);
    expect(Buffer.from(await head.arrayBuffer())).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain('attachment');
    const packageBytes = Buffer.from(await whole.arrayBuffer());
    expect(packageBytes.length).toBe(done.sizeBytes);
    // A changed token is refused.
    const forged = new URL(url);
    forged.searchParams.set('access_token', 'x' + url.searchParams.get('access_token')!.slice(1));
    expect((await fetch(forged)).status).toBe(403);

    const entries = await readEntries(packageBytes);
    const manifest = JSON.parse(entries.get(MANIFEST_FILE)!.toString('utf8')) as Manifest;
    expect(manifest.formatVersion).toBe(STORYFILE_PACKAGE_FORMAT_VERSION);
    expect(manifest.settings.threshold).toBe(0.42);
    // Every file with its SHA-256; nothing of people, chat logs or share links.
    expect(manifest.files.length).toBe(entries.size - 1);
    for (const file of manifest.files) {
      const bytes = entries.get(file.path)!;
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      expect(bytes.length).toBe(file.sizeBytes);
    }
    expect(manifest.files.some((file) => file.path.endsWith('captions.vtt'))).toBe(true);
    // The author's transcript travels with its status and the recognizer's words (issue 41).
    const carried = manifest.topics
      .flatMap((topic) => topic.questions)
      .flatMap((question) => (question.answer?.transcript ? [question.answer.transcript] : []));
    expect(carried).toEqual([
      {
        status: 'edited',
        source: 'author',
        engine: 'pocketsphinx',
        cues: EDITED_TRANSCRIPT.cues,
        words: EDITED_TRANSCRIPT.words,
      },
    ]);
    const text = entries.get(MANIFEST_FILE)!.toString('utf8');
    expect(text).not.toContain('owner@harbour.test');
    expect(text).not.toMatch(/slug|visitorKey|chat/i);
    // The schema in docs/ is the one the server checks with.
    const committed = JSON.parse(
      await readFile(
        path.resolve(import.meta.dirname, '../../../../../docs/storyfile-package.schema.json'),
        'utf8',
      ),
    ) as unknown;
    expect(committed).toEqual(buildManifestJsonSchema());
  }, 180_000);
});
