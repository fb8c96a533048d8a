import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { makeSuffix, seedStoryfile, type SeededStoryfile } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { findLayoutProblems } from '../support/layout';
import { readUploadStatus, uploadVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

// Issue 44, items 25 and 26: the pieces that stay in view while the page scrolls (the Feedback
// entry where the footer is hidden, the upload bar) narrow nothing and cover nothing a person
// needs, at a phone's width and wide. The person here is one no other flow of the run follows the
// upload bar of, so its failed upload shows in no other flow's bar.

const SCREENSHOTS = 'test-results/floating-pieces';
mkdirSync(SCREENSHOTS, { recursive: true });

async function seedLongScript(page: Page): Promise<SeededStoryfile> {
  return seedStoryfile(
    page,
    `Floating pieces ${makeSuffix()}`,
    ['Childhood', 'School', 'Work', 'Family'].map((topic) => ({
      name: topic,
      questions: Array.from(
        { length: 5 },
        (_, index) => `What do you remember of ${topic.toLowerCase()}, part ${index + 1}?`,
      ),
    })),
    E2E.namespaces.full.label,
  );
}

/** Leaves a failed upload (a text file named .mp4) on the storyfile's intro clip. */
async function failAnUpload(page: Page, storyfile: SeededStoryfile): Promise<void> {
  const notes = path.join(mkdtempSync(path.join(tmpdir(), 'conversa-e2e-floating-')), 'notes.mp4');
  writeFileSync(notes, 'These are my notes, not a video.\n'.repeat(40));
  const uploadId = await uploadVideo(page, storyfile.id, { clipKind: 'intro' }, notes);
  await expect
    .poll(async () => (await readUploadStatus(page, uploadId)).error, { timeout: 60_000 })
    .toBe(VIDEO_PROCESSING_MESSAGES.notAVideo);
}

test('the upload bar covers nothing of the Record tab (its list, the clip cards) at any scroll, at 390 px and wide', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A person of its own: the bar must hide once the failure is seen (no other flow's upload).
  await signIn(page, E2E.users.barOwner);
  const storyfile = await seedLongScript(page);
  await failAnUpload(page, storyfile);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/storyfiles/${storyfile.id}?tab=record`);
  const bar = page.getByRole('region', { name: 'Upload progress' });
  // The failure is on the bar until it is seen (item 5): the bar is up while the page is judged.
  await expect(bar.getByTestId('upload-bar-text')).toContainText('1 failed');
  await page.waitForLoadState('networkidle');
  for (const width of [390, 768, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(bar).toBeVisible();
    // The whole walk, every viewport of the page: no control covered, nothing under a floating piece.
    expect(await findLayoutProblems(page), `record tab at ${width} px`).toEqual([]);
    await keepScreenshot(page, {
      path: `${SCREENSHOTS}/record-with-bar-${width}.png`,
      fullPage: true,
    });
  }
  // The bar still opens the status dialog, which marks the failure seen.
  await bar.getByRole('button', { name: /Show upload status/ }).click();
  await expect(page.getByRole('dialog', { name: 'Video Upload Status' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
});

/** The width of the screen's content: what the shell leaves the storyfile page. */
async function contentWidth(page: Page): Promise<number> {
  return page.locator('#main-content > div').evaluate((element) => element.clientWidth);
}

test('one Feedback entry on every tab, and Interact and Record as wide as the other tabs at 390 px', async ({
  page,
}) => {
  await signIn(page, E2E.users.ownerWithAttributes);
  const storyfile = await seedLongScript(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/storyfiles/${storyfile.id}?tab=settings`);
  await expect(page.getByRole('button', { name: 'Give Feedback' })).toHaveCount(1);
  const widthWithFooter = await contentWidth(page);

  for (const tab of ['interact', 'record']) {
    await page.goto(`/storyfiles/${storyfile.id}?tab=${tab}`);
    await page.waitForLoadState('networkidle');
    // The footer is hidden on these tabs (spec §2): one Feedback entry stands in for it.
    await expect(page.getByRole('button', { name: /Feedback/ })).toHaveCount(1);
    expect(await contentWidth(page), `${tab} is narrowed`).toBe(widthWithFooter);
    expect(await findLayoutProblems(page), `${tab} at 390 px`).toEqual([]);
    await keepScreenshot(page, { path: `${SCREENSHOTS}/${tab}-390.png`, fullPage: true });
    await page.getByRole('button', { name: /Feedback/ }).click();
    await page.getByRole('menuitem', { name: 'Give Feedback' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
});
