import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEFAULT_TRIAL_DAYS, ORGANIZATION_NAME_TAKEN_MESSAGE } from '@conversa/contracts';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { findLayoutProblems } from '../support/layout';

// Issue 68, item 15: forms and tables an organization admin, a teacher and a curator met, on a
// desktop and on a phone. Each check names the problem it was filed with.

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** WCAG 2.2 AA, 2.5.8 Target Size (Minimum). */
const MIN_TARGET = 24;

async function openAs(
  browser: Browser,
  account: { email: string; password: string },
  size: {
    width: number;
    height: number;
  },
): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

async function expectTargetSize(target: Locator, name: string) {
  const box = await target.boundingBox();
  expect(box, name).not.toBeNull();
  expect(Math.round(box!.width), `${name}: width`).toBeGreaterThanOrEqual(MIN_TARGET);
  expect(Math.round(box!.height), `${name}: height`).toBeGreaterThanOrEqual(MIN_TARGET);
}

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: WRITE_HEADERS, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

for (const viewport of VIEWPORTS) {
  const size = { width: viewport.width, height: viewport.height };

  test(`promo codes: Cancel forgets the invalid values, a long note stays short, Active is a 24 px target (${viewport.name})`, async ({
    browser,
  }) => {
    const page = await openAs(browser, E2E.users.admin, size);
    const code = `NOTE-${makeSuffix()}`.toUpperCase();
    await post(page, '/v1/conversa/promo-codes', {
      code,
      description: `${'A long note for admins '.repeat(21)}ends here.`,
    });
    await page.goto('/promo_codes/clients');
    await page.getByRole('button', { name: 'New promo code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New promo code' });
    await dialog.getByLabel('Code').fill('!!');
    await dialog.getByLabel('Trial length (days)').fill('0');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'New promo code' }).click();
    await expect(dialog.getByLabel('Code')).toHaveValue('');
    await expect(dialog.getByLabel('Trial length (days)')).toHaveValue(String(DEFAULT_TRIAL_DAYS));
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The 500-character note takes a few lines until the person asks for all of it.
    const card = page.getByRole('listitem', { name: `Promo code ${code}` });
    const note = card.getByText('A long note for admins', { exact: false });
    expect((await note.boundingBox())!.height).toBeLessThanOrEqual(72);
    await card.getByRole('button', { name: 'Show the whole note' }).click();
    await expect(note).toContainText('ends here.');
    expect((await note.boundingBox())!.height).toBeGreaterThan(72);
    await card.getByRole('button', { name: 'Show less of the note' }).click();

    await expectTargetSize(card.getByRole('switch', { name: 'Active' }), 'Active');
    for (const name of [
      'Support',
      'Give Feedback',
      'Report a Bug',
      /Privacy Policy/,
      /Terms of Service/,
    ]) {
      await expectTargetSize(
        page.getByRole('contentinfo').getByRole(typeof name === 'string' ? 'button' : 'link', {
          name,
        }),
        `footer ${String(name)}`,
      );
    }
    await page.context().close();
  });

  test(`accounts: the audit table reads, a taken name is said once, the Users actions show (${viewport.name})`, async ({
    browser,
  }) => {
    const page = await openAs(browser, E2E.users.admin, size);
    const label = `Audit ${makeSuffix()}`;
    const organization = await post<{ id: string }>(page, '/v1/conversa/organizations', { label });
    await post(page, `/v1/conversa/organizations/${organization.id}/invitations`, {
      emails: [`reader-${makeSuffix()}@e2e.test`],
      scope: 'read:ns',
    });

    // The audit table: WHO and WHAT keep their words, roles read as names (fixed columns, so the
    // same with every organization listed).
    await page.goto('/account/users?tab=audit');
    const audit = page.getByRole('table', { name: 'Audit log' });
    await expect(audit).toBeVisible();
    for (const name of ['Who', 'What']) {
      const header = audit.getByRole('columnheader', { name, exact: true });
      expect((await header.boundingBox())!.width, name).toBeGreaterThanOrEqual(120);
    }
    // This organization's rows only: other flows write theirs beside it.
    await page.getByLabel('Organization').selectOption({ label });
    const row = audit.getByRole('row').filter({ hasText: 'invitation.created' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('scope: Viewer');
    await expect(audit).not.toContainText('read:ns');
    await expect(audit).not.toContainText('owner:ns');
    for (const cell of [row.getByRole('cell').nth(1), row.getByRole('cell').nth(2)]) {
      expect((await cell.boundingBox())!.width).toBeGreaterThanOrEqual(120);
    }
    expect(await findLayoutProblems(page)).toEqual([]);

    // A name already taken, sent before its check came back: one message, not two.
    await page.goto('/account/organizations');
    await page.getByRole('button', { name: 'New organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'New organization' });
    await dialog.getByLabel('Name').fill(label);
    await dialog.getByLabel('Name').press('Enter');
    await expect(dialog.getByText(ORGANIZATION_NAME_TAKEN_MESSAGE).first()).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(dialog.getByText(ORGANIZATION_NAME_TAKEN_MESSAGE)).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    if (viewport.name === 'desktop') {
      // At 1366 px every action of a row shows whole, with no sideways scrolling.
      await page.goto('/account/users');
      const users = page.getByRole('table', { name: 'Users' });
      const adminRow = users.getByRole('row').filter({ hasText: E2E.users.admin.email }).first();
      await expect(adminRow).toBeVisible();
      const scroller = await users.evaluate((table) => {
        const box = table.parentElement!;
        return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
      });
      expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
      const tableBox = (await users.boundingBox())!;
      for (const button of await adminRow.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(
          tableBox.x + tableBox.width + 0.5,
        );
      }
    }
    await page.context().close();
  });

  test(`ink: the starter template's comment carries no label, outline buttons are 24 px targets (${viewport.name})`, async ({
    browser,
  }) => {
    const page = await openAs(browser, E2E.users.owner, size);
    const storyfile = await seedStoryfile(page, `Ink starter ${makeSuffix()}`);
    await page.goto(`/training/ink_story?storyfileId=${storyfile.id}`);
    const source = page.getByRole('textbox', { name: 'Ink source' });
    await expect(source).toBeVisible({ timeout: 30_000 });
    await expect(source).toContainText('# answer: <question id>');
    await expect(page.getByText('(no question of this storyfile)')).toHaveCount(0);
    const outline = page.getByRole('navigation', { name: 'Outline' });
    for (const name of ['childhood', 'career']) {
      await expectTargetSize(outline.getByRole('button', { name }), `outline ${name}`);
    }
    await page.context().close();
  });
}
