import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { makeTestVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';
import {
  FIRST,
  openStoryfile,
  questionRow,
  SCREENSHOTS,
  SECOND,
  seedScript,
  TOPIC,
} from '../support/upload-script';

// An editor uploads an answer video onto a question and plays it; a reload mid-upload resumes it.

/**
 * A valid MP4 of about 20 MB: lossless noise does not compress, so it stays big while taking
 * ffmpeg only a moment to write and the worker only a moment to transcode.
 */
function makeLargeTestVideo(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'conversa-e2e-large-')), 'large-take.mp4');
  execFileSync(process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=6:size=320x240:rate=25,noise=alls=100:allf=t',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=6',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '0',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

test('an editor uploads a video onto a question, follows it in the bar and the dialog, and plays it', async ({
  page,
}) => {
  // A person of the flow's own: the bar counts every upload of the person still processing.
  await signIn(page, E2E.users.uploadsEditor);
  const storyfile = await seedScript(page);
  await openStoryfile(page, storyfile);

  // Hold the PATCH a moment so the bar can be seen uploading, and the status answers until the
  // dialog has been seen processing; the server does its work meanwhile.
  await page.route('**/files/**', async (route) => {
    if (route.request().method() === 'PATCH') {
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue();
  });
  let releaseStatus = () => undefined as void;
  const statusHeld = new Promise<void>((resolve) => {
    releaseStatus = resolve;
  });
  await page.route('**/v1/conversa/upload/status**', async (route) => {
    await statusHeld;
    await route.continue();
  });

  await page
    .getByLabel(`Upload video: ${FIRST}`)
    .setInputFiles(makeTestVideo({ name: 'born.mp4' }));

  const bar = page.getByRole('region', { name: 'Upload progress' });
  await expect(bar).toContainText('Uploading 1 video');
  await expect(questionRow(page, FIRST)).toContainText('% Uploading');
  await keepScreenshot(bar, { path: `${SCREENSHOTS}/bar-uploading.png` });
  await expect(bar).toContainText('Processing 1 video', { timeout: 20_000 });
  await expect(questionRow(page, FIRST).getByRole('button', { name: 'Processing' })).toBeVisible();

  await bar.getByRole('button', { name: /Processing 1 video/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Video Upload Status' });
  await expect(dialog.getByRole('heading', { name: storyfile.name })).toBeVisible();
  await expect(
    dialog.getByRole('progressbar', { name: `Overall progress of ${storyfile.name}` }),
  ).toHaveAttribute('aria-valuenow', '100');
  await dialog.getByRole('button', { name: `Show videos of ${storyfile.name}` }).click();
  const videos = dialog.getByRole('list', { name: `Videos of ${storyfile.name}` });
  await expect(videos).toContainText(TOPIC);
  await expect(videos).toContainText(FIRST);
  const processing = videos.getByRole('button', { name: 'Processing' });
  await processing.focus();
  await expect(
    page.getByRole('tooltip', { name: 'Video uploaded, must process to view' }),
  ).toBeVisible();
  await keepScreenshot(page, { path: `${SCREENSHOTS}/dialog-processing.png` });
  await expectNoSeriousAxeViolations(page);

  releaseStatus();
  const uploaded = videos.getByRole('button', { name: 'Uploaded' });
  await expect(uploaded).toBeVisible({ timeout: 45_000 });
  // The badge kept its focus while its status changed, and the page behind the dialog scrolled to
  // keep its place as the question's row grew (scroll anchoring), which closes a Radix tooltip; a
  // person who moves focus onto the badge again sees the new status explained. On a loaded
  // machine the row may still be growing (its poster arriving) when focus comes back, and that
  // scroll closes the tooltip again: focus moves back until the page has settled.
  await expect(async () => {
    await uploaded.blur();
    await uploaded.focus();
    await expect(
      page.getByRole('tooltip', { name: 'Successfully uploaded and processed!' }),
    ).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await keepScreenshot(page, { path: `${SCREENSHOTS}/dialog-uploaded.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bar).toContainText('Uploaded 1 video');

  const row = questionRow(page, FIRST);
  const play = row.getByRole('button', { name: `Play video: ${FIRST}` });
  await expect(play).toBeVisible();
  await expect(play.locator('img')).toHaveAttribute(
    'src',
    /^\/media\/[^/]+\/poster\.jpg\?access_token=/,
  );
  await expect(row).toContainText('0:03');
  await expect(row).toContainText(/\d+(\.\d)? KB/);
  await expect(row.getByLabel('Answer recorded')).toBeVisible();
  await keepScreenshot(row, { path: `${SCREENSHOTS}/question-with-video.png` });

  await play.click();
  const player = page.getByRole('dialog', { name: FIRST });
  const video = player.locator('video');
  await expect(video).toHaveAttribute('src', /^\/media\/[^/]+\/video\.mp4\?access_token=/);
  await expect
    .poll(
      () =>
        video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/player.png` });
});

test('a reload in the middle of an upload resumes it from the offset the server holds', async ({
  page,
}) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedScript(page);
  await openStoryfile(page, storyfile);
  const file = makeLargeTestVideo();

  // A slow uplink, so the reload lands in the middle of the PATCH.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });

  await page.getByLabel(`Upload video: ${SECOND}`).setInputFiles(file);
  const row = questionRow(page, SECOND);
  await expect(row.getByRole('button', { name: /^([2-9]\d)% Uploading$/ })).toBeVisible({
    timeout: 30_000,
  });
  await page.reload();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The server kept what arrived before the reload.
  const uploads = await page.request.get('/v1/conversa/uploads', { headers: WRITE_HEADERS });
  const summary = (
    (await uploads.json()) as { uploads: { id: string; filename: string }[] }
  ).uploads.find((upload) => upload.filename === 'large-take.mp4');
  expect(summary).toBeDefined();
  let serverOffset = 0;
  await expect
    .poll(async () => {
      const head = await page.request.head(`/files/${summary!.id}`, {
        headers: { ...WRITE_HEADERS, 'tus-resumable': '1.0.0' },
      });
      serverOffset = Number(head.headers()['upload-offset']);
      return serverOffset;
    })
    .toBeGreaterThan(0);

  // The dialog comes back with the upload, which asks for its file again: the bar says it is
  // paused rather than "Uploading" for ever (issue 44, item 6).
  const bar = page.getByRole('region', { name: 'Upload progress' });
  await expect(bar).toContainText('1 upload paused — select the file again');
  await bar.getByRole('button', { name: /1 upload paused/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Video Upload Status' });
  const videos = dialog.getByRole('list', { name: `Videos of ${storyfile.name}` });
  await expect(videos).toContainText(SECOND);
  const paused = videos.getByText(/^Paused at \d+%$/);
  await expect(paused).toBeVisible();
  const pausedAt = Number(/(\d+)%/.exec((await paused.textContent()) ?? '')![1]);
  expect(pausedAt).toBeGreaterThan(0);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/dialog-after-reload.png` });

  const patchOffsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(`/files/${summary!.id}`)) {
      patchOffsets.push(Number(request.headers()['upload-offset']));
    }
  });
  await videos.getByLabel(`Select the file again to resume: ${SECOND}`).setInputFiles(file);
  await expect(
    videos.getByRole('button', { name: /% Uploading$|^Processing$|^Uploaded$/ }),
  ).toBeVisible();
  const shown = await videos
    .getByRole('button', { name: /% Uploading$|^Processing$|^Uploaded$/ })
    .textContent();
  const shownPercent = /(\d+)% Uploading/.exec(shown ?? '');
  if (shownPercent) {
    expect(Number(shownPercent[1])).toBeGreaterThanOrEqual(pausedAt);
  }
  await expect(videos.getByRole('button', { name: /^Processing$|^Uploaded$/ })).toBeVisible({
    timeout: 30_000,
  });
  expect(patchOffsets.length).toBeGreaterThan(0);
  expect(patchOffsets[0]).toBe(serverOffset);
  await expect(videos.getByRole('button', { name: 'Uploaded' })).toBeVisible({ timeout: 60_000 });
});
