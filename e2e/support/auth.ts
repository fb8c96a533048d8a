import { expect, type Browser, type Page } from '@playwright/test';

/** Signs in through the studio's identity provider page, as a person does. */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A page of a fresh browser context (its own cookies), signed in as `account`. */
export async function signInInNewContext(
  browser: Browser,
  account: { email: string; password: string },
): Promise<Page> {
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
