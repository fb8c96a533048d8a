import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn, signInInNewContext } from '../support/auth';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/ink-story';
/** Shares "childhood" with the choice "Your childhood", and is neither its text nor its number. */
const PARAPHRASE = 'tell me about your childhood please';

/** What the tests read of a `<video>` (this project's e2e types have no DOM library). */
type VideoState = { currentSrc: string; currentTime: number };
type VideoDocument = { document: { querySelector(selector: string): VideoState | null } };
type VideoRow = { id: string; questionId: string | null; clipKind: string | null };

async function waitForSpeaking(page: Page, name: string, videoId: string) {
  await page.waitForFunction(
    ({ label, id }) => {
      const video = (globalThis as unknown as VideoDocument).document.querySelector(
        `video[aria-label="${label}"]`,
      );
      return Boolean(video && video.currentSrc.includes(`/media/${id}/`) && video.currentTime > 0);
    },
    { label: `${name}, speaking`, id: videoId },
    { timeout: 20_000 },
  );
}

function storySource(grewUpId: string, firstJobId: string): string {
  return [
    'Hello! # clip: intro',
    'What would you like to hear about?',
    '* [Your childhood] -> childhood',
    '* [Your career] -> career',
    '',
    '== childhood',
    `I grew up by the sea. # answer: ${grewUpId}`,
    '-> END',
    '',
    '== career',
    `My first job was at a bakery. # answer: ${firstJobId}`,
    '-> END',
    '',
  ].join('\n');
}

