import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPackageUploadMetadata,
  type StoryfileDetail,
  type StoryfileImportPreview,
  type StoryfilePackageJob,
} from '@conversa/contracts';
import {
  askAll,
  expectInkNamesOwnQuestion,
  expectVideosPlay,
  inkOf,
  scriptOf,
  transcriptsOf,
  vocabularyOf,
} from '../../../test/package-compare.fixtures.ts';
import {
  CAPTIONS,
  EDITED_TRANSCRIPT,
  exportPackage,
  startPackageSource,
  startPackageTarget,
  uploadPackage,
  waitForJob,
} from '../../../test/package.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import { buildMember, buildNamespace, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { tusCreate } from '../../../test/upload.fixtures.ts';

// Issue 31, storyfile packages: a storyfile exported from one studio imports into another (a
// second studio on a second database) and answers the same way, only where the person may.

let source: TestStudio;
let target: TestStudio;
let owner: ApiClient;
let importer: ApiClient;
let sourceNamespaceId: string;
let videoBytes: Buffer;
let targetNamespaceId: string;
let storyfileId: string;
let packageBytes: Buffer;

beforeAll(async () => {
  const [packageSource, packageTarget] = await Promise.all([
    startPackageSource(),
    startPackageTarget(),
  ]);
  ({ source, owner, sourceNamespaceId, storyfileId, videoBytes } = packageSource);
  ({ target, importer, targetNamespaceId } = packageTarget);
  packageBytes = await exportPackage(source, owner, storyfileId);
}, 180_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

describe('storyfile packages (issue 31)', () => {
  it('imports the package into a second studio: same script, clips, ink story and vocabulary, every video plays, the same 20 answers', async () => {
    expect(packageBytes).toBeDefined();
    const uploadId = await uploadPackage(importer, packageBytes, 'Grandpa Tom.zip');
    const preview = await importer.expectStatus<StoryfileImportPreview>(
      200,
      'POST',
      '/v1/conversa/storyfile-packages/imports/preview',
      { uploadId, namespaceId: targetNamespaceId },
    );
    expect(preview).toMatchObject({
      packageName: 'Grandpa Tom',
      name: 'Grandpa Tom',
      isNameTaken: false,
      namespaceLabel: 'museum',
      sizeBytes: packageBytes.length,
      counts: {
        topics: 2,
        questions: 8,
        answers: 7,
        clips: 3,
        videos: 10,
        captions: 1,
        starters: 2,
        storyVersions: 2,
        hasInkStory: true,
      },
    });
    expect(preview.willCreate[0]).toBe('The storyfile "Grandpa Tom" in museum');

    const job = await importer.expectStatus<StoryfilePackageJob>(
      202,
      'POST',
      '/v1/conversa/storyfile-packages/imports',
      { uploadId, namespaceId: targetNamespaceId },
    );
    const done = await waitForJob(importer, job.id);
    expect(done).toMatchObject({ state: 'done', progress: 100, error: null });
    const importedId = done.storyfileId!;
    // The same upload cannot be imported twice.
    const again = await importer.call('POST', '/v1/conversa/storyfile-packages/imports', {
      uploadId,
      namespaceId: targetNamespaceId,
    });
    expect(again.status).toBe(409);

    const original = await owner.expectStatus<StoryfileDetail>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}`,
    );
    const imported = await importer.expectStatus<StoryfileDetail>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${importedId}`,
    );
    expect(imported.name).toBe('Grandpa Tom');
    expect(imported.namespaceId).toBe(targetNamespaceId);
    expect(scriptOf(imported)).toEqual(scriptOf(original));
    const importedInk = await inkOf(importer, importedId);
    expect(importedInk).toEqual(await inkOf(owner, storyfileId));
    expect(importedInk.published).toBe(1);
    expect(importedInk.sources).toHaveLength(2);
    await expectInkNamesOwnQuestion(importer, importedId);
    expect(await vocabularyOf(importer, targetNamespaceId)).toEqual(
      await vocabularyOf(owner, sourceNamespaceId),
    );
    const settings = await importer.expectStatus<{ threshold: number | null }>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${importedId}/matching-settings`,
    );
    expect(settings.threshold).toBe(0.42);

    const videos = await expectVideosPlay(target, importer, importedId, 10, videoBytes);
    expect(videos.filter((video) => video.captionsUrl !== null)).toHaveLength(1);
    const captions = await fetch(
      new URL(videos.find((video) => video.captionsUrl)!.captionsUrl!, target.baseUrl),
    );
    expect(await captions.text()).toBe(CAPTIONS);
    // The author's words stay the author's: no machine draft replaces them.
    expect(await transcriptsOf(target, importedId)).toEqual([
      {
        status: 'edited',
        source: 'author',
        engine: 'pocketsphinx',
        text: EDITED_TRANSCRIPT.text,
        cues: EDITED_TRANSCRIPT.cues,
        words: EDITED_TRANSCRIPT.words,
      },
    ]);

    const before = await askAll(owner, storyfileId);
    const after = await askAll(importer, importedId);
    expect(after).toEqual(before);
    // The comparison means something: both answers and fallbacks are among the twenty.
    expect(before.filter((answer) => answer.questionText !== null).length).toBeGreaterThanOrEqual(
      8,
    );
    expect(before.filter((answer) => answer.questionText === null).length).toBeGreaterThanOrEqual(
      3,
    );

    // Imported again (a new upload), the name is taken: " (imported)".
    const secondUpload = await uploadPackage(importer, packageBytes);
    const second = await importer.expectStatus<StoryfileImportPreview>(
      200,
      'POST',
      '/v1/conversa/storyfile-packages/imports/preview',
      { uploadId: secondUpload, namespaceId: targetNamespaceId },
    );
    expect(second).toMatchObject({ name: 'Grandpa Tom (imported)', isNameTaken: true });
    const chosen = await importer.expectStatus<StoryfilePackageJob>(
      202,
      'POST',
      '/v1/conversa/storyfile-packages/imports',
      { uploadId: secondUpload, namespaceId: targetNamespaceId, name: 'Grandpa Tom, museum copy' },
    );
    expect(await waitForJob(importer, chosen.id)).toMatchObject({
      state: 'done',
      storyfileName: 'Grandpa Tom, museum copy',
    });
  }, 180_000);

  it('imports only where the person may create storyfiles, and shows a job only to its owner', async () => {
    const notZip = await tusCreate(importer.browser, 10, {
      ...buildPackageUploadMetadata({ filename: 'clip.mp4' }),
      filetype: 'video/mp4',
    });
    expect(notZip.status).toBe(415);
    expect(await notZip.text()).toContain('A storyfile package must be a .zip file.');
    const otherNamespace = await buildNamespace(target, 'archive');
    const viewer = await buildMember(target, 'viewer@museum.test', { museum: 'read:ns' });
    const uploadId = await uploadPackage(importer, packageBytes);
    const elsewhere = await importer.call(
      'POST',
      '/v1/conversa/storyfile-packages/imports/preview',
      {
        uploadId,
        namespaceId: otherNamespace,
      },
    );
    expect([403, 404]).toContain(elsewhere.status);
    const byViewer = await viewer.call('POST', '/v1/conversa/storyfile-packages/imports', {
      uploadId,
      namespaceId: targetNamespaceId,
    });
    expect(byViewer.status).toBe(403);
    const job = await owner.expectStatus<StoryfilePackageJob>(
      202,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/export`,
    );
    const outsider = await buildMember(source, 'viewer@harbour.test', { harbour: 'read:ns' });
    expect((await outsider.get(`/v1/conversa/storyfile-packages/jobs/${job.id}`)).status).toBe(404);
    expect((await outsider.post(`/v1/conversa/storyfiles/${storyfileId}/export`)).status).toBe(403);
    expect(
      (await outsider.post(`/v1/conversa/storyfiles/${storyfileId}/duplicate`, {})).status,
    ).toBe(403);
    expect((await waitForJob(owner, job.id)).state).toBe('done');
  }, 120_000);
});
