import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVideoUploadMetadata, PUSH_FAILED_MESSAGE } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../test/storyfile.fixtures.ts';
import { tusCreate } from '../../test/upload.fixtures.ts';

// Issue 20: an unexpected failure answers with a message a person reads and an error id, never a
// stack trace or the SQL that failed (the tus endpoint quoted the query and its parameters). The
// failures are real: the table the call writes to is renamed away, then back.
const ERROR_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

let studio: TestStudio;
let editor: ApiClient;
let storyfileId: string;

beforeAll(async () => {
  studio = await startTestStudio();
  const namespaceId = await buildNamespace(studio, 'acme');
  editor = await buildMember(studio, 'editor@acme.test', { acme: 'edit:ns' });
  storyfileId = (await buildStoryfile(editor, namespaceId)).id;
});

afterAll(async () => {
  await studio?.stop();
});

async function withTableGone<T>(table: string, run: () => Promise<T>): Promise<T> {
  const { pool } = studio.database;
  await pool.query(`alter table ${table} rename to ${table}_gone`);
  try {
    return await run();
  } finally {
    await pool.query(`alter table ${table}_gone rename to ${table}`);
  }
}

describe('an unexpected failure answers without detail, with an error id', () => {
  it('a gateway call: the spec message of the call and an error id, no SQL', async () => {
    const answer = await withTableGone('feedback', () =>
      editor.call<Record<string, unknown>>('POST', '/v1/conversa/feedback', {
        kind: 'bug',
        message: 'The Search button stays grey.',
        pageUrl: 'http://studio.test/',
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      statusCode: 500,
      error: 'INTERNAL_SERVER_ERROR',
      message: PUSH_FAILED_MESSAGE,
      errorId: expect.stringMatching(ERROR_ID) as unknown,
    });
  });

  it('the tus endpoint: a sentence with an error id, no SQL, no parameters', async () => {
    const response = await withTableGone('uploads', () =>
      tusCreate(
        editor.browser,
        1000,
        buildVideoUploadMetadata({
          storyfileId,
          target: { clipKind: 'idle' },
          filename: 'idle.mp4',
          filetype: 'video/mp4',
        }),
      ),
    );
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toMatch(ERROR_ID);
    expect(body).toContain('problem on our side');
    expect(body.toLowerCase()).not.toMatch(/insert|select|uploads|relation|editor@acme/);
  });
});
