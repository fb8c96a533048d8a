import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ID_REQUIRED_MESSAGE, type Publication } from '@conversa/contracts';
import { readAccessToken, startTestStudio, type TestStudio } from '../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
  type StoryfileAnswer,
} from '../../test/storyfile.fixtures.ts';

// Issue 43, item 1: a cookie-authenticated write without the system id header was accepted
// whenever any `Authorization` header came with it, though only a bearer token that authenticates
// the request may stand in for the header. A browser sends cached Basic credentials by itself
// (a studio behind a Basic-auth proxy), so a same-site form could delete or publish.
let studio: TestStudio;
let owner: ApiClient;
let storyfile: StoryfileAnswer;
let namespaceId: string;

beforeAll(async () => {
  studio = await startTestStudio();
  namespaceId = await buildNamespace(studio, 'north');
  owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  storyfile = await buildStoryfile(owner, namespaceId);
});

afterAll(async () => {
  await studio?.stop();
});

/** A write with the owner's session cookie and the given headers, without the system id header. */
function cookieWrite(method: string, path: string, headers: Record<string, string>, body?: string) {
  return owner.browser.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
}

describe('the system id header (CSRF defence) over real HTTP', () => {
  const storyfilePath = () => `/v1/conversa/storyfiles/${storyfile.id}`;

  it.each([
    ['Basic', 'Basic dXNlcjpwYXNz'],
    ['Digest', 'Digest username="user", realm="studio", nonce="1", uri="/", response="0"'],
    ['a bearer the issuer refuses', 'Bearer not-a-token'],
  ])(
    'refuses a cookie-authenticated DELETE and publish with %s credentials and changes nothing',
    async (_, authorization) => {
      const deleted = await cookieWrite('DELETE', storyfilePath(), { authorization });
      expect(deleted.status).toBe(403);
      expect(await deleted.json()).toMatchObject({ message: SYSTEM_ID_REQUIRED_MESSAGE });

      const published = await cookieWrite(
        'POST',
        `${storyfilePath()}/publish`,
        { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        'a=1',
      );
      expect(published.status).toBe(403);
      expect(await published.json()).toMatchObject({ message: SYSTEM_ID_REQUIRED_MESSAGE });

      await owner.expectStatus(200, 'GET', storyfilePath());
      const publication = await owner.expectStatus<Publication>(
        200,
        'GET',
        `${storyfilePath()}/publication`,
      );
      expect(publication.isPublished).toBe(false);
    },
  );

  it('lets a bearer token that authenticates the request stand in for the header', async () => {
    const token = await readAccessToken(studio, owner.browser);
    const answer = await fetch(new URL(`${storyfilePath()}/publish`, studio.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as Publication).isPublished).toBe(true);
  });
});

// Issue 53, item 2: the check read the raw URL's prefix while the router decodes the path, so
// `POST /%761/…/publish` with only the cookie published. The matched route decides now.
describe('the system id header and the API version on percent-encoded paths', () => {
  let unpublished: StoryfileAnswer;
  beforeAll(async () => {
    unpublished = await buildStoryfile(owner, namespaceId);
  });
  const publishPaths = () => [
    `/v1/conversa/storyfiles/${unpublished.id}/publish`,
    `/%761/conversa/storyfiles/${unpublished.id}/publish`,
    `/v%31/conversa/storyfiles/${unpublished.id}/publish`,
    `/%76%31/conversa/storyfiles/${unpublished.id}/publish`,
  ];

  it('refuses a cookie-only form post to publish under every spelling of /v1/', async () => {
    for (const path of publishPaths()) {
      const answer = await cookieWrite(
        'POST',
        path,
        { 'content-type': 'application/x-www-form-urlencoded' },
        'a=1',
      );
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(await answer.json()).toMatchObject({ message: SYSTEM_ID_REQUIRED_MESSAGE });
    }
    const publication = await owner.expectStatus<Publication>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${unpublished.id}/publication`,
    );
    expect(publication.isPublished).toBe(false);
  });

  it.each(['/api/auth/logout', '/%61pi/auth/logout', '/%61%70%69/auth/logout'])(
    'refuses a cookie-only sign-out at %s and the session stays',
    async (path) => {
      const answer = await cookieWrite('POST', path, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ message: SYSTEM_ID_REQUIRED_MESSAGE });
      await owner.expectStatus(200, 'GET', `/v1/conversa/storyfiles/${unpublished.id}`);
    },
  );

  it.each(['/files/', '/%66iles/', '/%66%69%6c%65%73/'])(
    'refuses a cookie-only upload creation at %s',
    async (path) => {
      const answer = await cookieWrite('POST', path, {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
      });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ message: SYSTEM_ID_REQUIRED_MESSAGE });
    },
  );

  it.each([
    '/v1/conversa/storyfiles/ID',
    '/%761/conversa/storyfiles/ID',
    '/v%31/conversa/storyfiles/ID',
  ])('answers another API version at %s with 406', async (path) => {
    const answer = await owner.browser.request(path.replace('ID', unpublished.id), {
      headers: { accept: 'application/json; version=9.9.9' },
    });
    expect(answer.status).toBe(406);
  });

  it('still lets the console write with the header and read under its own version', async () => {
    const answer = await owner.browser.api(`/v1/conversa/storyfiles/${unpublished.id}/publish`, {
      method: 'POST',
    });
    expect(answer.status).toBe(200);
    const read = await owner.browser.request(`/v1/conversa/storyfiles/${unpublished.id}`, {
      headers: { accept: 'application/json; version=1.0.3' },
    });
    expect(read.status).toBe(200);
  });
});
