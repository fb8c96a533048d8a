import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../test/storyfile.fixtures.ts';

// Issue 15, defect 8: a refused request answered "Invalid request. namespaceId: Invalid UUID" and
// "Invalid request. language: Use a language tag such as en-US.", which the web showed as they
// came. Every 400 of the validator now reads as sentences naming the fields as people see them.
let studio: TestStudio;
let editor: ApiClient;
let namespaceId: string;
let storyfileId: string;

beforeAll(async () => {
  studio = await startTestStudio();
  namespaceId = await buildNamespace(studio, 'acme');
  editor = await buildMember(studio, 'editor@acme.test', { acme: 'edit:ns' });
  storyfileId = (await buildStoryfile(editor, namespaceId)).id;
});

afterAll(async () => {
  await studio?.stop();
});

describe('a refused request answers sentences a person reads', () => {
  it.each([
    {
      name: 'a new topic without a namespace',
      method: 'POST' as const,
      path: () => '/v1/conversa/topics',
      body: () => ({ namespaceId: '', name: 'Pets' }),
      message: 'Namespace is not one the studio knows. Go back, choose it again and retry.',
      issues: [
        {
          path: ['namespaceId'],
          message: 'Namespace is not one the studio knows. Go back, choose it again and retry.',
        },
      ],
    },
    {
      name: 'a storyfile with a bad language',
      method: 'PATCH' as const,
      path: () => `/v1/conversa/storyfiles/${storyfileId}`,
      body: () => ({ language: 'English!' }),
      message: 'Use a language tag such as en-US.',
      issues: [{ path: ['language'], message: 'Use a language tag such as en-US.' }],
    },
    {
      name: 'a question of an empty topic in a new script',
      method: 'POST' as const,
      path: () => '/v1/conversa/scripts',
      body: () => ({
        namespaceId,
        name: 'Family',
        topics: [{ name: 'Home', questions: [{ text: 7 }] }],
      }),
      message: 'Question (topic 1, question 1) must be text.',
      issues: [
        {
          path: ['topics', '0', 'questions', '0', 'text'],
          message: 'Question (topic 1, question 1) must be text.',
        },
      ],
    },
    {
      name: 'a rows-per-page out of range (spec message, word for word)',
      method: 'GET' as const,
      path: () => '/v1/conversa/storyfiles?pageSize=500',
      body: () => undefined,
      message: 'We cannot show less than 1 or more than 100 items per page.',
      issues: undefined,
    },
  ])('$name', async ({ method, path, body, message, issues }) => {
    const answer = await editor.call(method, path(), body());
    expect(answer.status).toBe(400);
    const answerBody = answer.body as { message: string; issues?: unknown };
    expect(answerBody.message).toBe(message);
    expect(answerBody.message).not.toMatch(/Invalid|UUID|expected|received/);
    if (issues) {
      expect(answerBody.issues).toEqual(issues);
    }
  });
});
