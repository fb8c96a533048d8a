import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { uploadProcessedVideo } from '../support/media';

// Issue 52, item 2: a recognizer's draft is the author's to review. Visitors get no captions and
// no words of it (player, its conversation transcript, the transcript page) until the author
// approves it, from the keyboard; then they get them all.

const FFMPEG = process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg';
const SPOKEN = 'I grew up on a farm in Iowa. We had cows and a big red barn.';
const QUESTION = 'Where did you grow up?';
/** The strings of `@conversa/contracts` and the player (e2e imports no app code). */
const IN_REVIEW_TEXT = 'The words of this answer are not published yet.';
const PLAIN_ANSWER_TEXT = 'Answered on video.';

function makeSpokenVideo(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'conversa-e2e-review-'));
  const wav = path.join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-w', wav, text]);
  const file = path.join(dir, 'spoken-answer.mp4');
  execFileSync(FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-i', wav],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', file],
  ]);
  return file;
}

/** A visitor asks on the share page; returns the speaking video and the transcript region. */
async function askAsVisitor(visitor: Page, slug: string, name: string) {
  await visitor.goto(`/s/${slug}`);
  await visitor.getByRole('button', { name: 'Start the conversation' }).click();
  const box = visitor.getByLabel(`Ask ${name} a question`);
  await box.fill(QUESTION);
  await box.press('Enter');
  const speaking = visitor.locator(`video[aria-label="${name}, speaking"]`);
  await expect(speaking).toBeVisible();
  return { speaking, transcript: visitor.getByRole('region', { name: 'Transcript' }) };
}

test('a draft reaches visitors only once its author approves it', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signIn(page, E2E.users.owner);
  const name = `Reviewed Rose ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [{ name: 'Her life', questions: [QUESTION] }]);
  const question = seeded.topics[0]!.questions[0]!;
  await uploadProcessedVideo(page, seeded.id, { questionId: question.id }, makeSpokenVideo(SPOKEN));
  const published = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.ok(), await published.text()).toBe(true);
  const { slug } = (await published.json()) as { slug: string };

  // The studio says which answers still need review.
  await page.goto(`/storyfiles/${seeded.id}`);
  const transcriptButton = page.getByRole('button', { name: /^Transcript/ });
  await expect(transcriptButton).toHaveAccessibleName('Transcript · Needs review', {
    timeout: 150_000,
  });
  await expect(
    page.getByText(
      '1 transcript needs review: visitors see the words once you approve or save them.',
    ),
  ).toBeVisible();

  const visitorContext = await browser.newContext({ baseURL: E2E.studioUrl });
  try {
    const visitor = await visitorContext.newPage();
    // Before review: no captions track, plain words in the conversation, none on the page.
    const before = await askAsVisitor(visitor, slug, name);
    await expect(before.speaking.locator('track')).toHaveCount(0);
    await expect(before.transcript.getByText(PLAIN_ANSWER_TEXT)).toBeVisible();
    await visitor.goto(`/s/${slug}/transcript`);
    const topic = visitor.getByRole('region', { name: 'Her life' });
    await expect(topic.getByRole('definition')).toHaveText(IN_REVIEW_TEXT);

    // The author reads the draft, its unsure words marked, and approves it from the keyboard.
    await transcriptButton.click();
    const editor = page.getByRole('dialog', { name: `Transcript: ${QUESTION}` });
    await expect(editor.getByText('Needs review', { exact: true })).toBeVisible();
    await expect(editor.getByText(/^What the recognizer heard \(\d+ unsure words?/)).toBeVisible();
    const heard = await editor.getByRole('textbox', { name: 'Words of caption 1' }).inputValue();
    await expectNoSeriousAxeViolations(page);
    await editor.getByRole('button', { name: 'Approve' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      editor.getByRole('status').filter({ hasText: 'Approved. Visitors now see these words.' }),
    ).toBeVisible();
    await expect(editor.getByText('Reviewed', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Transcript · Reviewed' })).toBeVisible();

    // After review: captions, the words in the conversation, the words on the page.
    const after = await askAsVisitor(visitor, slug, name);
    await expect(after.speaking.locator('track')).toHaveAttribute('kind', 'captions');
    await expect(after.speaking.locator('track')).toHaveAttribute('label', 'Captions');
    await expect(after.transcript.getByText(heard, { exact: false })).toBeVisible();
    await visitor.goto(`/s/${slug}/transcript`);
    await expect(
      visitor.getByRole('region', { name: 'Her life' }).getByRole('definition'),
    ).toContainText(heard);
  } finally {
    await visitorContext.close();
  }
});
