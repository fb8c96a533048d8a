/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn, signInInNewContext } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

// Chromium runs with --use-fake-device-for-media-stream and --use-fake-ui-for-media-stream
// (playwright.config.ts): a synthetic camera and a beeping microphone, permission granted.

const SCREENSHOTS = 'test-results/recording';
const QUESTIONS = [
  'Where did you grow up?',
  'What was your first job?',
  'Who taught you to read?',
] as const;

/** The live preview shows real frames from the (fake) camera. */
async function expectCameraLive(page: Page): Promise<void> {
  const preview = page.getByTestId('camera-preview');
  await expect(preview).toBeVisible();
  await expect
    .poll(() =>
      preview.evaluate((video: HTMLVideoElement) =>
        !video.paused && video.readyState >= 2 ? video.videoWidth : 0,
      ),
    )
    .toBeGreaterThan(0);
}

/**
 * The take plays back: it has a real length and its time moves when played. (The bounds only end a
 * hang: a take's blob can take tens of seconds to read back on a machine under heavy load.)
 */
async function expectTakePlays(take: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        take.evaluate((video: HTMLVideoElement) =>
          Number.isFinite(video.duration) ? video.duration : 0,
        ),
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0.5);
  await take.evaluate((video: HTMLVideoElement) => video.play());
  await expect
    .poll(() => take.evaluate((video: HTMLVideoElement) => video.currentTime), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  await take.evaluate((video: HTMLVideoElement) => video.pause());
}

