import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../test/storyfile.fixtures.ts';
import { tusCreate, tusProbe } from '../../test/upload.fixtures.ts';

// Issue 20: a NUL inside any string reached PostgreSQL, whose text cannot hold it, and answered
// 500. The check sits in the validator of every route, so each field below is refused the same
// way, with its name, before any handler runs.
const NUL = '\u0000';

let studio: TestStudio;
let editor: ApiClient;
let namespaceId: string;
let storyfileId: string;
let topicId: string;

beforeAll(async () => {
  studio = await startTestStudio();
  namespaceId = await buildNamespace(studio, 'acme');
  editor = await buildMember(studio, 'editor@acme.test', { acme: 'edit:ns' });
  storyfileId = (await buildStoryfile(editor, namespaceId)).id;
  topicId = (
    await editor.expectStatus<{ id: string }>(201, 'POST', '/v1/conversa/topics', {
      namespaceId,
      name: 'Childhood',
    })
  ).id;
});

afterAll(async () => {
  await studio?.stop();
});

describe('a NUL character in any field answers 400 naming the field, never 500', () => {
  interface Case {
    name: string;
    method: string;
    path: () => string;
    body?: () => unknown;
    field: string;
    /** What the NUL stops: a body is saved, a query searched (issue 53), a path used. */
    consequence?: string;
  }
  const cases: Case[] = [
    {
      name: 'list search (query)',
      method: 'GET',
      path: () => `/v1/conversa/storyfiles?search=farm${encodeURIComponent(NUL)}`,
      field: 'Search',
      consequence: 'cannot be searched for or used',
    },
    {
      name: 'storyfile name',
      method: 'POST',
      path: () => '/v1/conversa/storyfiles',
      body: () => ({ namespaceId, name: `Gran${NUL}dma` }),
      field: 'Name',
    },
    {
      name: 'storyfile description',
      method: 'POST',
      path: () => '/v1/conversa/storyfiles',
      body: () => ({ namespaceId, name: 'Grandpa', description: `x${NUL}` }),
      field: 'Description',
    },
    {
      name: 'topic name',
      method: 'POST',
      path: () => '/v1/conversa/topics',
      body: () => ({ namespaceId, name: `Farm${NUL}` }),
      field: 'Name',
    },
    {
      name: 'question text',
      method: 'POST',
      path: () => '/v1/conversa/questions',
      body: () => ({ topicId, text: `Why${NUL}?` }),
      field: 'Question',
    },
    {
      name: 'ask text',
      method: 'POST',
      path: () => `/v1/conversa/storyfiles/${storyfileId}/ask`,
      body: () => ({ text: `hi${NUL}` }),
      field: 'Question',
    },
    {
      name: 'feedback message',
      method: 'POST',
      path: () => '/v1/conversa/feedback',
      body: () => ({ kind: 'bug', message: `It broke${NUL}`, pageUrl: 'http://studio.test/' }),
      field: 'Message',
    },
    {
      name: 'a path parameter',
      method: 'GET',
      path: () => `/v1/conversa/storyfiles/abc${encodeURIComponent(NUL)}`,
      field: 'Item',
      consequence: 'cannot be used',
    },
  ];

  it.each(cases)('$name', async ({ method, path, body, field, consequence }) => {
    const answer = await editor.call<{ message: string }>(method, path(), body?.());
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      `"${field}" contains a NUL character (\\u0000), which ${consequence ?? 'cannot be saved'}. Remove it and try again.`,
    );
  });

  it('the same values without the NUL are accepted', async () => {
    await editor.expectStatus(200, 'GET', '/v1/conversa/storyfiles?search=farm');
    await editor.expectStatus(201, 'POST', '/v1/conversa/topics', { namespaceId, name: 'Farm' });
  });

  it('tus metadata with a NUL is refused at creation with the field named', async () => {
    const response = await tusCreate(editor.browser, 10, {
      storyfileId,
      filename: `take${NUL}.mp4`,
      filetype: 'video/mp4',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('"Filename" contains a NUL character');
  });

  it('an upload address with a NUL is no upload (404), not a server error', async () => {
    const response = await tusProbe(editor.browser, `${studio.baseUrl}/files/abc%00def`);
    expect(response.status).toBe(404);
  });
});

describe('a NUL character in a header the studio reads answers 400 naming the header, never 500', () => {
  /** The status and body of one raw request (fetch refuses to send such a header at all). */
  async function sendRaw(
    method: string,
    target: string,
    headers: string[],
  ): Promise<{ status: number; body: string }> {
    const { port, hostname } = new URL(studio.baseUrl);
    const socket = connect(Number(port), hostname);
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      socket.write(
        [`${method} ${target} HTTP/1.1`, `Host: ${hostname}`, ...headers, 'Connection: close'].join(
          '\r\n',
        ) + '\r\n\r\n',
      );
    });
    return {
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]),
      body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
    };
  }

  it.each([
    ['x-system-id', 'GET', '/v1/conversa/auth/me', `X-System-Id: conversa${NUL}studio`],
    ['accept', 'GET', '/v1/conversa/auth/me', `Accept: application/json; version=1.0.3${NUL}`],
    ['authorization', 'GET', '/v1/conversa/auth/me', `Authorization: Bearer a${NUL}b`],
    ['cookie', 'GET', '/v1/conversa/auth/me', `Cookie: conversa_session=a${NUL}b`],
    ['upload-metadata', 'POST', '/files/', `Upload-Metadata: filetype a${NUL}b`],
    ['upload-offset', 'PATCH', '/files/abc', `Upload-Offset: 0${NUL}`],
  ])('%s', async (name, method, target, header) => {
    const answer = await sendRaw(method, target, [header]);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 400,
      error: 'BAD_REQUEST',
      message: `The request header "${name}" contains a character that is not allowed (a control character such as NUL). Remove it and try again.`,
    });
  });

  it('a NUL in the address answers 400 saying the address holds it', async () => {
    const answer = await sendRaw('PATCH', `/files/${NUL}`, ['Upload-Offset: 0']);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      message:
        "The request's address contains a character that is not allowed (a control character such as NUL). Remove it and try again.",
    });
  });

  it('a NUL inside a header name answers 400 without echoing the name', async () => {
    const answer = await sendRaw('GET', '/v1/conversa/auth/me', [`X-Sys${NUL}tem: a`]);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      message:
        'A request header contains a character that is not allowed (a control character such as NUL). Remove it and try again.',
    });
  });
});

