import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

// Issue 68, item 8: Interact greeted with "…here are a few ideas to start." and none followed (no
// starters set); the share page greeted with nothing. Both now greet alike, and without starters
// one recorded question of each topic follows as the ideas (never an unrecorded one).

const GREETING = 'Hello! Thank you for visiting. Ask me anything; here are a few ideas to start.';
const RECORDED = ['Where did you grow up?', 'What was your first job?'];
const UNRECORDED = 'Do you have any pets?';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

async function expectGreetingWithIdeas(page: Page, name: string) {
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  // Over the picture and in the transcript.
  await expect(page.getByText(GREETING)).toHaveCount(2);
  await expect(page.getByRole('listitem').filter({ hasText: GREETING })).toBeVisible();
  const ideas = page.getByRole('list', { name: 'Conversation starters' }).getByRole('button');
  await expect(ideas).toHaveText(RECORDED);
  await expect(page.getByText(UNRECORDED)).toHaveCount(0);
  await expect(page.getByLabel(`Ask ${name} a question`)).toBeFocused();
}

test('Interact and the share page greet alike, and ideas follow without starters', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E.users.owner);
  const name = `Greeting ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Her life', questions: [RECORDED[0]!, UNRECORDED] },
    { name: 'Her work', questions: [RECORDED[1]!] },
  ]);
  for (const [index, topic] of seeded.topics.entries()) {
    await uploadProcessedVideo(
      page,
      seeded.id,
      { questionId: topic.questions[0]!.id },
      makeTestVideo({ frequency: 440 + index * 220, seconds: 1 }),
    );
  }
  const published = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.ok(), await published.text()).toBe(true);
  const { slug } = (await published.json()) as { slug: string };

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
    await expect(page.getByRole('heading', { name: `Talk to ${name}` })).toBeVisible();
    await expectGreetingWithIdeas(page, name);
    await keepScreenshot(page, {
      path: `test-results/player-greeting/interact-${viewport.width}.png`,
      fullPage: true,
    });

    const visitorContext = await browser.newContext({ viewport });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/s/${slug}`);
      await expectGreetingWithIdeas(visitor, name);
      await keepScreenshot(visitor, {
        path: `test-results/player-greeting/share-${viewport.width}.png`,
        fullPage: true,
      });
    } finally {
      await visitorContext.close();
    }
  }
});
