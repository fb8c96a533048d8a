import { expect, test } from '@playwright/test';
import { formatTrialEndedMessage, type PromoClient } from '@conversa/contracts';
import { makeSuffix, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';

// Issue 19, promo codes: an admin creates a code; a signed-out person redeems it on /signup,
// verifies through the link the admin's client row shows (no mail server in e2e), signs in, lands
// on the dashboard and creates a storyfile; the admin extends the trial, then ends it, and the
// client's next create is refused with the trial's message. axe on every screen on the way.
test('a promo code opens a free trial that an admin extends and ends', async ({
  page,
  browser,
}) => {
  // Two people, eight axe runs and a dozen screens on a shared machine.
  test.setTimeout(240_000);
  const code = `TRIAL-${makeSuffix()}`.toUpperCase();
  const email = `trial-${makeSuffix()}@e2e.test`;
  const password = 'trial-password-1';

  await signIn(page, E2E.users.admin);
  await page.goto('/promo_codes/clients');
  await expect(page.getByRole('heading', { name: 'Codes', level: 2 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'New promo code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  await expect(dialog.getByLabel('Code')).toBeFocused();
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Storyfile limit').fill('2');
  await dialog.getByLabel('Maximum redemptions').fill('5');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem', { name: `Promo code ${code}` });
  await expect(card).toContainText('conversa-studio-free-trial');
  await expect(card.getByText('Remaining uses')).toBeVisible();
  await expect(card).toContainText('5');

  // A signed-out person, in a browser of their own.
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto(`/signup?code=${encodeURIComponent(code)}`);
  await expect(person.getByRole('heading', { name: 'Start your free trial' })).toBeVisible();
  await expect(person.getByLabel('Promo code')).toHaveValue(code);
  await expectNoSeriousAxeViolations(person);
  await person.getByLabel('Your name').fill('Tess Trial');
  await person.getByLabel('Email').fill(email);
  await person.getByLabel('Choose a password').fill(password);
  await person.getByRole('button', { name: 'Start free trial' }).click();
  await expect(person.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expectNoSeriousAxeViolations(person);

  // No mail server here: the admin sees the link on the client row.
  await page.reload();
  const client = page.getByRole('listitem', { name: "Client Tess Trial's organization" });
  await expect(client).toContainText(email);
  await expect(client).toContainText('Trial');
  const link = await client.getByLabel(`Verification link for ${email}`).inputValue();
  await expectNoSeriousAxeViolations(page);

  // The link opens a page whose button verifies (a mail scanner's prefetch verifies nothing).
  await person.goto(link);
  await expect(person.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const verify = person.getByRole('button', { name: 'Verify my email' });
  await expect(verify).toBeFocused();
  await expectNoSeriousAxeViolations(person);
  await verify.click();
  await expect(person.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await person.getByRole('link', { name: 'Sign in' }).click();
  await person.getByLabel('Email').fill(email);
  await person.getByLabel('Password').fill(password);
  await person.getByRole('button', { name: 'Sign in' }).click();
  await expect(person).toHaveURL(/\/dashboard$/);

  const createStoryfile = async (name: string) => {
    await person.goto('/storyfiles');
    await person.getByRole('button', { name: 'New storyfile' }).first().click();
    const create = person.getByRole('dialog', { name: 'New storyfile' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create storyfile' }).click();
    return create;
  };
  await createStoryfile(`Trial story ${makeSuffix()}`);
  await expect(person).toHaveURL(/\/storyfiles\/[0-9a-f-]{36}$/);

  // The admin sees the client's usage, extends the trial, then ends it.
  await page.reload();
  await expect(client).toContainText('1 of 2');
  await client.getByRole('button', { name: 'Extend trial', exact: true }).click();
  const extend = page.getByRole('dialog', { name: 'Extend trial' });
  await extend.getByLabel('Days to add').fill('7');
  await expectNoSeriousAxeViolations(page);
  await extend.getByRole('button', { name: 'Extend trial' }).click();
  await expect(extend).toBeHidden();
  await expect(page.getByText(/the trial now ends/)).toBeVisible();
  await client.getByRole('button', { name: 'End trial', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'End trial now' })
    .getByRole('button', { name: 'End trial' })
    .click();
  await expect(client.getByText('Expired', { exact: true })).toBeVisible();

  const clients = await page.request.get('/v1/conversa/promo-codes/clients', {
    headers: WRITE_HEADERS,
  });
  const ended = ((await clients.json()) as { items: PromoClient[] }).items.find(
    (item) => item.ownerEmail === email,
  )!;
  const refused = await createStoryfile(`After the trial ${makeSuffix()}`);
  await expect(
    refused.getByText(formatTrialEndedMessage(new Date(ended.trialEndsAt))),
  ).toBeVisible();
  await expect(person).toHaveURL(/\/storyfiles$/);
  await context.close();
});
