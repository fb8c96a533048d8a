import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { findLayoutProblems } from '../support/layout';
import { uploadProcessedVideo } from '../support/media';

const FFMPEG = process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg';
const SPOKEN = 'I grew up on a farm in Iowa. We had cows and a big red barn.';
/** The word the author puts in: one the recognizer cannot have heard. */
const FIXED_WORD = 'Brittany';

/**
 * An answer someone recorded: a test picture over espeak-ng's speech (Debian's espeak-ng, which
 * `npm test` installs), made at test time, so the recognizer has words to hear.
 */
function makeSpokenVideo(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'conversa-e2e-spoken-'));
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

/** A caption's times from its play button ("Play 0:01.2 – 0:03.4"), in milliseconds. */
async function readCueTimes(playButton: Locator): Promise<{ startMs: number; endMs: number }> {
  const label = (await playButton.textContent()) ?? '';
  const [start = 0, end = 0] = [...label.matchAll(/(\d+):(\d+\.\d)/g)].map(([, minutes, seconds]) =>
    Math.round((Number(minutes) * 60 + Number(seconds)) * 1000),
  );
  return { startMs: start, endMs: end };
}

/** What the test reads of a `<video>`'s text tracks (this project's e2e types have no DOM library). */
type VideoDocument = {
  document: {
    querySelector(selector: string): {
      textTracks: {
        length: number;
        [index: number]: {
          kind: string;
          mode: string;
          cues: { length: number; [index: number]: { text: string } } | null;
        };
      };
    } | null;
  };
};

test("an answer's draft is fixed in the editor, keeps its time, and the public player captions the fix", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, E2E.users.owner);
  const name = `Transcribed Rose ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Her life', questions: ['Where did you grow up?'] },
  ]);
  const question = seeded.topics[0]!.questions[0]!;
  await uploadProcessedVideo(page, seeded.id, { questionId: question.id }, makeSpokenVideo(SPOKEN));

  // The video plays before its draft exists; the draft appears on the answer's button.
  await page.goto(`/storyfiles/${seeded.id}`);
  const transcriptButton = page.getByRole('button', { name: /^Transcript/ });
  await expect(transcriptButton).toHaveAccessibleName('Transcript · Needs review', {
    timeout: 150_000,
  });
  await expect(page.getByText(/still being made/)).toHaveCount(0);

  await transcriptButton.click();
  const editor = page.getByRole('dialog', { name: 'Transcript: Where did you grow up?' });
  const firstWords = editor.getByRole('textbox', { name: 'Words of caption 1' });
  await expect(firstWords).not.toHaveValue('');
  await expect(editor.getByText('Needs review', { exact: true })).toBeVisible();
  // WCAG 2.2 AA as axe checks it, and nothing overflows or hides at a phone's width.
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await findLayoutProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  const firstPlay = editor.getByRole('button', { name: /^Play / }).first();
  const before = await readCueTimes(firstPlay);
  const heard = await firstWords.inputValue();

  // Fix a word: the caption's last word becomes one the recognizer never wrote.
  const fixed = heard.replace(/\S+$/, FIXED_WORD);
  await firstWords.fill(fixed);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Transcript saved.' })).toBeVisible();
  await expect(editor.getByText('Reviewed', { exact: true })).toBeVisible();
  await expect(firstWords).toHaveValue(fixed);
  // Aligned to what was heard, the caption keeps its time.
  const after = await readCueTimes(firstPlay);
  expect(Math.abs(after.startMs - before.startMs)).toBeLessThanOrEqual(300);
  expect(after.endMs).toBeGreaterThan(after.startMs);
  expect(Math.abs(after.endMs - before.endMs)).toBeLessThanOrEqual(1_000);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Transcript · Reviewed' })).toBeVisible();

  const published = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.ok(), await published.text()).toBe(true);
  const { slug } = (await published.json()) as { slug: string };

  // A visitor of the public page sees the answer with the fixed word in its captions.
  const visitorContext = await browser.newContext({ baseURL: E2E.studioUrl });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/s/${slug}`);
    await visitor.getByRole('button', { name: 'Start the conversation' }).click();
    const box = visitor.getByLabel(`Ask ${name} a question`);
    await box.fill('Where did you grow up?');
    await box.press('Enter');
    const speaking = visitor.locator(`video[aria-label="${name}, speaking"]`);
    await expect(speaking.locator('track')).toHaveAttribute('kind', 'captions');
    await expect(visitor.getByRole('button', { name: 'Captions on' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const handle = await visitor.waitForFunction(
      (label) => {
        const video = (globalThis as unknown as VideoDocument).document.querySelector(
          `video[aria-label="${label}"]`,
        );
        const track = video && video.textTracks.length > 0 ? video.textTracks[0]! : null;
        if (!track || !track.cues || track.cues.length === 0) {
          return null;
        }
        const texts: string[] = [];
        for (let index = 0; index < track.cues.length; index += 1) {
          texts.push(track.cues[index]!.text);
        }
        return { kind: track.kind, mode: track.mode, texts };
      },
      `${name}, speaking`,
      { timeout: 30_000 },
    );
    const state = (await handle.jsonValue()) as { kind: string; mode: string; texts: string[] };
    expect(state.kind).toBe('captions');
    expect(state.mode).toBe('showing');
    expect(state.texts[0]).toBe(fixed);
    // Every video the share page plays an answer in carries a captions track, and the page as axe
    // checks it (WCAG 2.2 AA, its video-caption rule among them) has no serious violation.
    await expect(
      visitor.locator('video[aria-label$=", speaking"]:not(:has(track[kind="captions"]))'),
    ).toHaveCount(0);
    await expectNoSeriousAxeViolations(visitor);

    // The transcript page, linked from the player, reads the answer's words without the video.
    await visitor.getByRole('link', { name: 'Read the transcript of every answer' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/s/${slug}/transcript$`));
    await expect(
      visitor.getByRole('heading', { level: 1, name: `${name}: transcript` }),
    ).toBeVisible();
    const topic = visitor.getByRole('region', { name: 'Her life' });
    await expect(
      topic.getByRole('heading', { level: 3, name: 'Where did you grow up?' }),
    ).toBeVisible();
    await expect(topic.getByRole('definition')).toContainText(fixed);
    await expectNoSeriousAxeViolations(visitor);
  } finally {
    await visitorContext.close();
  }
});
