import { expect, test } from '@playwright/test';
import { signInThroughProvider } from '../support/auth';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/issue-44';

// Issue 44, item 9: /dashboard has no top bar (spec), so its Logout is the user menu's, at the
// foot of the left menu, and behind "Open menu" on a phone.
test('Logout is reachable on /dashboard, at 1440 px and on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughProvider(page, E2E.users.owner);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The New storyfile dialog keeps its buttons on one row, at both widths (item 32).
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/storyfiles');
    await page.getByRole('button', { name: 'New storyfile' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New storyfile' });
    const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
    const create = await dialog.getByRole('button', { name: 'Create storyfile' }).boundingBox();
    expect(Math.abs(cancel!.y - create!.y)).toBeLessThan(2);
    await keepScreenshot(page, { path: `${SCREENSHOTS}/new-storyfile-${width}.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }

  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${E2E.studioUrl}/`);
});
