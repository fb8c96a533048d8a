import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from './auth.tables.ts';
import { signIn, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import {
  postViewerPassword,
  startAuthStudio,
  type AuthStudio,
} from '../../../test/auth.fixtures.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

let studio: TestStudio;
let authStudio: AuthStudio;

beforeAll(async () => {
  authStudio = await startAuthStudio();
  studio = authStudio.studio;
});

afterAll(async () => {
  await authStudio?.stop();
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
