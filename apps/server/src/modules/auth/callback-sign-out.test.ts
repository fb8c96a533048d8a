import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../users/index.ts';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

// Issue 53, item 6: a top-level GET of `/api/auth/callback?state=forged` (or `?error=…`) answered
// 303 and cleared `conversa_session` while the server-side session stayed valid: any link signed a
// person out of this browser, and what was cleared could still be used. Only a callback of a
// sign-in this browser began may end its session, and it ends it on the server too.
let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
  await createUser(studio.database.db, {
    email: 'writer@acme.test',
    password: 'writer-password',
    firstName: 'Wren',
    lastName: 'Writer',
  });
});

afterAll(async () => {
  await studio?.stop();
});

async function signedInBrowser(): Promise<{ browser: TestBrowser; session: string }> {
  const browser = new TestBrowser(studio.baseUrl);
  await signIn(browser, 'writer@acme.test', 'writer-password');
  const session = browser.cookies.get(SESSION_COOKIE);
  expect(session).toBeDefined();
  return { browser, session: session! };
}

/** Whether a session id still opens the studio, asked from a browser holding only that cookie. */
async function isSessionAlive(session: string): Promise<boolean> {
  const other = new TestBrowser(studio.baseUrl);
  other.cookies.set(SESSION_COOKIE, session);
  const me = await other.api('/v1/conversa/auth/me');
  expect([200, 401]).toContain(me.status);
  return me.status === 200;
}

const clearsSessionCookie = (response: Response) =>
  response.headers.getSetCookie().some((header) => header.startsWith(`${SESSION_COOKIE}=`));

describe('a sign-in callback this browser did not begin', () => {
  it.each([
    '/api/auth/callback?state=forged',
    '/api/auth/callback?state=forged&code=made-up',
    '/api/auth/callback?error=access_denied',
    '/api/auth/callback?error=access_denied&state=forged',
    '/api/auth/callback',
  ])('%s goes to the landing page and signs nobody out', async (link) => {
    const { browser, session } = await signedInBrowser();
    const answer = await browser.request(link);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/\?signInError=/);
    expect(clearsSessionCookie(answer)).toBe(false);
    expect(browser.cookies.get(SESSION_COOKIE)).toBe(session);
    expect((await browser.api('/v1/conversa/auth/me')).status).toBe(200);
  });

  it("another browser's refused sign-in handed to this one signs nobody out", async () => {
    const other = new TestBrowser(studio.baseUrl);
    const start = await other.request('/api/auth/login');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const { browser, session } = await signedInBrowser();
    const answer = await browser.request(
      `/api/auth/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(answer.headers.get('location')).toMatch(/^\/\?signInError=/);
    expect(browser.cookies.get(SESSION_COOKIE)).toBe(session);
    expect(await isSessionAlive(session)).toBe(true);
  });
});

describe("a failed callback of this browser's own sign-in", () => {
  /** A new sign-in begun by a signed-in browser: the state the provider will answer with. */
  async function beginSignIn(browser: TestBrowser): Promise<string> {
    const start = await browser.request('/api/auth/login');
    expect(start.status).toBe(303);
    return new URL(start.headers.get('location')!).searchParams.get('state')!;
  }

  it('refused by the provider: the cookie is cleared and the session revoked on the server', async () => {
    const { browser, session } = await signedInBrowser();
    const state = await beginSignIn(browser);
    const answer = await browser.request(
      `/api/auth/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(answer.headers.get('location')).toBe('/?signInError=not-completed');
    expect(clearsSessionCookie(answer)).toBe(true);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await isSessionAlive(session)).toBe(false);
  });

  it('an answer that cannot be finished: the cookie is cleared and the session revoked', async () => {
    const { browser, session } = await signedInBrowser();
    const state = await beginSignIn(browser);
    const answer = await browser.request(
      `/api/auth/callback?state=${encodeURIComponent(state)}&code=made-up`,
    );
    expect(answer.headers.get('location')).toBe('/?signInError=failed');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await isSessionAlive(session)).toBe(false);
  });
});