test('an owner writes an ink story, plays it from a knot, publishes it, and a typed paraphrase takes a branch; an admin finds the conversation in View Inky States; Interact starts the story again after it ended, restarts it and starts it from a knot', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await signIn(page, E2E.users.owner);
  const name = `Ink Rose ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Her life', questions: ['Where did you grow up?', 'What was your first job?'] },
  ]);
  const [grewUp, firstJob] = seeded.topics[0]!.questions;
  const uploads: [Parameters<typeof uploadProcessedVideo>[2], number][] = [
    [{ questionId: grewUp!.id }, 440],
    [{ questionId: firstJob!.id }, 660],
    [{ clipKind: 'intro' }, 330],
    [{ clipKind: 'idle' }, 220],
  ];
  for (const [target, frequency] of uploads) {
    await uploadProcessedVideo(page, seeded.id, target, makeTestVideo({ frequency, seconds: 3 }));
  }
  const videosResponse = await page.request.get(`/v1/conversa/storyfiles/${seeded.id}/videos`, {
    headers: WRITE_HEADERS,
  });
  expect(videosResponse.ok()).toBe(true);
  const videos = ((await videosResponse.json()) as { videos: VideoRow[] }).videos;
  const grewUpVideo = videos.find((video) => video.questionId === grewUp!.id)!.id;

  // The editor: replace the template with a story whose two branches name recorded answers.
  await page.goto(`/training/ink_story?storyfileId=${seeded.id}`);
  const source = page.getByRole('textbox', { name: 'Ink source' });
  // The editor's chunk (CodeMirror, the worker) loads with its route: slow on a busy machine.
  await expect(source).toBeVisible({ timeout: 30_000 });
  await source.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(storySource(grewUp!.id, firstJob!.id));
  const messages = page.getByRole('region', { name: 'Errors and warnings' });
  await expect(messages.getByText('No errors, warnings or TODOs.')).toBeVisible();

  // A divert to a knot that does not exist is an error while it is there, and goes with it.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('-> nowhere');
  const error = messages.getByRole('button', {
    name: "Error line 13: Divert target not found: '-> nowhere'",
  });
  await expect(error).toBeVisible();
  await expect(messages.getByRole('heading')).toContainText('(1 errors)');
  for (let i = 0; i < '-> nowhere'.length; i += 1) {
    await page.keyboard.press('Backspace');
  }
  await expect(error).toHaveCount(0);
  await expect(messages.getByText('No errors, warnings or TODOs.')).toBeVisible();

  // Play as you write: the first choices, then play from the career knot.
  const player = page.getByRole('region', { name: 'Player' });
  const choices = player.getByRole('list', { name: 'Choices' });
  await expect(choices.getByRole('button', { name: 'Your childhood' })).toBeVisible();
  await expect(choices.getByRole('button', { name: 'Your career' })).toBeVisible();
  await player.getByLabel('Play from knot').selectOption('career');
  await player.getByRole('button', { name: 'Play from here' }).click();
  const storySoFar = player.getByRole('list', { name: 'Story so far' });
  await expect(storySoFar).toContainText('My first job was at a bakery.');
  await expect(storySoFar).toContainText('▶ What was your first job?');
  await expect(storySoFar).not.toContainText('Hello!');
  await keepScreenshot(page, { path: `${SCREENSHOTS}/editor.png`, fullPage: true });

  // Save, then publish that version.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved version 1.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Published: version 1')).toBeVisible();

  // The interact tab runs the story: its choices are the suggested questions, and a paraphrase
  // of one takes that branch and plays the answer it names.
  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const suggested = page.getByRole('list', { name: 'Suggested questions' });
  await expect(suggested.getByRole('button', { name: 'Your childhood' })).toBeVisible();
  await expect(suggested.getByRole('button', { name: 'Your career' })).toBeVisible();
  const box = page.getByLabel(`Ask ${name} a question`);
  await box.fill(PARAPHRASE);
  await box.press('Enter');
  await waitForSpeaking(page, name, grewUpVideo);
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText(
    'I grew up by the sea.',
  );
  await expect(suggested).toHaveCount(0);

  // The chat log says the exchange was a story choice.
  await page.goto(`/training/chat_logs?storyfileId=${seeded.id}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: PARAPHRASE }) });
  // The chat log's first page can take a while on a loaded machine.
  await expect(row).toContainText('Story choice: Your childhood', { timeout: 30_000 });

  // View Inky States (platform admins): the conversation, then its state in the player.
  const admin = await signInInNewContext(browser, E2E.users.admin);
  await admin.goto('/training/view_inky_states');
  await admin
    .getByRole('combobox', { name: 'Storyfile', exact: true })
    .selectOption({ label: name });
  const states = admin.getByRole('table', { name: 'Ink states' });
  const stateRow = states.getByRole('row').filter({ hasText: name });
  await expect(stateRow).toHaveCount(1);
  await expect(stateRow).toContainText('Studio test');
  await expect(stateRow).toContainText('Compatible');
  await stateRow.getByRole('link', { name: 'Details' }).click();
  const detail = admin.getByRole('region', { name: 'Ink state' });
  await expect(detail.getByRole('region', { name: 'Transcript' })).toContainText(PARAPHRASE);
  await expect(detail.getByRole('region', { name: 'Visit counts' })).toContainText('childhood');
  await detail.getByRole('button', { name: 'Open in player' }).click();
  const replay = admin.getByRole('dialog', { name: /Replay/ });
  await expect(replay.getByRole('list', { name: 'Story so far' })).toContainText(
    'I grew up by the sea.',
  );
  await keepScreenshot(admin, { path: `${SCREENSHOTS}/view-inky-states.png`, fullPage: true });
  await admin.context().close();

  // Re-testing in Interact: the story ended, and this tab still holds that conversation; Start
  // again greets and offers both choices, and a typed branch phrase is the story's again.
  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript).toContainText('Hello! What would you like to hear about?');
  await expect(suggested.getByRole('button', { name: 'Your childhood' })).toBeVisible();
  await expect(suggested.getByRole('button', { name: 'Your career' })).toBeVisible();
  await box.fill(PARAPHRASE);
  await box.press('Enter');
  await waitForSpeaking(page, name, grewUpVideo);
  await expect(transcript).toContainText('I grew up by the sea.');

  // "Restart story": a new conversation from the top, whatever point the story is at.
  await page.getByRole('button', { name: 'Restart story' }).click();
  await expect(transcript).not.toContainText(PARAPHRASE);
  await expect(transcript).toContainText('Hello! What would you like to hear about?');
  await expect(suggested.getByRole('button', { name: 'Your career' })).toBeVisible();
  await expect(box).toBeFocused();

  // "Start from knot…": the author starts the story at a knot.
  await page.getByLabel('Start from knot…').selectOption('career');
  await page.getByRole('button', { name: 'Start here' }).click();
  await expect(transcript).toContainText('My first job was at a bakery.');
  await expect(transcript).not.toContainText('Hello!');
  await keepScreenshot(page, { path: `${SCREENSHOTS}/interact-restart.png`, fullPage: true });
});

