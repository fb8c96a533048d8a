import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { makeSuffix, seedStoryfile } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { findLayoutProblems } from '../support/layout';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/storyfile-packages';
const QUESTION = 'Where were you born?';

// Issue 31, storyfile packages, as a person does them: export a storyfile with a recorded answer,
// download the package, duplicate the storyfile, import the package (it uploads through tus, the
// summary shows, the name taken gets " (imported)") and open the new storyfile; a damaged
// package is refused with the studio's message.
test('an editor exports a storyfile, duplicates it, and imports the package as a new storyfile', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, E2E.users.editor);
  const name = `Packaged ${makeSuffix()}`;
  const storyfile = await seedStoryfile(page, name, [{ name: 'Childhood', questions: [QUESTION] }]);
  const questionId = storyfile.topics[0]!.questions[0]!.id;
  await uploadProcessedVideo(
    page,
    storyfile.id,
    { questionId },
    makeTestVideo({ name: 'born.mp4' }),
  );

  // Export: progress while the job runs, then the download.
  await page.goto(`/storyfiles/${storyfile.id}`);
  const actions = page.getByRole('group', { name: 'Storyfile actions' });
  await actions.getByRole('button', { name: 'Export package' }).click();
  const download = page.getByRole('link', { name: 'Download package' });
  await expect(download).toBeVisible({ timeout: 120_000 });
  await keepScreenshot(page, { path: `${SCREENSHOTS}/export-ready.png`, fullPage: true });
  const saving = page.waitForEvent('download');
  await download.click();
  const packagePath = testInfo.outputPath('package.zip');
  await (await saving).saveAs(packagePath);
  expect(readFileSync(packagePath).subarray(0, 2).toString('latin1')).toBe('PK');

  // Still there after leaving the storyfile and coming back.
  await page.goto('/storyfiles');
  await page.goto(`/storyfiles/${storyfile.id}`);
  await expect(page.getByRole('link', { name: 'Download package' })).toBeVisible();

  // Duplicate: the copy opens under the default name.
  await actions.getByRole('button', { name: 'Duplicate storyfile' }).click();
  const duplicateDialog = page.getByRole('dialog', { name: 'Duplicate storyfile' });
  await duplicateDialog.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: `${name} (copy)`, level: 1 })).toBeVisible({
    timeout: 60_000,
  });
  expect(page.url()).not.toContain(storyfile.id);
  await expect(page.getByText(QUESTION).first()).toBeVisible();

  // Import: the package uploads, the summary shows, the taken name gets " (imported)".
  await page.goto('/storyfiles');
  await page.getByRole('button', { name: 'Import package' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import package' });
  await dialog.getByLabel('Package file').setInputFiles(packagePath);
  const nameField = dialog.getByRole('textbox', { name: 'Name' });
  await expect(nameField).toHaveValue(`${name} (imported)`, { timeout: 60_000 });
  await expect(dialog.getByRole('list', { name: 'What will be created' })).toBeVisible();
  await expect(dialog.getByText(`“${name}” is taken in acme`)).toBeVisible();
  await keepScreenshot(page, { path: `${SCREENSHOTS}/import-summary.png` });
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Import storyfile' }).click();
  const open = dialog.getByRole('link', { name: `Open “${name} (imported)”` });
  await expect(open).toBeFocused({ timeout: 120_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `${name} (imported)`, level: 1 })).toBeVisible();
  await expect(page.getByText(QUESTION).first()).toBeVisible();
  await expect(page.getByText(/1 answer recorded/).first()).toBeVisible();
});

test('a damaged package is refused with the studio’s message, and fits a phone', async ({
  page,
}, testInfo) => {
  await signIn(page, E2E.users.editor);
  await page.setViewportSize({ width: 390, height: 844 });
  // Half a zip: its central directory (the end of the file) is missing.
  const damaged = testInfo.outputPath('damaged.zip');
  const half = Buffer.alloc(4096, 7);
  half.write('PK\u0003\u0004', 0, 'latin1');
  writeFileSync(damaged, half);

  await page.goto('/storyfiles');
  await page.getByRole('button', { name: 'Import package' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import package' });
  await dialog.getByLabel('Package file').setInputFiles(damaged);
  await expect(dialog.getByRole('alert')).toContainText('This package cannot be imported:', {
    timeout: 60_000,
  });
  await expect(dialog.getByRole('button', { name: 'Import storyfile' })).toBeDisabled();
  await keepScreenshot(page, { path: `${SCREENSHOTS}/import-refused-390.png` });
  expect(await findLayoutProblems(page)).toEqual([]);

  // A file that is not a .zip is refused before it uploads.
  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await expect(dialog.getByLabel('Package file')).toBeFocused();
  const notes = testInfo.outputPath('notes.txt');
  writeFileSync(notes, 'not a package');
  await dialog.getByLabel('Package file').setInputFiles(notes);
  await expect(dialog.getByText('A storyfile package must be a .zip file.')).toBeVisible();
});
