import { expect, test } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

const STORY = [
  'Hello! Shall we talk?',
  '* [Yes, please] -> talk',
  '',
  '== talk',
  'That is all I had to say.',
  '-> END',
  '',
].join('\n');

// Issue 68, item 12: a visitor who reached the end of the published story could only reload the
// page to hear it again.
test('the public player offers "Restart the story" at the end of its ink story, by keyboard, wide and at 390 px', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E.users.owner);
  const name = `Story End ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name);
  const saved = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/ink-story/versions`, {
    headers: WRITE_HEADERS,
    data: { source: STORY },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const storyPublished = await page.request.post(
    `/v1/conversa/storyfiles/${seeded.id}/ink-story/versions/1/publish`,
    { headers: WRITE_HEADERS },
  );
  expect(storyPublished.status(), await storyPublished.text()).toBe(200);
  const published = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.ok(), await published.text()).toBe(true);
  const { slug } = (await published.json()) as { slug: string };

  for (const width of [1440, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const visitor = await context.newPage();
    await visitor.goto(`/s/${slug}`);
    await visitor.getByRole('button', { name: 'Start the conversation' }).click();
    const transcript = visitor.getByRole('region', { name: 'Transcript' });
    await expect(transcript).toContainText('Hello! Shall we talk?');
    const choices = visitor.getByRole('list', { name: 'Suggested questions' });
    const restart = visitor.getByRole('button', { name: 'Restart the story' });
    // Nothing to restart before the end: the story is at its start.
    await expect(restart).toHaveCount(0);

    // The choice, pressed with the keyboard, ends the story.
    await choices.getByRole('button', { name: 'Yes, please' }).focus();
    await visitor.keyboard.press('Enter');
    await expect(transcript).toContainText('That is all I had to say.');
    await expect(visitor.getByText('The end.')).toBeVisible();
    // The pressed choice is gone with the story's choices: focus goes to what comes next.
    await expect(restart).toBeFocused();
    await expect(restart).toBeInViewport();
    await keepScreenshot(visitor, {
      path: `test-results/public-ink-story/the-end-${width}.png`,
      fullPage: true,
    });

    await visitor.keyboard.press('Enter');
    await expect(transcript).not.toContainText('That is all I had to say.');
    await expect(transcript).toContainText('Hello! Shall we talk?');
    await expect(choices.getByRole('button', { name: 'Yes, please' })).toBeVisible();
    await expect(visitor.getByText('The end.')).toHaveCount(0);
    await expect(restart).toHaveCount(0);
    await expect(visitor.getByLabel(`Ask ${name} a question`)).toBeFocused();
    await context.close();
  }
});