test('an editor records, reviews and keeps answers one after another', async ({ page }) => {
  // Two takes go through real ffmpeg processing, which the wait below gives 90 s; the flow as a
  // whole needs more than the project's 60 s on a busy machine.
  test.setTimeout(300_000);
  await signIn(page, E2E.users.editor);
  const storyfile = await seedStoryfile(page, `Recording ${makeSuffix()}`, [
    { name: 'Childhood', questions: [...QUESTIONS] },
  ]);
  await page.goto(`/storyfiles/${storyfile.id}?tab=record`);

  const teleprompter = page.getByRole('region', { name: 'Teleprompter' });
  await expect(teleprompter).toContainText('Question 1 of 3');
  await expect(teleprompter).toContainText('Topic: Childhood');
  await expect(teleprompter).toContainText(QUESTIONS[0]);
  await expectCameraLive(page);
  // The fake microphone beeps: the level meter shows it is heard.
  await expect
    .poll(async () =>
      Number(
        await page.getByRole('meter', { name: 'Microphone level' }).getAttribute('aria-valuenow'),
      ),
    )
    .toBeGreaterThan(0);
  // The footer stays hidden on the record tab (spec §2).
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  // Device choice lists the fake devices, by name.
  const camera = page.getByLabel('Camera', { exact: true });
  const microphone = page.getByLabel('Microphone', { exact: true });
  await expect(camera.locator('option').first()).not.toHaveText('No camera found');
  await expect(microphone.locator('option').first()).not.toHaveText('No microphone found');
  expect(await camera.locator('option').count()).toBeGreaterThan(0);
  expect(await microphone.locator('option').count()).toBeGreaterThan(0);

  const sidebar = page.getByRole('navigation', { name: 'Questions and clips' });
  await expect(sidebar.getByRole('button', { name: /Where did you grow up\?/ })).toContainText(
    'Not recorded',
  );
  for (const label of ['Idle loop', 'Intro', 'Cannot answer', 'Please repeat']) {
    await expect(sidebar.getByRole('button', { name: new RegExp(label) })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/before-recording.png`, fullPage: true });

  // Record: a 3-2-1 countdown, then the running timer; stop after two seconds of video.
  await page.getByRole('button', { name: /^Record/ }).click();
  await expect(page.getByRole('status', { name: /Recording starts in/ })).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Recording time' });
  await expect(timer).toBeVisible();
  // Choosing another question is locked while recording.
  await expect(sidebar.getByRole('button', { name: /What was your first job\?/ })).toBeDisabled();
  await expect(timer).toHaveText('0:02');
  await keepScreenshot(page, { path: `${SCREENSHOTS}/recording.png`, fullPage: true });
  await page.getByRole('button', { name: /^Stop/ }).click();

  const take = page.getByTestId('take-preview');
  await expect(take).toBeVisible();
  await expectTakePlays(take);
  // Moving on waits until the take is kept or discarded.
  await expect(page.getByRole('button', { name: /^Next/ })).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: /Who taught you to read\?/ })).toBeDisabled();
  await keepScreenshot(page, { path: `${SCREENSHOTS}/reviewing-take.png`, fullPage: true });
  await page.getByRole('button', { name: /^Keep/ }).click();

  // The kept take uploads through tus while the next question is recorded; its row follows it.
  const bar = page.getByRole('region', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(sidebar.getByRole('button', { name: /Where did you grow up\?/ })).toContainText(
    /\d+% Uploading|Processing|Uploaded/,
  );

  // The next unrecorded question comes up by itself.
  await expect(teleprompter).toContainText('Question 2 of 3');
  await expect(teleprompter).toContainText(QUESTIONS[1]);
  await expectCameraLive(page);

  // The second one with the keyboard only: R records, R stops, K keeps.
  await page.keyboard.press('r');
  await expect(timer).toHaveText('0:01');
  await page.keyboard.press('r');
  await expectTakePlays(take);
  await page.keyboard.press('k');
  await expect(teleprompter).toContainText('Question 3 of 3');
  await expect(teleprompter).toContainText(QUESTIONS[2]);

  // Previous goes back; P too; N forward.
  await page.getByRole('button', { name: /^Previous/ }).click();
  await expect(teleprompter).toContainText(QUESTIONS[1]);
  await page.keyboard.press('p');
  await expect(teleprompter).toContainText(QUESTIONS[0]);
  await page.keyboard.press('n');
  await expect(teleprompter).toContainText(QUESTIONS[1]);

  // Only unrecorded hides the two kept questions (the current one stays for orientation).
  await sidebar.getByLabel('Only unrecorded').check();
  await expect(sidebar.getByRole('button', { name: /Where did you grow up\?/ })).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: /Who taught you to read\?/ })).toBeVisible();

  // A clip shows its label and what to say.
  await sidebar.getByRole('button', { name: /Cannot answer/ }).click();
  await expect(teleprompter).toContainText('Clip · Cannot answer');
  await expect(teleprompter).toContainText("I'm sorry, I don't have an answer to that one.");

  // Leaving the tab turns the camera off.
  await page.getByTestId('camera-preview').evaluate((video: HTMLVideoElement) => {
    (window as unknown as { recordedStream: MediaStream }).recordedStream =
      video.srcObject as MediaStream;
  });
  await page.getByRole('tab', { name: 'Script' }).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { recordedStream: MediaStream }).recordedStream
          .getTracks()
          .map((track) => track.readyState),
      ),
    )
    .toEqual(['ended', 'ended']);

  // Both takes are processed on the server (ffmpeg) and play on their questions in the script.
  await expect(bar).toContainText('Uploaded 2 videos', { timeout: 150_000 });
  const questions = page.getByRole('list', { name: 'Questions of Childhood' });
  const answered = questions.getByRole('listitem').filter({ hasText: QUESTIONS[0] });
  const play = answered.getByRole('button', { name: `Play video: ${QUESTIONS[0]}` });
  await expect(play).toBeVisible();
  await expect(
    questions.getByRole('listitem').filter({ hasText: QUESTIONS[1] }).getByLabel('Answer recorded'),
  ).toBeVisible();
  await play.click();
  const video = page.getByRole('dialog', { name: QUESTIONS[0] }).locator('video');
  await expect(video).toHaveAttribute('src', /^\/media\/[^/]+\/video\.mp4\?access_token=/);
  await expect
    .poll(
      () =>
        video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
});

test('a take kept just before a reload finishes uploading by itself afterwards', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, E2E.users.editor);
  const storyfile = await seedStoryfile(page, `Resume ${makeSuffix()}`, [
    { name: 'Work', questions: ['What do you do?', 'Why that work?'] },
  ]);
  await page.goto(`/storyfiles/${storyfile.id}?tab=record`);
  await expectCameraLive(page);

  // A slow line, so the take is still going up when the page reloads.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await throttle(8 * 1024);
  await page.keyboard.press('r');
  await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveText('0:03');
  await page.keyboard.press('r');
  await expectTakePlays(page.getByTestId('take-preview'));
  await page.keyboard.press('k');

  // Wait until the server holds part of the take, then reload in the middle of the upload.
  const findUpload = async () => {
    const response = await page.request.get('/v1/conversa/uploads', { headers: WRITE_HEADERS });
    const { uploads } = (await response.json()) as {
      uploads: { id: string; storyfileId: string | null }[];
    };
    return uploads.filter((upload) => upload.storyfileId === storyfile.id);
  };
  let uploadId = '';
  let uploadLength = '';
  await expect
    .poll(
      async () => {
        const [upload] = await findUpload();
        if (upload === undefined) {
          return 0;
        }
        uploadId = upload.id;
        const head = await page.request.head(`/files/${upload.id}`, {
          headers: { ...WRITE_HEADERS, 'tus-resumable': '1.0.0' },
        });
        uploadLength = head.headers()['upload-length'] ?? '';
        return Number(head.headers()['upload-offset'] ?? 0);
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const head = await page.request.head(`/files/${uploadId}`, {
    headers: { ...WRITE_HEADERS, 'tus-resumable': '1.0.0' },
  });
  // Still part-way: some bytes are in, not all (a recorder's length is known only at the end,
  // so a missing Upload-Length also means unfinished).
  expect(
    uploadLength === '' || Number(head.headers()['upload-offset']) < Number(uploadLength),
  ).toBe(true);
  const created: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/files/') {
      created.push(request.url());
    }
  });
  await page.reload();
  await throttle(-1);

  // No file to pick again: the recorded take waited in the browser and goes on by itself, into
  // the same upload, and is processed.
  const bar = page.getByRole('region', { name: 'Upload progress' });
  await expect(bar).toContainText('Uploaded 1 video', { timeout: 150_000 });
  expect(created).toEqual([]);
  expect((await findUpload()).map((upload) => upload.id)).toEqual([uploadId]);
  const status = await page.request.get(`/v1/conversa/upload/status?uploadObjectKey=${uploadId}`, {
    headers: WRITE_HEADERS,
  });
  expect(await status.json()).toEqual({ status: 'END', error: null });
});

test('a countdown can be cancelled and a take discarded', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedStoryfile(page, `Recording ${makeSuffix()}`, [
    { name: 'Work', questions: ['What do you do?'] },
  ]);
  await page.goto(`/storyfiles/${storyfile.id}?tab=record`);
  await expectCameraLive(page);

  await page.keyboard.press('r');
  await expect(page.getByRole('status', { name: /Recording starts in/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status', { name: /Recording starts in/ })).toHaveCount(0);
  await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Record/ })).toBeEnabled();

  // Typing in a field never fires a shortcut.
  await page.getByLabel('Camera', { exact: true }).focus();
  await page.keyboard.press('r');
  await expect(page.getByRole('status', { name: /Recording starts in/ })).toHaveCount(0);

  await page.getByRole('button', { name: /^Record/ }).click();
  await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveText('0:01');
  await page.getByRole('button', { name: /^Stop/ }).click();
  await expect(page.getByTestId('take-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this take?' });
  await dialog.getByRole('button', { name: 'Discard take' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('take-preview')).toHaveCount(0);
  await expectCameraLive(page);
  await expect(
    page
      .getByRole('navigation', { name: 'Questions and clips' })
      .getByRole('button', { name: /What do you do\?/ }),
  ).toContainText('Not recorded');
});

test('a storyfile without questions points to the Script tab', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedStoryfile(page, `Empty ${makeSuffix()}`);
  await page.goto(`/storyfiles/${storyfile.id}?tab=record`);
  await expect(
    page.getByRole('heading', { name: 'This script has no questions yet' }),
  ).toBeVisible();
  await expect(page.getByTestId('camera-preview')).toHaveCount(0);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/empty-script.png`, fullPage: true });
  await page.getByRole('link', { name: 'Go to the Script tab' }).click();
  await expect(page).toHaveURL(new RegExp(`/storyfiles/${storyfile.id}$`));
  await expect(page.getByRole('tab', { name: 'Script' })).toHaveAttribute('aria-selected', 'true');
});

test('a viewer sees the questions but cannot record', async ({ page, browser }) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedStoryfile(page, `Viewed ${makeSuffix()}`, [
    { name: 'Childhood', questions: [...QUESTIONS] },
  ]);
  const viewer = await signInInNewContext(browser, E2E.users.viewer);
  await viewer.goto(`/storyfiles/${storyfile.id}?tab=record`);
  await expect(viewer.getByRole('alert')).toContainText(
    'You need to be at least "Content Creator" to record answers.',
  );
  await expect(viewer.getByRole('region', { name: 'Teleprompter' })).toContainText(QUESTIONS[0]);
  await expect(
    viewer.getByRole('navigation', { name: 'Questions and clips' }).getByRole('button'),
  ).toHaveCount(QUESTIONS.length + 4);
  await expect(viewer.getByRole('button', { name: /^Record/ })).toHaveCount(0);
  await expect(viewer.getByTestId('camera-preview')).toHaveCount(0);
  await expectNoSeriousAxeViolations(viewer);
  await keepScreenshot(viewer, { path: `${SCREENSHOTS}/viewer.png`, fullPage: true });
  await viewer.context().close();
});
