// Factories for the storyfile and library integration tests: real users signed in through the
// embedded provider, calling the real API.
import { expect } from 'vitest';
import { type GrantableScope, TOKEN_REFRESH_INTERVAL_MS } from '@conversa/contracts';
import { signIn, TestBrowser, type TestStudio } from './studio.ts';
import { createNamespace, grantScope } from '../src/modules/namespaces/index.ts';
import { createUser } from '../src/modules/users/index.ts';

export const TEST_PASSWORD = 'password-123';

export interface ApiAnswer<Body = Record<string, unknown>> {
  status: number;
  body: Body;
}

/**
 * A signed-in browser with JSON helpers. Like the studio's web client, it refreshes its session
 * every TOKEN_REFRESH_INTERVAL_MS (the access token lives 15 minutes): a test that waits on
 * drafts on a loaded machine outlives one.
 */
export class ApiClient {
  private refreshedAt = Date.now();

  constructor(readonly browser: TestBrowser) {}

  async call<Body = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer<Body>> {
    if (Date.now() - this.refreshedAt >= TOKEN_REFRESH_INTERVAL_MS) {
      this.refreshedAt = Date.now();
      await (await this.browser.api('/api/refresh_token', { method: 'POST' })).arrayBuffer();
    }
    const response = await this.browser.api(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
  }

  get<Body = Record<string, unknown>>(path: string) {
    return this.call<Body>('GET', path);
  }
  post<Body = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.call<Body>('POST', path, body);
  }
  patch<Body = Record<string, unknown>>(path: string, body: unknown) {
    return this.call<Body>('PATCH', path, body);
  }
  put<Body = Record<string, unknown>>(path: string, body: unknown) {
    return this.call<Body>('PUT', path, body);
  }
  delete<Body = Record<string, unknown>>(path: string) {
    return this.call<Body>('DELETE', path);
  }

  /** A call that must succeed with `status`; answers the body. */
  async expectStatus<Body = Record<string, unknown>>(
    status: number,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Body> {
    const answer = await this.call<Body>(method, path, body);
    expect(answer, `${method} ${path}`).toMatchObject({ status });
    return answer.body;
  }
}

export async function signInAs(studio: TestStudio, email: string, password = TEST_PASSWORD) {
  const browser = new TestBrowser(studio.baseUrl);
  const result = await signIn(browser, email, password);
  expect(new URL(result.url).pathname).toBe('/dashboard');
  return new ApiClient(browser);
}

/** Creates a namespace and returns its id. */
export async function buildNamespace(studio: TestStudio, label: string): Promise<string> {
  return (await createNamespace(studio.database.db, { label })).id;
}

/** Creates a user with the given scopes (namespace label -> scope) and signs them in. */
export async function buildMember(
  studio: TestStudio,
  email: string,
  grants: Record<string, GrantableScope>,
): Promise<ApiClient> {
  const { db } = studio.database;
  await createUser(db, { email, password: TEST_PASSWORD });
  for (const [namespaceLabel, scope] of Object.entries(grants)) {
    await grantScope(db, { email, namespaceLabel, scope });
  }
  return signInAs(studio, email);
}

export interface StoryfileAnswer {
  id: string;
  name: string;
  namespaceId: string;
  [key: string]: unknown;
}

export async function buildStoryfile(
  client: ApiClient,
  namespaceId: string,
  fields: Record<string, unknown> = {},
): Promise<StoryfileAnswer> {
  return client.expectStatus<StoryfileAnswer>(201, 'POST', '/v1/conversa/storyfiles', {
    namespaceId,
    name: `Storyfile ${Math.random().toString(36).slice(2, 8)}`,
    ...fields,
  });
}
