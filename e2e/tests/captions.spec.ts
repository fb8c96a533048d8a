import { expect, test } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/captions';
const CUE_TEXT = 'I grew up by the sea in Brittany';

/** What the test reads of a `<video>`'s text tracks (this project's e2e types have no DOM library). */
type TrackState = {
  kind: string;
  mode: string;
  cues: { length: number; [index: number]: { text: string } } | null;
};
type VideoState = {
  currentTime: number;
  textTracks: { length: number; [index: number]: TrackState };
  pause(): void;
};
type VideoDocument = { document: { querySelector(selector: string): VideoState | null } };

test('an answer uploaded with a subtitle stream plays in the interact tab with its captions showing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, E2E.users.owner);
  const name = `Captioned Rose ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Her life', questions: ['Where did you grow up?', 'What was your first job?'] },
  ]);
  const [grewUp, firstJob] = seeded.topics[0]!.questions;
  await uploadProcessedVideo(
    page,
    seeded.id,
    { questionId: grewUp!.id },
    makeTestVideo({
      name: 'captioned-answer.mp4',
      seconds: 8,
      subtitles: [{ startSeconds: 0, endSeconds: 8, text: CUE_TEXT }],
    }),
  );
  const plainUpload = await uploadProcessedVideo(
    page,
    seeded.id,
    { questionId: firstJob!.id },
    makeTestVideo({ name: 'plain-answer.mp4', seconds: 8, frequency: 660 }),
  );
  const listed = await page.request.get(`/v1/conversa/storyfiles/${seeded.id}/videos`, {
    headers: WRITE_HEADERS,
  });
  const { videos } = (await listed.json()) as {
    videos: { id: string; uploadId: string; captionsUrl: string | null }[];
  };
  const plainVideo = videos.find((video) => video.uploadId === plainUpload)!;
  expect(plainVideo.captionsUrl).toBeNull();

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await expect(page.getByRole('heading', { name: `Talk to ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const box = page.getByLabel(`Ask ${name} a question`);
  await box.fill('Where did you grow up?');
  await box.press('Enter');

  const speaking = page.locator(`video[aria-label="${name}, speaking"]`);
  const track = speaking.locator('track');
  await expect(track).toHaveAttribute('kind', 'captions');
  await expect(track).toHaveAttribute('src', /\/captions\.vtt\?access_token=/);
  // Shown by default: the browser loads the WebVTT and its cue is the text the video carried.
  const handle = await page.waitForFunction(
    (label) => {
      const video = (globalThis as unknown as VideoDocument).document.querySelector(
        `video[aria-label="${label}"]`,
      );
      const first = video && video.textTracks.length > 0 ? video.textTracks[0]! : null;
      if (!video || !first || !first.cues || first.cues.length === 0 || video.currentTime <= 0) {
        return null;
      }
      return { kind: first.kind, mode: first.mode, cue: first.cues[0]!.text };
    },
    `${name}, speaking`,
    { timeout: 20_000 },
  );
  expect(await handle.jsonValue()).toEqual({ kind: 'captions', mode: 'showing', cue: CUE_TEXT });
  // Held still for the picture, so the caption is on it.
  await speaking.evaluate((video) => (video as unknown as VideoState).pause());
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, { path: `${SCREENSHOTS}/interact-captions.png` });

  // An answer uploaded without subtitles plays with no captions track.
  await box.fill('What was your first job?');
  await box.press('Enter');
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText(
    'Answered: What was your first job?',
  );
  await expect(speaking).toHaveAttribute('src', new RegExp(`/media/${plainVideo.id}/video\\.mp4`));
  await expect(speaking.locator('track')).toHaveCount(0);
});
