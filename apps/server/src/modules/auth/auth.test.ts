import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SIGN_IN_ERROR_MESSAGES } from '@conversa/contracts';
import { systemSecrets } from '../../db/system.tables.ts';
import { authSessions } from './auth.tables.ts';
import { createUser, MAX_FAILED_LOGINS } from '../users/index.ts';
import { signIn, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import {
  postViewerPassword,
  startAuthStudio,
  type AuthStudio,
} from '../../../test/auth.fixtures.ts';
import { EMBEDDED_CLIENT_ID } from '../../identity/provider.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { hashSessionId } from './auth-sessions.ts';

// The silent check and the login binding (spec §4) are proved in silent-check.test.ts.

let studio: TestStudio;
let authStudio: AuthStudio;

beforeAll(async () => {
  authStudio = await startAuthStudio();
  studio = authStudio.studio;
});

afterAll(async () => {
  await authStudio?.stop();
});

async function sessionRow(browser: TestBrowser) {
  const rows = await studio.database.db.select().from(authSessions);
  const cookie = browser.cookies.get(SESSION_COOKIE);
  expect(cookie).toBeDefined();
  return rows.find((row) => row.idHash === hashSessionId(cookie!))!;
}

describe('sign-in through the embedded provider', () => {
  it('lands on /dashboard and auth/me answers the spec §3 shape', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const result = await signIn(browser, 'viewer@acme.test', 'viewer-password');
    expect(new URL(result.url).pathname).toBe('/dashboard');

    const me = await browser.api('/v1/conversa/auth/me');
    expect(me.status).toBe(200);
    const body = (await me.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      isAdmin: false,
      isLoggedIn: true,
      firstName: 'Vera',
      lastName: 'Viewer',
      email: 'viewer@acme.test',
      namespaces: [
        {
          label: 'acme',
          attributes: { LEARNING_MODULE: true },
          userNamespaces: [{ scope: 'read:ns' }],
          storyfileNamespaces: [],
        },
      ],
    });
    expect(Object.keys(body).sort()).toEqual(
      ['email', 'firstName', 'iam', 'isAdmin', 'isLoggedIn', 'lastName', 'namespaces'].sort(),
    );
  });

  it('lists every namespace to an admin, with no scope where they hold none', async () => {
    await createUser(studio.database.db, {
      email: 'root@studio.test',
      password: 'root-password',
      isAdmin: true,
    });
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'root@studio.test', 'root-password');
    const body = (await (await browser.api('/v1/conversa/auth/me')).json()) as {
      isAdmin: boolean;
      namespaces: { label: string; userNamespaces: unknown[] }[];
    };
    expect(body.isAdmin).toBe(true);
    expect(body.namespaces).toContainEqual(
      expect.objectContaining({ label: 'acme', userNamespaces: [] }),
    );
    // A member who is no admin still sees only their own namespaces (the test above).
  });

  it('keeps tokens on the server: the session answer has expiries and roles, no token', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const response = await browser.api('/api/auth/session');
    const session = (await response.json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      email: 'viewer@acme.test',
      roles: ['conversa'],
      isIdpLogin: false,
    });
    expect(session.expiresIn).toBeGreaterThan(Date.now());
    expect(JSON.stringify(session)).not.toMatch(
      /accessToken|refreshToken|access_token|refresh_token/,
    );
    const setCookie = (await signInCookieHeader()).toLowerCase();
    expect(setCookie).toContain('httponly');
    expect(setCookie).toContain('samesite=lax');
  });

  it('refuses a wrong password, then locks the account after repeated failures', async () => {
    for (let attempt = 1; attempt < MAX_FAILED_LOGINS; attempt += 1) {
      const result = await signIn(
        new TestBrowser(studio.baseUrl),
        'locked@acme.test',
        'wrong-password',
      );
      expect(result.body).toContain('The email or password is not correct.');
    }
    const locked = await signIn(
      new TestBrowser(studio.baseUrl),
      'locked@acme.test',
      'wrong-password',
    );
    expect(locked.body).toContain('Too many failed attempts');
    const evenRight = await signIn(
      new TestBrowser(studio.baseUrl),
      'locked@acme.test',
      'locked-password',
    );
    expect(evenRight.body).toContain('Too many failed attempts');
  });

  it('without a session, gateway calls answer 401', async () => {
    const response = await new TestBrowser(studio.baseUrl).api('/v1/conversa/auth/me');
    expect(response.status).toBe(401);
  });
});

