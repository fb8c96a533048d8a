import { expect, test, type Browser, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';

// Issue 68, item 14: an activity, a promo code's expiry and a featured window all in 2020 were
// saved without a word (born "Late", "Expired", "Ended"), and a published storyfile with no
// questions went into the app and was featured. Each now asks first: the person goes back, or
// saves anyway. On a desktop and on a phone.

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function openAs(
  browser: Browser,
  account: { email: string; password: string },
  size: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

for (const viewport of VIEWPORTS) {
  const size = { width: viewport.width, height: viewport.height };

  test(`a promo code expiring in 2020 is questioned before it is created (${viewport.name})`, async ({
    browser,
  }) => {
    const page = await openAs(browser, E2E.users.admin, size);
    const code = `PAST-${makeSuffix()}`.toUpperCase();
    await page.goto('/promo_codes/clients');
    await page.getByRole('button', { name: 'New promo code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New promo code' });
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Expires after (optional)').fill('2020-03-01');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    const warning = dialog.getByRole('alertdialog', { name: 'Before saving' });
    await expect(warning).toContainText(
      'The expiry date, 3/1/2020, has passed: the code is "Expired" from the start and nobody can redeem it.',
    );
    await warning.getByRole('button', { name: 'Go back' }).click();
    await expect(warning).toBeHidden();
    await expect(page.getByRole('listitem', { name: `Promo code ${code}` })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await warning.getByRole('button', { name: 'Create anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('listitem', { name: `Promo code ${code}` })).toContainText(
      'Expired',
    );
    await page.context().close();
  });

  test(`an empty storyfile in the app and a featured window ended in 2020 are questioned (${viewport.name})`, async ({
    browser,
  }) => {
    const owner = await openAs(browser, E2E.users.owner, size);
    const name = `Empty ${makeSuffix()}`;
    const storyfile = await seedStoryfile(owner, name);
    const published = await owner.request.post(`/v1/conversa/storyfiles/${storyfile.id}/publish`, {
      headers: WRITE_HEADERS,
      data: {},
    });
    expect(published.status(), await published.text()).toBe(200);
    await owner.context().close();

    const page = await openAs(browser, E2E.users.admin, size);
    await page.goto(`/mobile/storyfiles?search=${encodeURIComponent(name)}&searchOptions=name`);
    const inApp = page.getByRole('switch', { name: `In the app: ${name}` });
    await inApp.click();
    const confirm = page.getByRole('dialog', { name: 'Put in the app' });
    await expect(confirm).toContainText(
      `${name} has no questions: in the app it can only answer with its fallback clip.`,
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(inApp).toHaveAttribute('aria-checked', 'false');
    await inApp.click();
    await confirm.getByRole('button', { name: 'Put in the app anyway' }).click();
    await expect(inApp).toHaveAttribute('aria-checked', 'true');

    await page.goto('/storyfiles/featured');
    await page.getByRole('button', { name: 'Feature a storyfile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feature a storyfile' });
    await dialog
      .getByLabel('Storyfile')
      .selectOption({ label: `${name} (${E2E.namespaces.plain.label})` });
    await dialog.getByLabel('End date').fill('2020-03-01');
    await dialog.getByRole('button', { name: 'Feature', exact: true }).click();
    const warning = dialog.getByRole('alertdialog', { name: 'Before saving' });
    await expect(warning).toContainText(`${name} has no questions`);
    await expect(warning).toContainText(
      'The end date, 3/1/2020, has passed: the entry is "Ended" from the start and the app does not show it.',
    );
    await warning.getByRole('button', { name: 'Go back' }).click();
    await expect(dialog.getByRole('button', { name: 'Feature', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Feature', exact: true }).click();
    await warning.getByRole('button', { name: 'Feature anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${name} is featured.`)).toBeVisible();
    await page.context().close();
  });

  test(`an activity due in 2020 is questioned before it is created (${viewport.name})`, async ({
    browser,
  }) => {
    const page = await openAs(browser, E2E.users.ownerWithLearning, size);
    const storyfile = await seedStoryfile(
      page,
      `Learning ${makeSuffix()}`,
      [{ name: 'Work', questions: ['What do you do?'] }],
      E2E.namespaces.learningOnly.label,
    );
    const title = `Past due ${makeSuffix()}`;
    await page.goto('/learning');
    await page.getByRole('button', { name: 'New activity' }).click();
    const form = page.getByRole('dialog', { name: 'New activity' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('checkbox', { name: storyfile.name }).check();
    await form.getByLabel('Due').fill('2020-03-01T10:00');
    await form.getByRole('button', { name: 'Create activity' }).click();
    const warning = form.getByRole('alertdialog', { name: 'Before saving' });
    await expect(warning).toContainText(
      'The due date, 3/1/2020, 10:00 AM, has passed: every student starts out "Late".',
    );
    await warning.getByRole('button', { name: 'Go back' }).click();
    await expect(form.getByRole('button', { name: 'Create activity' })).toBeVisible();
    await form.getByRole('button', { name: 'Create activity' }).click();
    await warning.getByRole('button', { name: 'Save anyway' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.context().close();
  });
}
