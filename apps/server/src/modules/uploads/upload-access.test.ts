import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SYSTEM_ID,
  SYSTEM_ID_HEADER,
  STORYFILE_NOT_FOUND_MESSAGE,
  UPLOAD_REJECTION_MESSAGES,
  VIDEO_PROCESSING_MESSAGES,
} from '@conversa/contracts';
import { startUploadStudio, type UploadKit } from '../../../test/upload-studio.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  getStatus,
  tusCreate,
  tusDelete,
  tusPatch,
  tusProbe,
} from '../../../test/upload.fixtures.ts';

// Who may upload an answer video, probe, resume or delete an upload, and what is never stored.

let kit: UploadKit;
let studio: TestStudio;
let editor: ApiClient;
let secondEditor: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let storyfileId: string;
let video: Buffer;

beforeAll(async () => {
  kit = await startUploadStudio();
  ({ studio, editor, secondEditor, reader, outsider, storyfileId, video } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('who may upload', () => {
  it('needs a session or a bearer token', async () => {
    const anonymous = await fetch(`${studio.baseUrl}/files/`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', [SYSTEM_ID_HEADER]: SYSTEM_ID },
    });
    expect(anonymous.status).toBe(401);

    const bearer = await fetch(`${studio.baseUrl}/files/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await kit.accessTokenOf(editor)}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(video.length),
        'upload-metadata': Object.entries(kit.answerMetadata())
          .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
          .join(','),
      },
    });
    expect(bearer.status).toBe(201);
  });

  it('refuses cookie-authenticated writes without the system-id header (CSRF defence)', async () => {
    const response = await editor.browser.request('/files/', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(response.status).toBe(403);
  });

  it.each([
    [
      'a viewer (read:ns)',
      () => reader,
      () => kit.answerMetadata(),
      403,
      'You need to be at least "Content Creator"',
    ],
    [
      'someone of another namespace',
      () => outsider,
      () => kit.answerMetadata(),
      404,
      STORYFILE_NOT_FOUND_MESSAGE,
    ],
    [
      'a question of no storyfile of theirs',
      () => editor,
      () => kit.answerMetadata('6f1c1d52-5b0f-4c43-9d0b-1f1b2e8f0a11'),
      404,
      UPLOAD_REJECTION_MESSAGES.unknownQuestion,
    ],
    [
      'a file that is not a video by its type',
      () => editor,
      () => ({ ...kit.answerMetadata(), filetype: 'text/plain', filename: 'notes.txt' }),
      415,
      UPLOAD_REJECTION_MESSAGES.videoType,
    ],
    [
      'a clip kind a storyfile does not have',
      () => editor,
      () => ({ storyfile_id: storyfileId, clip_kind: 'outro', filetype: 'video/mp4' }),
      404,
      UPLOAD_REJECTION_MESSAGES.unknownClipKind,
    ],
    [
      'metadata naming no target',
      () => editor,
      () => ({ filename: 'a.mp4' }),
      400,
      UPLOAD_REJECTION_MESSAGES.noTarget,
    ],
  ])('refuses %s', async (_label, client, metadata, status, message) => {
    const response = await tusCreate(client().browser, video.length, metadata());
    expect(response.status).toBe(status);
    expect((await response.text()).trim()).toBe(message);
  });

  it('lets only the uploader probe, resume or delete an upload', async () => {
    const created = await tusCreate(editor.browser, video.length, kit.answerMetadata());
    const url = created.headers.get('location')!;
    const id = url.slice(url.lastIndexOf('/') + 1);
    for (const response of [
      await tusProbe(secondEditor.browser, url),
      await tusPatch(secondEditor.browser, url, 0, video.subarray(0, 100)),
      await tusDelete(secondEditor.browser, url),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await getStatus(outsider.browser, id)).status).toBe(404);
    // A colleague who can read the storyfile may follow its processing.
    expect((await getStatus(reader.browser, id)).body.status).toBe('START');

    expect((await tusDelete(editor.browser, url)).status).toBe(204);
    expect((await tusProbe(editor.browser, url)).status).toBe(404);
    await expect
      .poll(async () => (await getStatus(editor.browser, id)).body)
      .toEqual({
        status: 'FAIL',
        error: VIDEO_PROCESSING_MESSAGES.cancelled,
      });
  });

  it('never stores a bearer token sent as metadata', async () => {
    const created = await tusCreate(editor.browser, video.length, {
      ...kit.answerMetadata(),
      authorization: 'Bearer secret-token',
    });
    const url = created.headers.get('location')!;
    const info = await readFile(
      path.join(studio.config.dataDir, 'uploads', `${url.slice(url.lastIndexOf('/') + 1)}.json`),
      'utf8',
    );
    expect(info).not.toContain('secret-token');
    expect(info).not.toContain(Buffer.from('Bearer secret-token').toString('base64'));
  });
});
