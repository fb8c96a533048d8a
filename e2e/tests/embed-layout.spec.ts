import { expect, test, type Locator } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';

// Issue 54, item 4: in the 640×480 embed the "Transcript" heading and the "Read the transcript of
// every answer" link drew over each other, and the transcript ran off the frame's bottom.

type Box = { x: number; y: number; width: number; height: number };

function overlaps(first: Box, second: Box): boolean {
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${what} is drawn`).not.toBeNull();
  return box!;
}

test('the 640×480 embed keeps the transcript, its heading and the transcript link apart and in the frame', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, E2E.users.owner);
  const name = `Framed ${makeSuffix()}`;
  // Three topics and three starters, as the storyfile had: after two fallbacks the
  // player offers both, the tallest the frame gets.
  const seeded = await seedStoryfile(page, name, [
    { name: 'Childhood', questions: ['Where did you grow up?', 'Who taught you to swim?'] },
    { name: 'Work', questions: ['What was your first job?', 'Why did you become a keeper?'] },
    { name: 'The sea', questions: ['How can I stop feeling seasick?'] },
  ]);
  const starters = await page.request.put(`/v1/conversa/storyfiles/${seeded.id}/starters`, {
    headers: WRITE_HEADERS,
    data: { questionIds: seeded.topics.map((topic) => topic.questions[0]!.id) },
  });
  expect(starters.ok(), await starters.text()).toBe(true);
  const published = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.ok(), await published.text()).toBe(true);
  const { slug } = (await published.json()) as { slug: string };

  // The embed code's iframe is 640×480: the page alone, at that size.
  const visitorContext = await browser.newContext({
    baseURL: E2E.studioUrl,
    viewport: { width: 640, height: 480 },
  });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/s/${slug}?embed=1`);
    await visitor.getByRole('button', { name: 'Start the conversation' }).click();
    const transcript = visitor.getByRole('region', { name: 'Transcript' });
    const heading = transcript.getByRole('heading', { name: 'Transcript' });
    const link = visitor.getByRole('link', { name: 'Read the transcript of every answer' });
    const list = transcript.getByRole('list');
    const questions = [
      'zxqv blorf',
      'quantum pineapple sonata',
      'Where did you grow up?',
      'bright purple elephants',
    ];
    for (const [index, question] of questions.entries()) {
      const field = visitor.getByLabel(`Ask ${name} a question`);
      await field.fill(question);
      await field.press('Enter');
      // The greeting (the intro's text: no intro clip is recorded) comes first (issue 68, item 8).
      await expect(transcript.getByRole('listitem')).toHaveCount((index + 1) * 2 + 1);

      const after = `after exchange ${index + 1}`;
      const headingBox = await boxOf(heading, `the heading ${after}`);
      const linkBox = await boxOf(link, `the link ${after}`);
      const listBox = await boxOf(list, `the transcript ${after}`);
      expect(overlaps(headingBox, linkBox), `heading and link ${after}`).toBe(false);
      expect(overlaps(linkBox, listBox), `link and transcript ${after}`).toBe(false);
      expect(overlaps(headingBox, listBox), `heading and transcript ${after}`).toBe(false);
      // The transcript ends inside the frame (it scrolls within itself), once the frame is
      // scrolled to its end when it is too short for everything.
      await list.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const shown = await boxOf(list, `the transcript scrolled to ${after}`);
      expect(shown.y, `the transcript's top ${after}`).toBeGreaterThanOrEqual(0);
      expect(shown.y + shown.height, `the transcript's bottom ${after}`).toBeLessThanOrEqual(480);
      await expect(transcript.getByRole('listitem').last()).toBeInViewport();
      await expect(link).toBeInViewport();
    }
  } finally {
    await visitorContext.close();
  }
});
