import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SIGN_IN_ERROR_MESSAGES } from '@conversa/contracts';
import { systemSecrets } from '../../db/system.tables.ts';
import { authSessions } from './auth.tables.ts';
import { createNamespace, grantScope } from '../namespaces/index.ts';
import { createUser, MAX_FAILED_LOGINS } from '../users/index.ts';
import {
  getFreePort,
  signIn,
  startTestStudio,
  TestBrowser,
  type TestStudio,
} from '../../../test/studio.ts';
import { startUpstreamIdp } from '../../../test/upstream-idp.ts';
import { EMBEDDED_CLIENT_ID } from '../../identity/provider.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

let studio: TestStudio;
let upstream: { issuer: string; close: () => Promise<void> };

beforeAll(async () => {
  const upstreamPort = await getFreePort();
  const studioPortHolder = { issuer: `http://127.0.0.2:${upstreamPort}` };
  // The upstream needs the studio's callback URL, which needs the studio's port: start the
  // studio first with the upstream's future address, then the upstream.
  studio = await startTestStudio({
    IDP_MEDTRONIC_ISSUER: studioPortHolder.issuer,
    IDP_MEDTRONIC_CLIENT_ID: 'studio-at-medtronic',
    IDP_MEDTRONIC_CLIENT_SECRET: 'upstream-secret',
  });
  upstream = await startUpstreamIdp({
    port: upstreamPort,
    clientId: 'studio-at-medtronic',
    clientSecret: 'upstream-secret',
    redirectUri: `${studio.baseUrl}/idp/broker/medtronic/callback`,
    domain: 'medtronic.example',
  });
  const { db } = studio.database;
  await createNamespace(db, { label: 'acme', attributes: { LEARNING_MODULE: true } });
  await createUser(db, {
    email: 'viewer@acme.test',
    password: 'viewer-password',
    firstName: 'Vera',
    lastName: 'Viewer',
  });
  await grantScope(db, { email: 'viewer@acme.test', namespaceLabel: 'acme', scope: 'read:ns' });
  await createUser(db, { email: 'locked@acme.test', password: 'locked-password' });
});

afterAll(async () => {
  await studio?.stop();
  await upstream?.close();
});

async function sessionRow(browser: TestBrowser) {
  const rows = await studio.database.db.select().from(authSessions);
  const cookie = browser.cookies.get(SESSION_COOKIE);
  expect(cookie).toBeDefined();
  const { hashSessionId } = await import('./auth.service.ts');
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
async function postViewerPassword(
  browser: TestBrowser,
): Promise<{ response: Response; url: string }> {
  const loginPage = await browser.follow('/api/auth/login');
  const html = await loginPage.response.text();
  const action = /action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
  const url = new URL(action, loginPage.url).href;
  const response = await browser.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'viewer@acme.test',
      password: 'viewer-password',
    }).toString(),
  });
  return { response, url };
}

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

