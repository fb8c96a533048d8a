import { expect, test } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn, signInInNewContext } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/storyfiles';

test('an editor creates a storyfile from a template and lands on its script', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  await page.goto('/storyfiles');
  await expect(page.getByRole('heading', { name: 'StoryFiles', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New storyfile' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'New storyfile' });
  const name = `Grandma Rose ${makeSuffix()}`;
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByText('This name is available.')).toBeVisible();
  const scriptSelect = dialog.getByLabel('Start from a script');
  const template = dialog.locator('option', { hasText: '· template' }).first();
  await expect(template).toBeAttached();
  await scriptSelect.selectOption((await template.getAttribute('value')) ?? '');
  await keepScreenshot(page, { path: `${SCREENSHOTS}/create-dialog.png` });
  await dialog.getByRole('button', { name: 'Create storyfile' }).click();

  await expect(page).toHaveURL(/\/storyfiles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The breadcrumb names the storyfile, not its id.
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
  const topics = page.getByRole('list', { name: 'Topics' }).locator(':scope > li');
  expect(await topics.count()).toBeGreaterThan(0);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/detail-script.png`, fullPage: true });

  // The footer hides on the record and interact tabs (spec §2).
  await page.getByRole('tab', { name: 'Record' }).click();
  await expect(page).toHaveURL(/tab=record/);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Script' }).click();
  await expect(page.getByRole('contentinfo')).toHaveCount(1);

  // Opened storyfiles show on the dashboard.
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Recent storyfiles' })).toContainText(name);
});

test('a platform admin who belongs to no namespace creates a storyfile in any of them', async ({
  page,
}) => {
  await signIn(page, E2E.users.admin);
  await page.goto('/storyfiles');
  await page.getByRole('button', { name: 'New storyfile' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New storyfile' });
  await dialog.getByLabel('Namespace').selectOption({ label: E2E.namespaces.full.label });
  const name = `Admin made ${makeSuffix()}`;
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await expect(dialog.getByText('This name is available.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create storyfile' }).click();
  await expect(page).toHaveURL(/\/storyfiles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(E2E.namespaces.full.label).first()).toBeVisible();
});

test('renaming to a taken name shows the message and cannot be saved', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  const taken = await seedStoryfile(page, `Taken ${makeSuffix()}`);
  const other = await seedStoryfile(page, `Other ${makeSuffix()}`);
  await page.goto(`/storyfiles/${other.id}?tab=settings`);
  const nameField = page.getByLabel('Name', { exact: true });
  await nameField.fill(taken.name);
  await expect(
    page.getByText(`A storyfile named "${taken.name}" already exists in this namespace.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  await keepScreenshot(page, { path: `${SCREENSHOTS}/settings-taken.png`, fullPage: true });

  await nameField.fill(`${other.name} renamed`);
  await expect(page.getByText('This name is available.')).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByRole('heading', { name: `${other.name} renamed`, level: 1 }),
  ).toBeVisible();
});

test('a quoted phrase finds only the storyfile with those words together', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  const token = makeSuffix();
  await seedStoryfile(page, `Ocean Breeze ${token}`);
  await seedStoryfile(page, `Breeze over the Ocean ${token}`);
  await page.goto('/storyfiles');
  const box = page.getByRole('searchbox', { name: 'Search storyfiles' });
  await box.fill(`"ocean breeze" ${token}`);
  await box.press('Enter');
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('link', { name: `Ocean Breeze ${token}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Breeze over the Ocean ${token}` })).toHaveCount(0);
  await expect(page.getByText('1 storyfile', { exact: true })).toBeVisible();
  await keepScreenshot(page, { path: `${SCREENSHOTS}/list-search.png` });
});

test('page 2 of a search survives a reload', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  const token = makeSuffix();
  for (const letter of ['A', 'B', 'C']) {
    await seedStoryfile(page, `${letter} paging ${token}`);
  }
  await page.goto(`/storyfiles?search=${token}`);
  await expect(page.getByRole('link', { name: `C paging ${token}` })).toBeVisible();
  // Out of range, Enter answers with the spec's message (spec §5), not the browser's own.
  await page.getByLabel('Rows per page').fill('101');
  await page.getByLabel('Rows per page').press('Enter');
  await expect(
    page.getByText('We cannot show less than 1 or more than 100 items per page.'),
  ).toBeVisible();
  // Rows per page is kept in local storage for every list (spec §3, §9).
  await page.getByLabel('Rows per page').fill('2');
  await page.getByLabel('Rows per page').press('Enter');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('link', { name: `C paging ${token}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('link', { name: `C paging ${token}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: `C paging ${token}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `A paging ${token}` })).toHaveCount(0);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  // The list/grid choice is kept in local storage across reloads.
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table')).toContainText(`C paging ${token}`);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/list-table.png` });
  await page.getByRole('button', { name: 'Grid view' }).click();
  await page.goBack();
  await expect(page.getByRole('link', { name: `A paging ${token}` })).toBeVisible();
});

