import { expect, test, type Page } from '@playwright/test';
import { getNamespaceId, makeSuffix, WRITE_HEADERS } from '../support/api';
import { signIn, signInInNewContext } from '../support/auth';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: WRITE_HEADERS, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

type SeededScript = { id: string; name: string; topics: { id: string; name: string }[] };

/** A script in acme with one topic holding the given questions, created through the API. */
async function seedScript(page: Page, questions: string[]): Promise<SeededScript> {
  const namespaceId = await getNamespaceId(page, E2E.namespaces.plain.label);
  return post<SeededScript>(page, '/v1/conversa/scripts', {
    namespaceId,
    name: `Builder script ${makeSuffix()}`,
    topics: [{ name: 'Childhood', questions: questions.map((text) => ({ text })) }],
  });
}

async function readScriptQuestions(page: Page): Promise<string[]> {
  return page.getByTestId('script-question').locator('span.flex-1').allTextContents();
}

test.describe('Script Builder', () => {
  test('a question moved with the keyboard keeps its place after a reload', async ({ page }) => {
    await signIn(page, E2E.users.editor);
    const script = await seedScript(page, [
      'Where were you born?',
      'What was your first job?',
      'Who inspired you?',
    ]);

    await page.goto(`/topics/builder?script=${script.id}`);
    await expect(page.getByRole('heading', { name: 'Script Builder', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: script.name })).toBeVisible();
    await expect
      .poll(() => readScriptQuestions(page))
      .toEqual(['Where were you born?', 'What was your first job?', 'Who inspired you?']);

    const handle = page.getByRole('button', {
      name: 'Move question Where were you born?',
      exact: true,
    });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');

    const moved = ['What was your first job?', 'Where were you born?', 'Who inspired you?'];
    await expect.poll(() => readScriptQuestions(page)).toEqual(moved);
    await expect(page.getByText('All changes saved')).toBeVisible();
    await keepScreenshot(page, { path: '/tmp/lib-shots/library-builder.png', fullPage: true });

    await page.reload();
    await expect.poll(() => readScriptQuestions(page)).toEqual(moved);

    await page.getByRole('button', { name: `Rename script ${script.name}` }).click();
    const rename = page.getByRole('textbox', { name: `Rename script ${script.name}` });
    await rename.fill(`${script.name} renamed`);
    await rename.press('Enter');
    await expect(
      page.getByRole('button', { name: `Rename script ${script.name} renamed` }),
    ).toBeVisible();
  });

  test('a library question dragged with the mouse joins the script', async ({ page }) => {
    // Tall enough that the drop point stays out of the drag library's auto-scroll band at the
    // window's bottom edge: a scroll mid-drag moves the list away from the scripted pointer.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, E2E.users.editor);
    const namespaceId = await getNamespaceId(page, E2E.namespaces.plain.label);
    const topicName = `Family ${makeSuffix()}`;
    const topic = await post<{ id: string }>(page, '/v1/conversa/topics', {
      namespaceId,
      name: topicName,
    });
    await post(page, '/v1/conversa/questions', {
      topicId: topic.id,
      text: 'Tell me about your parents.',
    });
    const script = await seedScript(page, ['Where were you born?']);

    await page.goto(`/topics/builder?script=${script.id}`);
    await page.getByLabel('Search the question library').fill(topicName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Scoped to this topic's panel: other topics may hold the same question.
    const source = page.locator(`#library-topic-panel-${topic.id}`).getByRole('button', {
      name: 'Drag library question Tell me about your parents.',
    });
    await expect(source).toBeVisible();
    const target = page.getByRole('list', { name: 'Questions of Childhood' });
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // The library needs a few small moves before it starts a drag.
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(
        from.x + ((to.x + to.width / 2 - from.x) * step) / 10,
        from.y + ((to.y + to.height - 4 - from.y) * step) / 10,
      );
    }
    await page.mouse.up();

    await expect
      .poll(() => readScriptQuestions(page))
      .toEqual(['Where were you born?', 'Tell me about your parents.']);
    await expect(page.getByText('All changes saved')).toBeVisible();
    await keepScreenshot(page, {
      path: '/tmp/lib-shots/library-builder-mouse.png',
      fullPage: true,
    });
    await page.reload();
    await expect
      .poll(() => readScriptQuestions(page))
      .toEqual(['Where were you born?', 'Tell me about your parents.']);
  });
});

