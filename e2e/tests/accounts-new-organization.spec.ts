import { expect, test, type Browser } from '@playwright/test';
import { LAST_OWNER_MESSAGE } from '@conversa/contracts';
import { makeSuffix } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';

// Issue 68: a platform admin made an organization and invited people, who accepted; it showed 0
// members and every change was refused for want of an "Admin". Now its creator is its Admin, the
// invitation goes to the organization in use, a second invitation to the same address says it
// replaced the first, and its people can be managed: on a desktop and on a phone.

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function acceptAsNewPerson(browser: Browser, link: string, email: string) {
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto(link);
  await person.getByLabel('First name').fill('Vic');
  await person.getByLabel('Last name').fill('Viewer');
  await person.getByLabel('Choose a password').fill('joined-password-1');
  await person.getByRole('button', { name: 'Set password and join' }).click();
  await expect(person.getByText(email)).toBeVisible();
  await context.close();
}

for (const viewport of VIEWPORTS) {
  test(`a new organization has its creator as Admin and its people can be managed (${viewport.name})`, async ({
    browser,
  }) => {
    const suffix = makeSuffix();
    const label = `Fresh ${suffix}`;
    const email = `vic-${suffix}@e2e.test`;
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    await signIn(page, E2E.users.admin);

    await page.goto('/account/organizations');
    await page.getByRole('button', { name: 'New organization' }).click();
    const create = page.getByRole('dialog', { name: 'New organization' });
    await expect(create.getByText('You become its Admin')).toBeVisible();
    await create.getByLabel('Name').fill(label);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Organization created.')).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: label }) });
    await expect(card.getByRole('definition').first()).toHaveText('1');

    // Its Members link opens Users on it, and Invite people invites into it.
    await card.getByRole('link', { name: `Members of ${label}` }).click();
    await expect(page).toHaveURL(/\/account\/users\?organizationId=/);
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row').filter({ hasText: E2E.users.admin.email })).toHaveCount(1);
    await page.getByRole('button', { name: 'Invite people' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people' });
    await expect(dialog.getByLabel('Organization').locator('option:checked')).toHaveText(label);
    await dialog.getByLabel('Email addresses').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: 'Content Creator' });
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await expect(dialog.getByLabel(`Invitation link for ${email}`)).toBeVisible();
    await expect(dialog.getByText('was replaced')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Invited again with another role: told the earlier invitation, and its role, was replaced.
    await page.getByRole('button', { name: 'Invite people' }).click();
    await dialog.getByLabel('Email addresses').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: 'Viewer' });
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await expect(
      dialog.getByText(
        `The earlier invitation of ${email} as "Content Creator" was replaced by this one; its link no longer works.`,
      ),
    ).toBeVisible();
    const link = await dialog.getByLabel(`Invitation link for ${email}`).inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await acceptAsNewPerson(browser, link, email);

    await page.reload();
    const row = users.getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
    await row.getByLabel(/^Role of Vic Viewer/).selectOption({ label: 'Content Creator' });
    await expect(page.getByText('Role changed.')).toBeVisible();
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(page.getByText('Removed from the organization.')).toBeVisible();
    await expect(page.getByText(LAST_OWNER_MESSAGE)).toHaveCount(0);
    await context.close();
  });
}