// Issue 30, items 5 and 8: a lone surrogate ("a\ud800b") in a team name or a SCIM token label
// reached PostgreSQL (500), and a 5,000-deep body exhausted the validator's stack (500; on SCIM
// without a token, 3-5 s a request).
describe('lone surrogates and deeply nested bodies answer 400, never 500', () => {
  let owner: ApiClient;
  const deepBody = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

  beforeAll(async () => {
    owner = await buildMember(studio, 'owner@acme.test', { acme: 'owner:ns' });
  });

  it.each([
    ['team name', () => `/v1/conversa/organizations/${namespaceId}/teams`, { name: 'a\ud800b' }],
    [
      'SCIM token label',
      () => `/v1/conversa/organizations/${namespaceId}/scim-tokens`,
      { label: 'a\udc00b' },
    ],
  ])('a lone surrogate in a %s', async (_name, path, body) => {
    const answer = await owner.post<{ message: string }>(path(), body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(
      /^".+" contains half of a character \(a lone UTF-16 surrogate\), which cannot be saved\. Remove it and try again\.$/,
    );
  });

  it('a 5,000-deep body', async () => {
    for (const path of ['/v1/conversa/topics', `/v1/conversa/organizations/${namespaceId}/teams`]) {
      const answer = await owner.browser.api(path, { method: 'POST', body: deepBody });
      expect(answer.status, path).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(
        'The request is nested too deeply (more than 64 levels of arrays and objects).',
      );
    }
  });

  it('a 5,000-deep body to SCIM: refused for its missing token before it is read, then 400 with one', async () => {
    const send = (token: string | null) =>
      fetch(`${studio.baseUrl}/scim/v2/Users`, {
        method: 'POST',
        headers: {
          'content-type': 'application/scim+json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: deepBody,
      });
    expect((await send(null)).status).toBe(401);
    expect((await send('scim_not-a-token')).status).toBe(401);
    const { token } = await owner.expectStatus<{ token: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${namespaceId}/scim-tokens`,
      { label: 'Deep' },
    );
    expect((await send(token)).status).toBe(400);
  });
});
