import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';

test('signing in through the provider page lands on the dashboard', async ({ page }) => {
  await signIn(page, E2E.users.viewer);
  await expect(page.getByText('Welcome to Conversa Studio')).toBeVisible();
});

test('a signed-out visit to /storyfiles lands on the landing page', async ({ page }) => {
  await page.goto('/storyfiles');
  await expect(page).toHaveURL(`${E2E.studioUrl}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('logout returns to / and the back button shows no studio data', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  await expect(page.getByText('Welcome to Conversa Studio')).toBeVisible();
  // /dashboard has no top bar: Logout sits in the user menu, collapsed by default.
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${E2E.studioUrl}/`);
  await page.goBack().catch(() => undefined);
  await page.waitForLoadState('load');
  await expect(page.getByText('Welcome to Conversa Studio')).toHaveCount(0);
  await expect(page.getByText(E2E.users.editor.email)).toHaveCount(0);
  expect(
    await page.evaluate(() => fetch('/v1/conversa/auth/me').then((response) => response.status)),
  ).toBe(401);
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
  expect(me.email).toBe('maria@medtronic.example');
});