/**
 * Begins a sign-in in `browser` and posts the viewer's password on the provider's page: the
 * provider's answer to that post, and its URL, for a test to follow the redirects from.
 */
async function signInCookieHeader(): Promise<string> {
  const browser = new TestBrowser(studio.baseUrl);
  let { response, url } = await postViewerPassword(browser);
  while (response.status >= 300 && response.status < 400) {
    url = new URL(response.headers.get('location')!, url).href;
    response = await browser.request(url);
    const cookie = response.headers
      .getSetCookie()
      .find((header) => header.startsWith(`${SESSION_COOKIE}=`));
    if (cookie) {
      return cookie;
    }
  }
  throw new Error('no session cookie was set');
}

describe('refresh (spec §4 Session, §7 /api/refresh_token)', () => {
  it('rotates the refresh token; reusing an old one revokes the grant, and the next refresh answers 400 and clears the token', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const before = await sessionRow(browser);

    const refreshed = await browser.api('/api/refresh_token', { method: 'POST' });
    expect(refreshed.status).toBe(200);
    const after = await sessionRow(browser);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);

    // Someone replays the first refresh token at the provider: it is refused and the grant revoked.
    const [secret] = await studio.database.db
      .select()
      .from(systemSecrets)
      .where(eq(systemSecrets.name, 'idp.client-secret'));
    const replay = await fetch(`${studio.baseUrl}/idp/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${EMBEDDED_CLIENT_ID}:${secret!.value as string}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: before.refreshToken!,
      }).toString(),
    });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');

    const afterReuse = await browser.api('/api/refresh_token', { method: 'POST' });
    expect(afterReuse.status).toBe(400);
    expect(afterReuse.headers.getSetCookie().join(';')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await browser.api('/api/auth/session')).status).toBe(204);
  });

  it('an expired access token makes gateway calls answer 401 until a refresh succeeds', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const row = await sessionRow(browser);
    await studio.database.db
      .update(authSessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.idHash, row.idHash));
    expect((await browser.api('/v1/conversa/auth/me')).status).toBe(401);
    expect((await browser.api('/api/refresh_token', { method: 'POST' })).status).toBe(200);
    expect((await browser.api('/v1/conversa/auth/me')).status).toBe(200);
  });

  it('refuses cookie-authenticated writes without the system identifier header', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const response = await browser.request('/api/refresh_token', { method: 'POST' });
    expect(response.status).toBe(403);
  });
});

describe('bearer access tokens for other clients', () => {
  it('accepts the access token of a signed-in user as a bearer token, and refuses a made-up one', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const row = await sessionRow(browser);
    const ok = await fetch(`${studio.baseUrl}/v1/conversa/auth/me`, {
      headers: { authorization: `Bearer ${row.accessToken}` },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { email: string }).email).toBe('viewer@acme.test');
    const bad = await fetch(`${studio.baseUrl}/v1/conversa/auth/me`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session and sends the browser through the provider back to /', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const response = await browser.api('/api/auth/logout', { method: 'POST' });
    const { redirectTo } = (await response.json()) as { redirectTo: string };
    expect((await browser.api('/v1/conversa/auth/me')).status).toBe(401);
    const toProvider = await browser.request(redirectTo);
    expect(toProvider.status).toBe(303);
    const endSession = new URL(toProvider.headers.get('location')!, studio.baseUrl);
    expect(endSession.pathname).toBe('/idp/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${studio.baseUrl}/`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
  });

  // Issue 30, item 10: the answer handed the page's JavaScript the end-session URL, ID token and all.
  it('never hands the page the ID token: the server redirects, from a cookie the page cannot read', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const response = await browser.api('/api/auth/logout', { method: 'POST' });
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ redirectTo: '/api/auth/logout' });
    expect(body).not.toContain('id_token_hint');
    expect(body).not.toMatch(/eyJ[\w-]+\./);
    const hintCookie = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('conversa_logout='));
    expect(hintCookie).toMatch(/; HttpOnly/i);
    expect(hintCookie).toMatch(/; Path=\/api\/auth\/logout/i);

    // The redirect is the server's, once; the hint cookie goes with it.
    const toProvider = await browser.request('/api/auth/logout');
    expect(new URL(toProvider.headers.get('location')!).searchParams.get('id_token_hint')).toMatch(
      /^eyJ/,
    );
    expect(browser.cookies.has('conversa_logout')).toBe(false);
    const again = await browser.request('/api/auth/logout');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/?signedOut=1');
  });

  it('a GET of the logout path from elsewhere ends no session', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const visit = await browser.request('/api/auth/logout');
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe('/?signedOut=1');
    expect((await browser.api('/v1/conversa/auth/me')).status).toBe(200);
  });
});