describe('silent single-sign-on check (spec §4)', () => {
  const sessionCount = async () => (await studio.database.db.select().from(authSessions)).length;

  it('with a provider session, prompt=none signs in without a page and ends on the done page', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const oldSession = browser.cookies.get(SESSION_COOKIE);
    // The studio session is gone, the provider's is still open (e.g. another studio tab signed out locally).
    browser.cookies.delete(SESSION_COOKIE);
    expect((await browser.api('/v1/conversa/auth/me')).status).toBe(401);

    const start = await browser.request('/api/auth/login?prompt=none');
    expect(start.status).toBe(303);
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.pathname).toBe('/idp/auth');
    expect(authorization.searchParams.get('prompt')).toBe('none');

    const result = await browser.follow(authorization.href);
    const done = new URL(result.url);
    expect(done.pathname).toBe('/api/auth/silent-check-done');
    expect(done.searchParams.get('result')).toBe('signed-in');
    expect(result.response.status).toBe(200);
    const newSession = browser.cookies.get(SESSION_COOKIE);
    expect(newSession).toBeDefined();
    expect(newSession).not.toBe(oldSession);
    const me = await browser.api('/v1/conversa/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('viewer@acme.test');
  });

  it('without a provider session, it ends on the done page with login-required and creates no session', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const before = await sessionCount();
    const result = await browser.follow('/api/auth/login?prompt=none');
    const done = new URL(result.url);
    expect(done.pathname).toBe('/api/auth/silent-check-done');
    expect(done.searchParams.get('result')).toBe('login-required');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionCount()).toBe(before);
  });

  it('a failed silent check keeps an existing studio session and never visits the landing page', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'viewer@acme.test', 'viewer-password');
    const studioSession = browser.cookies.get(SESSION_COOKIE)!;
    // Only the provider's session ends: its cookies go, the studio's stays.
    for (const name of [...browser.cookies.keys()]) {
      if (name !== SESSION_COOKIE) {
        browser.cookies.delete(name);
      }
    }
    const visited: string[] = [];
    let current = new URL('/api/auth/login?prompt=none', studio.baseUrl).href;
    let response = await browser.request(current);
    while (response.status >= 300 && response.status < 400) {
      current = new URL(response.headers.get('location')!, current).href;
      visited.push(current);
      response = await browser.request(current);
    }
    expect(visited.some((url) => new URL(url).searchParams.get('error') === 'login_required')).toBe(
      true,
    );
    expect(visited.some((url) => new URL(url).pathname === '/')).toBe(false);
    expect(current).toBe(`${studio.baseUrl}/api/auth/silent-check-done?result=login-required`);
    expect(browser.cookies.get(SESSION_COOKIE)).toBe(studioSession);
    expect((await browser.api('/v1/conversa/auth/me')).status).toBe(200);
  });

  it('an ordinary sign-in the provider refuses still goes back to the landing page', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const start = await browser.request('/api/auth/login');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const callback = await browser.request(
      `/api/auth/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toMatch(/^\/\?signInError=/);
  });

  it('finishes a sign-in only in the browser that began it: another browser handed its callback is not signed in (login CSRF)', async () => {
    // The attacker signs in with their own account and stops at the studio's callback.
    const attacker = new TestBrowser(studio.baseUrl);
    let { response, url: current } = await postViewerPassword(attacker);
    expect(attacker.cookieHeader()).toMatch(/conversa_login_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{43}/);
    let callbackUrl: string | undefined;
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops += 1) {
      current = new URL(response.headers.get('location')!, current).href;
      if (new URL(current).pathname === '/api/auth/callback') {
        callbackUrl = current;
        break;
      }
      response = await attacker.request(current);
    }
    expect(callbackUrl).toBeDefined();

    // The victim's browser is made to open it: refused, and no session is set.
    const victim = new TestBrowser(studio.baseUrl);
    const refused = await victim.request(callbackUrl!);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/?signInError=failed');
    expect(victim.cookies.has(SESSION_COOKIE)).toBe(false);
    // A browser with a binding of its own (it began another sign-in) is refused too.
    const otherSignIn = new TestBrowser(studio.baseUrl);
    await otherSignIn.request('/api/auth/login');
    expect(otherSignIn.cookieHeader()).toMatch(/conversa_login_/);
    const loginOfOther = await otherSignIn.request(callbackUrl!);
    expect(loginOfOther.headers.get('location')).toMatch(/^\/\?signInError=/);
    expect(otherSignIn.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('a sign-in finishes in the browser that began it, with the binding it was given', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const result = await signIn(browser, 'viewer@acme.test', 'viewer-password');
    expect(new URL(result.url).pathname).toBe('/dashboard');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
  });

  it('the done page may be framed by the studio only and posts the result to its parent', async () => {
    const response = await fetch(`${studio.baseUrl}/api/auth/silent-check-done?result=signed-in`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await response.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script).toContain("window.parent.postMessage({ type: 'conversa-sso'");
    expect(script).toContain('location.origin');
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(script!).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
  });

  it('a logout the provider does not take part in lands on the landing page flagged as signed out', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const response = await browser.api('/api/auth/logout', { method: 'POST' });
    expect(((await response.json()) as { redirectTo: string }).redirectTo).toBe('/?signedOut=1');
  });
});

describe('identity-provider hints (spec §1)', () => {
  it('goes to the upstream provider and comes back signed in, creating the account by verified email', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const start = await browser.follow('/api/auth/login?idp=medtronic');
    expect(start.url.startsWith(upstream.issuer)).toBe(true);
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