/** Saves a one-line story as version 1 and publishes it, as the signed-in owner. */
async function seedPublishedStory(page: Page, storyfileId: string) {
  const saved = await page.request.post(
    `/v1/conversa/storyfiles/${storyfileId}/ink-story/versions`,
    {
      headers: WRITE_HEADERS,
      data: { source: 'Hello there.\n-> END\n' },
    },
  );
  expect(saved.status(), await saved.text()).toBe(201);
  const published = await page.request.post(
    `/v1/conversa/storyfiles/${storyfileId}/ink-story/versions/1/publish`,
    { headers: WRITE_HEADERS },
  );
  expect(published.status(), await published.text()).toBe(200);
}

test('a viewer reads the ink story and plays it, but cannot change it: the reason is shown, the editor takes no typing, and no Save, Unpublish or Restore is offered, wide and at 390 px (issue 68, item 10)', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E.users.owner);
  const seeded = await seedStoryfile(page, `Ink Viewer ${makeSuffix()}`);
  await seedPublishedStory(page, seeded.id);

  const viewer = await signInInNewContext(browser, E2E.users.viewer);
  for (const width of [1440, 390]) {
    await viewer.setViewportSize({ width, height: 900 });
    await viewer.goto(`/training/ink_story?storyfileId=${seeded.id}`);
    const source = viewer.getByRole('textbox', { name: 'Ink source' });
    await expect(source).toBeVisible({ timeout: 30_000 });
    await expect(
      viewer.getByText('You need to be at least "Content Creator" to change this ink story.'),
    ).toBeVisible();
    await expect(viewer.getByText('Published: version 1')).toBeVisible();
    await expect(source).not.toBeEditable();
    await source.click();
    await viewer.keyboard.type('typed by a viewer');
    await expect(source).not.toContainText('typed by a viewer');
    await expect(source).toContainText('Hello there.');
    for (const name of ['Save', 'Unpublish', 'Restore', 'Publish']) {
      await expect(viewer.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expect(viewer.getByText('unsaved changes')).toHaveCount(0);
    // The story still plays beside the source: reading it is what a viewer is here for.
    const player = viewer.getByRole('region', { name: 'Player' });
    await expect(player.getByRole('list', { name: 'Story so far' })).toContainText('Hello there.');
    await keepScreenshot(viewer, { path: `${SCREENSHOTS}/viewer-${width}.png`, fullPage: true });
  }
  await viewer.context().close();
});

test('a refused Unpublish or Restore says why (issue 68, item 10)', async ({ page }) => {
  await signIn(page, E2E.users.owner);
  const seeded = await seedStoryfile(page, `Ink Refused ${makeSuffix()}`);
  await seedPublishedStory(page, seeded.id);
  // What the studio answers once the person's role was lowered after the page opened.
  const refusal = {
    status: 403,
    contentType: 'application/json',
    body: JSON.stringify({
      statusCode: 403,
      error: 'FORBIDDEN',
      message: 'You need to be at least "Content Creator"',
    }),
  };
  await page.route('**/ink-story/unpublish', (route) => route.fulfill(refusal));
  await page.route('**/ink-story/versions/1/restore', (route) => route.fulfill(refusal));
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/training/ink_story?storyfileId=${seeded.id}`);
    await expect(page.getByRole('textbox', { name: 'Ink source' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Unpublish' }).click();
    const toast = page.getByText('You need to be at least "Content Creator"', { exact: true });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 10_000 });
    await page
      .getByRole('list', { name: 'Versions' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(toast).toBeVisible();
    await expect(page.getByText('Published: version 1')).toBeVisible();
  }
});
