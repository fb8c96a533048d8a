import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RETRY_UPLOAD_MESSAGES, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { mediaAssets } from '../media/media.tables.ts';
import { uploads } from './uploads.tables.ts';
import { users } from '../users/users.tables.ts';
import { startUploadStudio, type UploadKit } from '../../../test/upload-studio.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import { getStatus, uploadBytes, waitForSettledStatus } from '../../../test/upload.fixtures.ts';

// Processing failures a person understands: each says what to do, Try again only while it can
// work, and the uploads dialog lists the caller's uploads with their storyfile, topic and question.

let kit: UploadKit;
let studio: TestStudio;
let editor: ApiClient;
let outsider: ApiClient;
let storyfileId: string;
let otherQuestionId: string;
let silentVideo: Buffer;

beforeAll(async () => {
  kit = await startUploadStudio();
  ({ studio, editor, outsider, storyfileId, otherQuestionId, silentVideo } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('processing failures a person understands', () => {
  it.each([
    [
      'a text file',
      () => Buffer.from('These are my notes, not a video.\n'),
      VIDEO_PROCESSING_MESSAGES.notAVideo,
    ],
    ['a video without sound', () => silentVideo, VIDEO_PROCESSING_MESSAGES.noAudio],
  ])('%s fails with a clear error and leaves nothing behind', async (_label, bytes, message) => {
    const { id, finish } = await uploadBytes(editor.browser, bytes(), kit.answerMetadata());
    expect(finish.status).toBe(204);
    expect(await waitForSettledStatus(editor.browser, id)).toEqual({
      status: 'FAIL',
      error: message,
    });
    const assets = await studio.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.uploadId, id));
    expect(assets).toEqual([]);
    await expect(stat(path.join(studio.config.dataDir, 'uploads', id))).rejects.toThrow();
    const [row] = await studio.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ phase: 'failed', error: message });
  });

  it('Try again after the bytes are gone says to upload the video again, and stops being offered', async () => {
    // A video whose processing failed on our side (out of retries) and whose bytes the studio no
    // longer holds: kept only for the retry window after the failure, or lost with the disk.
    const id = 'f'.repeat(32);
    const [owner] = await studio.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'editor@north.test'));
    await studio.database.db.insert(uploads).values({
      id,
      tusId: id,
      kind: 'answer',
      userId: owner!.id,
      storyfileId,
      storyfileQuestionId: otherQuestionId,
      sizeBytes: 10,
      phase: 'failed',
      error: VIDEO_PROCESSING_MESSAGES.failed,
      processedAt: new Date(),
    });
    const retry = () =>
      editor.call<{ message: string }>('POST', `/v1/conversa/uploads/${id}/retry`);
    const first = await retry();
    expect(first.status).toBe(409);
    expect(first.body.message).toBe(RETRY_UPLOAD_MESSAGES.fileGone);
    expect(first.body.message).toBe(
      'This video cannot be processed again: its file is no longer kept on the studio. Please upload the video again.',
    );
    // The status call now says so too (the dialog offers Try again only for `failed`).
    expect(await getStatus(editor.browser, id)).toEqual({
      status: 200,
      body: {
        status: 'FAIL',
        error:
          'We could not process this video, and its file is no longer kept. Please upload the video again.',
      },
    });
    expect((await retry()).body.message).toBe(RETRY_UPLOAD_MESSAGES.fileGone);
    // Another person's upload stays hidden.
    expect((await outsider.call('POST', `/v1/conversa/uploads/${id}/retry`)).status).toBe(404);
  });
});
