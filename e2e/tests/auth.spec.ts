import { expect, test } from '@playwright/test';
import { makeSilentCheckNeverAnswer, signInThroughProvider } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

/** The studio's httpOnly session cookie (SESSION_COOKIE in apps/server/src/modules/auth). */
const STUDIO_SESSION_COOKIE = 'conversa_session';
const CHECKING = 'Checking whether you are already signed in…';

test('signing in through the provider page lands on the dashboard', async ({ page }) => {
  await signInThroughProvider(page, E2E.users.viewer);
  await expect(page.getByText('Welcome to Conversa Studio')).toBeVisible();
});

test('a signed-out visit to /storyfiles lands on the landing page', async ({ page }) => {
  await page.goto('/storyfiles');
  await expect(page).toHaveURL(`${E2E.studioUrl}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('logout returns to / and the back button shows no studio data', async ({ page }) => {
  await signInThroughProvider(page, E2E.users.editor);
  await expect(page.getByText('Welcome to Conversa Studio')).toBeVisible();
  // /dashboard has no top bar: Logout sits in the user menu, collapsed by default.
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${E2E.studioUrl}/`);
  await page.goBack().catch(() => undefined);
  await page.waitForLoadState('load');
  await expect(page.getByText('Welcome to Conversa Studio')).toHaveCount(0);
  await expect(page.getByText(E2E.users.editor.email)).toHaveCount(0);
  // Asked with the browser's cookies but outside the page: going back may land on the
  // provider's self-submitting logout page, whose own navigation would cut a page script short.
  expect((await page.request.get('/v1/conversa/auth/me')).status()).toBe(401);
});

test('the medtronic hint signs in through a second, independent provider', async ({ page }) => {
  await page.goto('/api/auth/login?idp=medtronic');
  await expect(page).toHaveURL(
    new RegExp(`^${E2E.upstreamUrl.replaceAll('.', '\\.')}/interaction/`),
  );
  await page.locator('input[name="login"]').fill('maria');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: /sign-in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await page.evaluate(() =>
    fetch('/v1/conversa/auth/me').then((response) => response.json() as Promise<{ email: string }>),
  );
  expect(me.email).toBe(E2E.users.medtronicMember.email);
});

test('with the provider session still open, the landing page signs in silently', async ({
  page,
  context,
}) => {
  await signInThroughProvider(page, E2E.users.viewer);
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).toContain(STUDIO_SESSION_COOKIE);
  expect(names.filter((name) => name !== STUDIO_SESSION_COOKIE).length).toBeGreaterThan(0);
  // The tab is closed first: an open studio page would notice the lost cookie and sign out.
  await page.goto('about:blank');
  // Only the studio's session ends; the provider's cookies stay.
  await context.clearCookies({ name: STUDIO_SESSION_COOKIE });
  // The hidden frame delays the landing page's load event, and the page may leave before it.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${E2E.studioUrl}/dashboard`);
  await expect(page.getByText('Welcome to Conversa Studio')).toBeVisible();
  const me = await page.evaluate(() =>
    fetch('/v1/conversa/auth/me').then((response) => response.json() as Promise<{ email: string }>),
  );
  expect(me.email).toBe(E2E.users.viewer.email);
});

test('without a provider session, the silent check leaves the landing page as it is', async ({
  page,
}) => {
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/auth/silent-check-done' &&
      new URL(response.url()).searchParams.get('result') === 'login-required',
  );
  await page.goto('/');
  await answered;
  await expect(page.getByText(CHECKING)).toHaveCount(0);
  await expect(page.locator('iframe[title="Single sign-on check"]')).toHaveCount(0);
  await expect(page).toHaveURL(`${E2E.studioUrl}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a silent check that never answers warns that automatic sign-in is unavailable', async ({
  page,
}) => {
  await makeSilentCheckNeverAnswer(page);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: CHECKING })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeEnabled();
  await keepScreenshot(page, { path: test.info().outputPath('silent-check-running.png') });
  const warning = page.getByRole('alert');
  await expect(warning).toHaveText(
    'Warning! Automatic sign-in is not available, probably because this browser blocks third-party cookies. Signing in with the Sign in button still works.',
    { timeout: 15_000 },
  );
  await expect(page.getByText(CHECKING)).toHaveCount(0);
  await keepScreenshot(page, { path: test.info().outputPath('silent-check-warning.png') });
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
});