test.describe('All Scripts', () => {
  test('an editor previews a template, duplicates it and applies it to a storyfile', async ({
    page,
  }) => {
    await signIn(page, E2E.users.editor);
    const namespaceId = await getNamespaceId(page, E2E.namespaces.plain.label);
    const storyfileName = `Apply target ${makeSuffix()}`;
    await post(page, '/v1/conversa/storyfiles', { namespaceId, name: storyfileName });

    await page.goto('/topics/templates?kind=shipped');
    await expect(page.getByRole('heading', { name: 'All Scripts', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Preview Company Onboarding' }).click();
    const preview = page.getByRole('dialog', { name: 'Company Onboarding' });
    await expect(preview.getByRole('heading', { name: /Our Story/ })).toBeVisible();
    await keepScreenshot(page, { path: '/tmp/lib-shots/library-preview.png' });
    await preview.getByRole('button', { name: 'Apply to a storyfile' }).click();

    const apply = page.getByRole('dialog', { name: /Apply “Company Onboarding”/ });
    await apply.getByLabel('Find a storyfile').fill(storyfileName);
    await apply.getByRole('radio', { name: storyfileName }).check();
    await apply.getByRole('button', { name: 'Apply script' }).click();
    await expect(apply.getByText(/topics and \d+ questions added to/)).toBeVisible();
    await keepScreenshot(page, { path: '/tmp/lib-shots/library-applied.png' });
    await apply.getByRole('button', { name: 'Close' }).first().click();

    const copyName = `Onboarding copy ${makeSuffix()}`;
    await page.getByRole('button', { name: 'Duplicate Company Onboarding' }).click();
    const duplicate = page.getByRole('dialog', { name: /Duplicate/ });
    await duplicate.getByLabel('Name of the copy (optional)').fill(copyName);
    await duplicate.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(page).toHaveURL(/\/topics\/builder\?script=/);
    await expect(page.getByRole('heading', { name: copyName })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Story', level: 3 })).toBeVisible();
  });

  test('a viewer browses scripts without create or edit controls', async ({ page }) => {
    await signIn(page, E2E.users.viewer);
    await page.goto('/topics/templates');
    await expect(page.getByRole('button', { name: 'Preview Company Onboarding' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New script' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Duplicate / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Apply / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await keepScreenshot(page, {
      path: '/tmp/lib-shots/library-templates-viewer.png',
      fullPage: true,
    });
  });
});

test.describe('Topics', () => {
  test('an editor creates a topic, adds and edits questions, renames and deletes', async ({
    page,
  }) => {
    await signIn(page, E2E.users.editor);
    const name = `Hobbies ${makeSuffix()}`;
    await page.goto('/topics');
    await expect(page.getByRole('heading', { name: 'Topics', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New topic' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New topic' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create topic' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search topics' }).fill(`"${name}"`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Show the questions of ${name}` }).click();
    const newQuestion = page.getByLabel(`New question in ${name}`);
    await newQuestion.fill('What do you do on weekends?');
    await newQuestion.press('Enter');
    const questions = page.getByRole('list', { name: `Questions of ${name}` });
    await expect(questions.getByRole('listitem')).toHaveCount(1);
    await newQuestion.fill('Do you play an instrument?');
    await newQuestion.press('Enter');
    await expect(questions.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: 'Edit question Do you play an instrument?' }).click();
    const editor = page.getByRole('textbox', {
      name: 'Edit question Do you play an instrument?',
    });
    await editor.fill('Which instrument do you play?');
    await editor.press('Enter');
    await expect(
      page.getByRole('button', { name: 'Edit question Which instrument do you play?' }),
    ).toBeVisible();

    await page
      .getByRole('button', { name: 'Alternate phrasings of Which instrument do you play?' })
      .click();
    const alternates = page.getByRole('dialog', { name: 'Alternate phrasings' });
    const phrasings = alternates.getByLabel('Other ways visitors may ask this');
    await phrasings.fill('Do you make music?\nWhat do you play?\nDo you make music?');
    await alternates.getByRole('button', { name: 'Save phrasings' }).click();
    // A repeat is named, not dropped behind the person's back.
    await expect(phrasings).toHaveAccessibleDescription(
      '"Do you make music?" is already an alternate phrasing of this question.',
    );
    await phrasings.fill('Do you make music?\nWhat do you play?');
    await alternates.getByRole('button', { name: 'Save phrasings' }).click();
    await expect(alternates).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'Alternate phrasings of Which instrument do you play?' }),
    ).toHaveText('+2 alternates');

    await page.getByRole('button', { name: `Rename topic ${name}` }).click();
    const rename = page.getByRole('textbox', { name: `Rename topic ${name}` });
    await rename.fill('Ignored');
    await rename.press('Escape');
    await expect(page.getByRole('button', { name: `Rename topic ${name}` })).toBeVisible();

    await page.getByRole('button', { name: 'Delete question What do you do on weekends?' }).click();
    await page
      .getByRole('dialog', { name: 'Delete question?' })
      .getByRole('button', { name: 'Delete question' })
      .click();
    await expect(questions.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: 'Deleted' })).toBeVisible();
    await keepScreenshot(page, { path: '/tmp/lib-shots/library-topics.png', fullPage: true });
  });

  test('library questions reordered with the keyboard keep their order', async ({ page }) => {
    await signIn(page, E2E.users.editor);
    const namespaceId = await getNamespaceId(page, E2E.namespaces.plain.label);
    const name = `Ordered ${makeSuffix()}`;
    const topic = await post<{ id: string }>(page, '/v1/conversa/topics', { namespaceId, name });
    for (const text of ['First?', 'Second?', 'Third?']) {
      await post(page, '/v1/conversa/questions', { topicId: topic.id, text });
    }
    const open = async () => {
      await page.goto(`/topics?search=${encodeURIComponent(`"${name}"`)}`);
      await page.getByRole('button', { name: `Show the questions of ${name}` }).click();
    };
    const texts = () =>
      page
        .getByRole('list', { name: `Questions of ${name}` })
        .getByRole('button', { name: /^Edit question / })
        .allTextContents();
    await open();
    await expect.poll(texts).toEqual(['First?', 'Second?', 'Third?']);
    await page.getByRole('button', { name: 'Move question Third?', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect.poll(texts).toEqual(['Third?', 'First?', 'Second?']);
    await page.waitForLoadState('networkidle');
    await open();
    await expect.poll(texts).toEqual(['Third?', 'First?', 'Second?']);
  });

  test('an owner deletes a topic and brings it back with Undo', async ({ page }) => {
    await signIn(page, E2E.users.owner);
    const namespaceId = await getNamespaceId(page, E2E.namespaces.plain.label);
    const name = `Travel ${makeSuffix()}`;
    await post(page, '/v1/conversa/topics', { namespaceId, name });
    await page.goto(`/topics?search=${encodeURIComponent(`"${name}"`)}`);
    await page.getByRole('button', { name: `Delete topic ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete topic?' })
      .getByRole('button', { name: 'Delete topic' })
      .click();
    await expect(page.getByText('No topics match your search')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('button', { name: `Rename topic ${name}` })).toBeVisible();
  });

  test('a viewer sees the library without create or edit controls', async ({
    browser,
    page: editor,
  }) => {
    await signIn(editor, E2E.users.editor);
    const namespaceId = await getNamespaceId(editor, E2E.namespaces.plain.label);
    const name = `Viewer topic ${makeSuffix()}`;
    const topic = await post<{ id: string }>(editor, '/v1/conversa/topics', { namespaceId, name });
    await post(editor, '/v1/conversa/questions', { topicId: topic.id, text: 'Any pets?' });

    // The viewer gets a browser context of their own, as a second person would.
    const page = await signInInNewContext(browser, E2E.users.viewer);
    await page.goto(`/topics?search=${encodeURIComponent(`"${name}"`)}`);
    await page.getByRole('button', { name: `Show the questions of ${name}` }).click();
    await expect(page.getByText('Any pets?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New topic' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Rename topic / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit question / })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /^New question in / })).toHaveCount(0);
    // The server refuses the change anyway.
    const response = await page.request.patch(`/v1/conversa/topics/${topic.id}`, {
      headers: WRITE_HEADERS,
      data: { name: `${name} renamed` },
    });
    expect(response.status()).toBe(403);
    await page.context().close();
  });
});
