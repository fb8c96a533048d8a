import { expect, test, type Page } from '@playwright/test';
import { LAST_OWNER_MESSAGE, WHITELIST_REFUSED_MESSAGE } from '@conversa/contracts';
import { makeSuffix } from '../support/api';
import { signIn, signInInNewContext } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';

// One flow through account administration: invite, accept through the link with a new password,
// change the role, suspend (the open session is refused), the last owner cannot step down, and
// the audit tab lists it; axe on every screen on the way.
test('an owner invites a person, who joins; role change, suspension, last owner, audit', async ({
  page,
  browser,
}) => {
  const email = `new-${makeSuffix()}@e2e.test`;
  const password = 'joined-password-1';
  await signIn(page, E2E.users.owner);

  await page.goto('/account/organizations');
  await expect(page.getByRole('heading', { name: E2E.namespaces.plain.label })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto('/account/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite people' });
  await dialog.getByLabel('Email addresses').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: 'Content Creator' });
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  const linkBox = dialog.getByLabel(`Invitation link for ${email}`);
  await expect(linkBox).toBeVisible();
  const link = await linkBox.inputValue();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The invited person, in a browser of their own.
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto(link);
  await person.getByLabel('First name').fill('Nia');
  await person.getByLabel('Last name').fill('Newcomer');
  await person.getByLabel('Choose a password').fill(password);
  await person.getByRole('button', { name: 'Set password and join' }).click();
  await person.getByRole('link', { name: 'Sign in' }).click();
  await person.getByLabel('Email').fill(email);
  await person.getByLabel('Password').fill(password);
  await person.getByRole('button', { name: 'Sign in' }).click();
  await expect(person).toHaveURL(/\/dashboard$/);
  // Content Creator sees the Script Builder (edit role, spec §6 menu gating).
  await person.getByRole('button', { name: 'Script Library' }).click();
  await expect(person.getByRole('link', { name: 'Script Builder' })).toBeVisible();

  // The owner makes them a Viewer: after a refresh their menu has no Script Builder.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('Newcomer');
  await page.getByRole('searchbox', { name: 'Search users' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByLabel(/^Role of Nia Newcomer/).selectOption({ label: 'Viewer' });
  await expect(page.getByText('Role changed.')).toBeVisible();
  await person.reload();
  await person.getByRole('button', { name: 'Script Library' }).click();
  await expect(person.getByRole('link', { name: 'All Scripts' })).toBeVisible();
  await expect(person.getByRole('link', { name: 'Script Builder' })).toHaveCount(0);

  // Suspended: the open session is refused on its next request.
  await row.getByRole('button', { name: 'Suspend' }).click();
  await page
    .getByRole('dialog', { name: 'Suspend' })
    .getByRole('button', { name: 'Suspend' })
    .click();
  await expect(row.getByRole('cell', { name: 'Suspended' })).toBeVisible();
  await person.goto('/storyfiles');
  await expect(person).toHaveURL(/\/(\?.*)?$/);
  await context.close();

  // The last owner cannot demote themself.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('Otto');
  await page.getByRole('searchbox', { name: 'Search users' }).press('Enter');
  const ownRow = page.getByRole('row').filter({ hasText: E2E.users.owner.email });
  await ownRow.getByLabel(/^Role of Otto Owner/).selectOption({ label: 'Viewer' });
  await expect(page.getByText(LAST_OWNER_MESSAGE)).toBeVisible();

  // The audit tab lists it all.
  await page.getByRole('tab', { name: 'Audit' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('cell', { name: 'member.suspended' })).toBeVisible();
  await expect(audit.getByRole('cell', { name: 'member.role_changed' })).toBeVisible();
  await expect(audit.getByRole('cell', { name: 'invitation.accepted' })).toBeVisible();
  await expect(audit.getByRole('cell', { name: 'invitation.created' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(page.getByRole('table', { name: 'Invitations' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

// The account screens the flow above does not walk, each checked with axe.
test('teams, roles and the whitelist have no serious accessibility violations', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E.users.owner);
  await page.goto('/account/teams');
  await expect(page.getByRole('button', { name: 'Create team' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto('/account/roles');
  await expect(page.getByRole('heading', { name: 'Content Creator' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const whitelistOwner = await signInInNewContext(browser, E2E.users.ownerWithAttributes);
  await whitelistOwner.goto('/account/whitelist');
  await expect(whitelistOwner.getByLabel('Domain or email address')).toBeVisible();
  await expectNoSeriousAxeViolations(whitelistOwner);
  await whitelistOwner.context().close();
});

/** Signs in through the `medtronic` hint (the e2e upstream provider) as `<login>@medtronic.example`. */
async function signInThroughMedtronic(page: Page, login: string): Promise<void> {
  await page.goto('/api/auth/login?idp=medtronic');
  await expect(page).toHaveURL(
    new RegExp(`^${E2E.upstreamUrl.replaceAll('.', '\\.')}/interaction/`),
  );
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: /sign-in/i }).click();
}

// The whitelist: a listed address signs in through the medtronic hint and joins the organization
// with its default role; another address of the same provider is refused on a clear page.
test('a whitelisted person joins through the medtronic hint; one not on the list is refused', async ({
  browser,
}) => {
  const suffix = makeSuffix();
  const admitted = `wanda-${suffix}`;
  const refused = `otto-${suffix}`;
  const owner = await signInInNewContext(browser, E2E.users.ownerWithAttributes);
  await owner.goto('/account/whitelist');
  await owner.getByLabel('Domain or email address').fill(`${admitted}@medtronic.example`);
  await owner.getByRole('button', { name: 'Add', exact: true }).click();
  const list = owner.getByRole('list', { name: 'Whitelist' });
  await expect(list.getByText(`${admitted}@medtronic.example`)).toBeVisible();
  try {
    const joinerContext = await browser.newContext();
    const joiner = await joinerContext.newPage();
    await signInThroughMedtronic(joiner, admitted);
    await expect(joiner).toHaveURL(/\/dashboard$/);
    const me = await joiner.evaluate(() =>
      fetch('/v1/conversa/auth/me').then(
        (response) =>
          response.json() as Promise<{ email: string; namespaces: { label: string }[] }>,
      ),
    );
    expect(me.email).toBe(`${admitted}@medtronic.example`);
    expect(me.namespaces.map((namespace) => namespace.label)).toContain(E2E.namespaces.full.label);
    await joinerContext.close();

    const refusedContext = await browser.newContext();
    const outsider = await refusedContext.newPage();
    await signInThroughMedtronic(outsider, refused);
    await expect(outsider.getByText(WHITELIST_REFUSED_MESSAGE)).toBeVisible();
    await expect(outsider).not.toHaveURL(/\/dashboard/);
    await refusedContext.close();

    // The owner sees the admission on the audit tab.
    await owner.goto('/account/users?tab=audit');
    await expect(
      owner
        .getByRole('table', { name: 'Audit log' })
        .getByRole('row')
        .filter({ hasText: `${admitted}@medtronic.example` })
        .getByRole('cell', { name: 'whitelist.admitted' }),
    ).toBeVisible();
  } finally {
    // Other files sign in through the same hint: leave no single-address list that refuses them.
    await owner.goto('/account/whitelist');
    await owner.getByRole('button', { name: `Remove ${admitted}@medtronic.example` }).click();
    await expect(owner.getByText(`${admitted}@medtronic.example`)).toHaveCount(0);
    await owner.context().close();
  }
});
