import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

// Issue 68, item 4: "Choose one below", with nothing to choose. A storyfile without conversation
// starters, after two fallbacks in a row, offers one recorded question of each topic, and each
// topic it names is a button: pressing it shows that topic's recorded questions (never an
// unrecorded one, issue 67), focus moves to the first, and pressing one plays its answer. On the
// share page at 390 px and on a desktop, by keyboard.

const LIFE = ['Where did you grow up?', 'Who taught you to cook?', 'Do you have any pets?'];
const WORK = ['What was your first job?', 'Why did you become a nurse?'];
const UNRECORDED = [LIFE[2]!, WORK[1]!];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

type VideoState = { currentSrc: string; currentTime: number };
type VideoDocument = { document: { querySelector(selector: string): VideoState | null } };
type PageWidth = { document: { documentElement: { scrollWidth: number; clientWidth: number } } };

async function waitForSpeaking(page: Page, name: string, videoId: string) {
  await page.waitForFunction(
    ({ label, id }) => {
      const video = (globalThis as unknown as VideoDocument).document.querySelector(
        `video[aria-label="${label}"]`,
      );
      return video !== null && video.currentSrc.includes(`/media/${id}/`) && video.currentTime > 0;
    },
    { label: `${name}, speaking`, id: videoId },
    { timeout: 20_000 },
  );
}

test('a storyfile without starters offers its topics as buttons with their recorded questions', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E.users.owner);
  const name = `Topics ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Her life', questions: LIFE },
    { name: 'Her work', questions: WORK },
  ]);
  const questionIds = new Map(
    seeded.topics.flatMap((topic) => topic.questions.map((q) => [q.text, q.id] as const)),
  );
  for (const [index, text] of [LIFE[0]!, LIFE[1]!, WORK[0]!].entries()) {
    await uploadProcessedVideo(
      page,
      seeded.id,
      { questionId: questionIds.get(text)! },
      makeTestVideo({ frequency: 440 + index * 110, seconds: 2 }),
    );
  }
  const videos = await page.request.get(`/v1/conversa/storyfiles/${seeded.id}/videos`, {
    headers: WRITE_HEADERS,
  });
  const rows = ((await videos.json()) as { videos: { id: string; questionId: string | null }[] })
    .videos;
  const cookVideo = rows.find((video) => video.questionId === questionIds.get(LIFE[1]!))!.id;
  const published = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.ok(), await published.text()).toBe(true);
  const { slug } = (await published.json()) as { slug: string };

  for (const viewport of WIDTHS) {
    const visitorContext = await browser.newContext({ viewport });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/s/${slug}`);
      await visitor.getByRole('button', { name: 'Start the conversation' }).click();
      const box = visitor.getByLabel(`Ask ${name} a question`);
      for (const nonsense of ['zxqv blorf quantum', 'plimb vorsk tandem']) {
        await box.fill(nonsense);
        await box.press('Enter');
        await expect(box).toHaveValue('');
        await expect(visitor.getByRole('button', { name: 'Ask', exact: true })).toBeEnabled();
      }
      const offer = visitor.getByRole('region', { name: 'You could ask me about' });
      await expect(offer).toBeVisible();
      // No starters: one recorded question of each topic, in the script's order.
      const picks = offer.getByRole('list', { name: 'You could ask me about' });
      await expect(picks.getByRole('button')).toHaveText([LIFE[0]!, WORK[0]!]);
      const topics = offer.getByRole('list', { name: 'Topics: press one for its questions' });
      await expect(topics.getByRole('button')).toHaveText(['Her life', 'Her work']);

      // By keyboard: from the question box back to the topic, Enter opens it.
      const life = topics.getByRole('button', { name: 'Her life' });
      await box.focus();
      for (let step = 0; step < 12; step += 1) {
        if (await life.evaluate((element) => element === element.ownerDocument.activeElement)) {
          break;
        }
        await visitor.keyboard.press('Shift+Tab');
      }
      await expect(life).toBeFocused();
      await expect(life).toHaveAttribute('aria-expanded', 'false');
      await visitor.keyboard.press('Enter');
      await expect(life).toHaveAttribute('aria-expanded', 'true');
      const questions = offer.getByRole('list', { name: 'Questions about Her life' });
      await expect(questions.getByRole('button')).toHaveText([LIFE[0]!, LIFE[1]!]);
      await expect(questions.getByRole('button', { name: LIFE[0]! })).toBeFocused();
      await expect(questions.getByRole('button', { name: LIFE[1]! })).toBeInViewport();
      for (const text of UNRECORDED) {
        await expect(visitor.getByText(text)).toHaveCount(0);
      }
      // Nothing sideways on a phone.
      const width = await visitor.evaluate(() => {
        const root = (globalThis as unknown as PageWidth).document.documentElement;
        return { scroll: root.scrollWidth, client: root.clientWidth };
      });
      expect(width.scroll).toBeLessThanOrEqual(width.client);
      await expectNoSeriousAxeViolations(visitor);
      await keepScreenshot(visitor, {
        path: `test-results/topic-offer/topic-open-${viewport.width}.png`,
        fullPage: true,
      });

      await visitor.keyboard.press('Tab');
      await expect(questions.getByRole('button', { name: LIFE[1]! })).toBeFocused();
      await visitor.keyboard.press('Enter');
      await waitForSpeaking(visitor, name, cookVideo);
      await expect(offer).toHaveCount(0);
    } finally {
      await visitorContext.close();
    }
  }
});
