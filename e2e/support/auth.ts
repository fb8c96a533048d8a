import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

type Account = { email: string; password: string };
type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** Signs in through the studio's identity provider page, as a person does. */
export async function signInThroughProvider(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * The signed-in browser state (every cookie: the studio's session and the provider's) of each
 * account's last sign-in through the provider in this worker, and when it was made. A worker is
 * one process running one test at a time, so no two tests of a run share a session at once.
 */
const signedIn = new Map<string, { cookies: Cookies; at: number }>();

/**
 * Reused only while its access token is fresh: the studio's access token lives 15 minutes and the
 * console refreshes after 10 (apps/server/src/modules/auth/token-ttl.ts), so a session kept 8
 * minutes and used by a flow of at most 3 never refreshes in a test.
 */
const REUSE_FOR_MS = 8 * 60_000;

/**
 * A page signed in as `account`, landed on /dashboard. The first time in a worker (and again
 * after 8 minutes, or once a flow ended that session: a logout, a suspension) it signs in through
 * the provider's page as a person does; after that it gives the page the browser state of that
 * sign-in, which the studio answers as the same signed-in person. Flows about signing in or out
 * themselves use signInThroughProvider.
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  const stored = signedIn.get(account.email);
  const context = page.context();
  if (stored && Date.now() - stored.at < REUSE_FOR_MS) {
    await context.addCookies(stored.cookies);
    if ((await page.request.get('/v1/conversa/auth/me')).ok()) {
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/dashboard$/);
      return;
    }
    await context.clearCookies();
  }
  await signInThroughProvider(page, account);
  signedIn.set(account.email, { cookies: await context.cookies(), at: Date.now() });
}

/** A page of a fresh browser context (its own cookies), signed in as `account`. */
export async function signInInNewContext(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/**
 * Makes the studio's silent sign-in check never answer, as a browser that blocks the check's
 * frame (its third-party cookies) does: the frame loads, but no message ever comes back.
 */
export async function makeSilentCheckNeverAnswer(page: Page): Promise<void> {
  await page.route('**/api/auth/login?prompt=none', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>x</title>',
    }),
  );
}
