import { expect, test } from '@playwright/test';
import { WRITE_HEADERS } from '../support/api';
import { signIn, signInInNewContext } from '../support/auth';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { FIRST, openStoryfile, questionRow, SECOND, seedScript } from '../support/upload-script';

// Who may delete or replace an answer video: an editor after confirming, never a viewer.

test('an editor deletes a video after confirming, and the question is unrecorded again', async ({
  page,
}) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedScript(page);
  await uploadProcessedVideo(
    page,
    storyfile.id,
    { questionId: storyfile.topics[0]!.questions[0]!.id },
    makeTestVideo({ name: 'to-delete.mp4', frequency: 550 }),
  );
  await openStoryfile(page, storyfile);
  const row = questionRow(page, FIRST);
  await expect(row.getByRole('button', { name: `Play video: ${FIRST}` })).toBeVisible();
  await expect(row.getByLabel('Answer recorded')).toBeVisible();

  await row.getByRole('button', { name: `Delete video: ${FIRST}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete video?' });
  await expect(confirm).toContainText(FIRST);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('button', { name: `Play video: ${FIRST}` })).toBeVisible();

  await row.getByRole('button', { name: `Delete video: ${FIRST}` }).click();
  await confirm.getByRole('button', { name: 'Delete video' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole('button', { name: `Play video: ${FIRST}` })).toHaveCount(0);
  await expect(row.getByLabel(`Upload video: ${FIRST}`)).toBeAttached();
  await expect(row.getByLabel('Not recorded yet')).toBeVisible();
  const listed = await page.request.get(`/v1/conversa/storyfiles/${storyfile.id}/videos`, {
    headers: WRITE_HEADERS,
  });
  expect(((await listed.json()) as { videos: unknown[] }).videos).toEqual([]);
});

test('a viewer plays a video but cannot replace or delete it', async ({ page, browser }) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedScript(page);
  await uploadProcessedVideo(
    page,
    storyfile.id,
    { questionId: storyfile.topics[0]!.questions[0]!.id },
    makeTestVideo({ name: 'for-viewer.mp4', frequency: 660 }),
  );

  const viewer = await signInInNewContext(browser, E2E.users.viewer);
  await openStoryfile(viewer, storyfile);
  const row = questionRow(viewer, FIRST);
  const play = row.getByRole('button', { name: `Play video: ${FIRST}` });
  await expect(play).toBeVisible();
  await expect(row.getByLabel(`Replace video: ${FIRST}`)).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Delete video: ${FIRST}` })).toHaveCount(0);
  await expect(questionRow(viewer, SECOND).getByLabel(`Upload video: ${SECOND}`)).toHaveCount(0);
  await play.click();
  const video = viewer.getByRole('dialog', { name: FIRST }).locator('video');
  await expect
    .poll(
      () =>
        video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);
  await viewer.context().close();
});
