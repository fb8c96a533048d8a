import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Request } from '@playwright/test';
import { makeSilentCheckNeverAnswer } from '../support/auth';
import { E2E } from '../support/env';

/**
 * Spec §4: "a silent check through a hidden page when cookies are enabled; otherwise
 * login-required with hybrid flow". In a Chromium that blocks third-party cookies, the person
 * signs in through the provider with the hybrid response type and ends on the dashboard with the
 * studio's session.
 *
 * How third-party cookies are blocked: Debian's Chromium 156 under Playwright shows no difference
 * with the `--test-third-party-cookie-phaseout` flag (its fresh profiles already refuse a framed
 * site's cookies), and Playwright has no context option for it. What switches it explicitly is the
 * profile's cookie setting, `profile.cookie_controls_mode` (1: block third-party cookies; 0 lets a
 * framed site read its cookies again), written into a persistent profile's Preferences before the
 * browser starts. Each test proves the blocking with a probe: a site whose cookie, set on a visit
 * of its own, does not reach it when it is framed by another site.
 */

/** The studio's httpOnly session cookie (SESSION_COOKIE in apps/server/src/modules/auth). */
const STUDIO_SESSION_COOKIE = 'conversa_session';

/** Two tiny sites on other loopback addresses: `top` frames `framed`. */
async function startCookieProbe(): Promise<{
  topUrl: string;
  framedUrl: string;
  close: () => Promise<void>;
}> {
  let framedUrl = '';
  const handler: http.RequestListener = (request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (request.url === '/top') {
      response.end(`<!doctype html><title>top</title><iframe src="${framedUrl}/framed"></iframe>`);
      return;
    }
    // A cookie a third party could use: SameSite=None; Secure (loopback counts as secure).
    response.setHeader('set-cookie', 'probe=1; SameSite=None; Secure; Path=/');
    response.end(
      `<!doctype html><title>framed</title><p id="sent">${request.headers.cookie ?? 'none'}</p>`,
    );
  };
  const listen = (host: string) =>
    new Promise<http.Server>((resolve) => {
      const server = http.createServer(handler);
      server.listen(0, host, () => resolve(server));
    });
  const top = await listen('127.0.0.3');
  const framed = await listen('127.0.0.4');
  framedUrl = `http://127.0.0.4:${(framed.address() as AddressInfo).port}`;
  return {
    topUrl: `http://127.0.0.3:${(top.address() as AddressInfo).port}/top`,
    framedUrl,
    // The browser keeps its connections open: close them, or close() waits for them.
    close: async () => {
      for (const server of [top, framed]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

/** What cookie header the framed site received when framed (after a first-party visit set it). */
async function cookieSentToFramedSite(context: BrowserContext): Promise<string> {
  const probe = await startCookieProbe();
  try {
    const page = await context.newPage();
    await page.goto(`${probe.framedUrl}/first-party`);
    await page.goto(probe.topUrl);
    const sent = page.frameLocator('iframe').locator('#sent');
    await expect(sent).toBeVisible();
    const text = (await sent.textContent()) ?? '';
    await page.close();
    return text;
  } finally {
    await probe.close();
  }
}

/** A Chromium profile with third-party cookies blocked (or allowed), launched as the config launches the browser. */
async function launchWithThirdPartyCookies(mode: 'blocked' | 'allowed'): Promise<BrowserContext> {
  const profile = test.info().outputPath(`profile-${mode}`);
  fs.mkdirSync(path.join(profile, 'Default'), { recursive: true });
  fs.writeFileSync(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: mode === 'blocked' ? 1 : 0 } }),
  );
  const { launchOptions } = test.info().project.use;
  // The full browser: the headless shell reads no profile preferences, so it would not block.
  return chromium.launchPersistentContext(profile, {
    ...launchOptions,
    executablePath: E2E.fullChromiumPath,
    baseURL: E2E.studioUrl,
  });
}

/** The provider's authorization request of the person's sign-in (not the silent check's). */
function isSignInAuthorization(request: Request): boolean {
  const url = new URL(request.url());
  return (
    url.origin === E2E.studioUrl &&
    url.pathname === '/idp/auth' &&
    url.searchParams.get('prompt') !== 'none'
  );
}

/** The context's page, watching for the sign-in's authorization request and the callback's form post. */
function watchSignIn(context: BrowserContext) {
  const page = context.pages()[0]!;
  const authorization = page.waitForRequest(isSignInAuthorization);
  const callback = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/auth/callback' && request.method() === 'POST',
  );
  return { page, authorization, callback };
}

test('the probe tells blocked third-party cookies from allowed ones', async () => {
  const allowed = await launchWithThirdPartyCookies('allowed');
  try {
    expect(await cookieSentToFramedSite(allowed)).toBe('probe=1');
  } finally {
    await allowed.close();
  }
});

test('with third-party cookies blocked, the silent check answers login-required and Sign in goes through the hybrid flow to the dashboard', async () => {
  const context = await launchWithThirdPartyCookies('blocked');
  try {
    expect(await cookieSentToFramedSite(context)).toBe('none');
    const { page, authorization, callback } = watchSignIn(context);
    const checked = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/auth/silent-check-done' &&
        new URL(response.url()).searchParams.get('result') === 'login-required',
    );
    await page.goto('/');
    await checked;
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(E2E.users.viewer.email);
    await page.getByLabel('Password').fill(E2E.users.viewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${E2E.studioUrl}/dashboard`);
    await expect(page.getByText('Welcome to Conversa Studio')).toBeVisible();

    const asked = new URL((await authorization).url());
    expect(asked.searchParams.get('response_type')).toBe('code id_token');
    expect(asked.searchParams.get('response_mode')).toBe('form_post');
    expect(asked.searchParams.get('nonce')).toBeTruthy();
    // The provider's answer came as a form post with the code and the ID token.
    const answer = new URLSearchParams((await callback).postData() ?? '');
    expect(answer.get('code')).toBeTruthy();
    expect(answer.get('id_token')).toMatch(/^eyJ/);

    const names = (await context.cookies(E2E.studioUrl)).map((cookie) => cookie.name);
    expect(names).toContain(STUDIO_SESSION_COOKIE);
    const me = await page.evaluate(() =>
      fetch('/v1/conversa/auth/me').then(
        (response) => response.json() as Promise<{ email: string }>,
      ),
    );
    expect(me.email).toBe(E2E.users.viewer.email);
  } finally {
    await context.close();
  }
});

test('with third-party cookies blocked and a silent check that never answers, Sign in still goes through the hybrid flow', async () => {
  const context = await launchWithThirdPartyCookies('blocked');
  try {
    const { page, authorization } = watchSignIn(context);
    await makeSilentCheckNeverAnswer(page);
    await page.goto('/');
    await expect(page.getByRole('alert')).toContainText('Automatic sign-in is not available', {
      timeout: 15_000,
    });
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(E2E.users.editor.email);
    await page.getByLabel('Password').fill(E2E.users.editor.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${E2E.studioUrl}/dashboard`);
    await expect(page.getByText('Welcome to Conversa Studio')).toBeVisible();
    expect(new URL((await authorization).url()).searchParams.get('response_type')).toBe(
      'code id_token',
    );
  } finally {
    await context.close();
  }
});