test('a question moved with the keyboard keeps its place after a reload', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedStoryfile(page, `Reorder ${makeSuffix()}`);
  const topicResponse = await page.request.post(`/v1/conversa/storyfiles/${storyfile.id}/topics`, {
    headers: WRITE_HEADERS,
    data: { name: 'Childhood' },
  });
  const topic = (await topicResponse.json()) as { id: string };
  for (const text of ['Where were you born?', 'What was your first job?', 'Who inspired you?']) {
    const response = await page.request.post(`/v1/conversa/storyfiles/${storyfile.id}/questions`, {
      headers: WRITE_HEADERS,
      data: { topicId: topic.id, text },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/storyfiles/${storyfile.id}`);
  const questions = page.getByRole('list', { name: 'Questions of Childhood' });
  const read = () => questions.getByRole('button', { name: /^Question: / }).allTextContents();
  await expect
    .poll(read)
    .toEqual(['Where were you born?', 'What was your first job?', 'Who inspired you?']);
  const handle = page.getByRole('button', { name: 'Reorder question: Where were you born?' });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect
    .poll(read)
    .toEqual(['What was your first job?', 'Who inspired you?', 'Where were you born?']);
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect
    .poll(read)
    .toEqual(['What was your first job?', 'Who inspired you?', 'Where were you born?']);
});

test('a viewer sees no create or edit controls and the API refuses a change', async ({
  page,
  browser,
}) => {
  const editor = await signInInNewContext(browser, E2E.users.editor);
  const storyfile = await seedStoryfile(editor, `Viewer check ${makeSuffix()}`);
  await editor.request.post(`/v1/conversa/storyfiles/${storyfile.id}/topics`, {
    headers: WRITE_HEADERS,
    data: { name: 'Career' },
  });
  await editor.context().close();

  await signIn(page, E2E.users.viewer);
  // The list sorts by name, 30 to a page: by the time this runs, the run's other storyfiles may
  // push this one off page 1, so the viewer finds it the way a person would, by searching.
  await page.goto(`/storyfiles?search=${encodeURIComponent(storyfile.name)}`);
  await expect(page.getByRole('heading', { name: 'StoryFiles', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: storyfile.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New storyfile' })).toHaveCount(0);

  await page.goto(`/storyfiles/${storyfile.id}`);
  await expect(page.getByRole('heading', { name: storyfile.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Career')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply a script' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add topic' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Topic name/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete storyfile' })).toHaveCount(0);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/viewer-settings.png`, fullPage: true });

  const refused = await page.request.patch(`/v1/conversa/storyfiles/${storyfile.id}`, {
    headers: WRITE_HEADERS,
    data: { name: `${storyfile.name} hacked` },
  });
  expect(refused.status()).toBe(403);
});

test('deleting a storyfile asks first and Undo restores it for an owner', async ({ page }) => {
  await signIn(page, E2E.users.owner);
  const storyfile = await seedStoryfile(page, `Undo me ${makeSuffix()}`);
  await page.goto(`/storyfiles/${storyfile.id}?tab=settings`);
  await page.getByRole('button', { name: 'Delete storyfile' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this storyfile?' });
  await confirm.getByRole('button', { name: 'Delete storyfile' }).click();
  await expect(page).toHaveURL(/\/storyfiles$/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('heading', { name: storyfile.name, level: 1 })).toBeVisible();

  // Deleted again: an owner finds it with "Show deleted" and restores it from its page.
  const deleted = await page.request.delete(`/v1/conversa/storyfiles/${storyfile.id}`, {
    headers: WRITE_HEADERS,
  });
  expect(deleted.ok()).toBe(true);
  await page.goto(`/storyfiles?search=${encodeURIComponent(storyfile.name)}`);
  await expect(page.getByText('No storyfiles match')).toBeVisible();
  await page.getByLabel('Show deleted').click();
  await expect(page).toHaveURL(/includeDeleted=true/);
  await page.getByRole('link', { name: `${storyfile.name} - Deleted` }).click();
  await expect(page.getByText('This storyfile is deleted.')).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('heading', { name: storyfile.name, level: 1 })).toBeVisible();
});

test('the list and a storyfile have no serious accessibility violation', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedStoryfile(page, `Accessible ${makeSuffix()}`);
  const topic = await page.request.post(`/v1/conversa/storyfiles/${storyfile.id}/topics`, {
    headers: WRITE_HEADERS,
    data: { name: 'Family' },
  });
  const { id: topicId } = (await topic.json()) as { id: string };
  await page.request.post(`/v1/conversa/storyfiles/${storyfile.id}/questions`, {
    headers: WRITE_HEADERS,
    data: { topicId, text: 'Tell me about your family.' },
  });
  await page.goto(`/storyfiles?search=${encodeURIComponent(storyfile.name)}`);
  await expect(page.getByRole('link', { name: storyfile.name })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto(`/storyfiles/${storyfile.id}`);
  await expect(page.getByRole('list', { name: 'Questions of Family' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