describe('identity-provider hints (spec §1)', () => {
  it('goes to the upstream provider and comes back signed in, creating the account by verified email', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const start = await browser.follow('/api/auth/login?idp=medtronic');
    expect(start.url.startsWith(authStudio.upstream.issuer)).toBe(true);
    const html = await start.response.text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const done = await browser.follow(new URL(action, start.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        prompt: 'login',
        login: 'nina',
        password: 'anything',
      }).toString(),
    });
    expect(new URL(done.url).pathname, await done.response.text()).toBe('/dashboard');
    const me = (await (await browser.api('/v1/conversa/auth/me')).json()) as {
      email: string;
      firstName: string;
    };
    expect(me.email).toBe('nina@medtronic.example');
    const session = (await (await browser.api('/api/auth/session')).json()) as {
      isIdpLogin: boolean;
    };
    expect(session.isIdpLogin).toBe(true);
  });

  it('says clearly when a hint is not configured', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const response = await browser.request('/api/auth/login?idp=walmart');
    expect(response.status).toBe(303);
    // A code the landing page turns into its sentence (issue 43: never text of the address).
    expect(response.headers.get('location')).toBe('/?signInError=provider-not-configured');
    expect(SIGN_IN_ERROR_MESSAGES['provider-not-configured']).toContain(
      'is not configured on this studio.',
    );
  });
});

describe('account page', () => {
  it("sends a person to the embedded provider's account page to change name and password", async () => {
    const response = await new TestBrowser(studio.baseUrl).request('/api/auth/account');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${studio.baseUrl}/idp/account`);
  });
});

describe('platform endpoints', () => {
  it('/healthz answers 200 while the database answers', async () => {
    const response = await fetch(`${studio.baseUrl}/healthz`);
    expect(response.status).toBe(200);
  });

  it('serves the OpenAPI document generated from the contracts at /docs/json', async () => {
    const response = await fetch(`${studio.baseUrl}/docs/json`);
    const document = (await response.json()) as { paths: Record<string, unknown> };
    expect(document.paths).toHaveProperty('/v1/conversa/auth/me');
  });

  it('refuses an accept header asking for another API version, accepts 1.0.3', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const wrong = await browser.api('/v1/conversa/auth/me', {
      headers: { accept: 'application/json; version=2.0.0' },
    });
    expect(wrong.status).toBe(406);
    const right = await browser.api('/v1/conversa/auth/me', {
      headers: { accept: 'application/json; version=1.0.3' },
    });
    expect(right.status).toBe(200);
  });
});
