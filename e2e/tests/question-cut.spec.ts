import { expect, test } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';

// Issue 68, item 8: the public ask box cut 3,000 pasted characters to 500 without a word. It says
// so now, in a status a screen reader announces and the box names as its description.

const CUT = 'Your question was cut to 500 characters, the most a question can have.';

test('the share page says a pasted question was cut to 500 characters', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E.users.owner);
  const name = `Long question ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Her life', questions: ['Where did you grow up?'] },
  ]);
  const published = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.ok(), await published.text()).toBe(true);
  const { slug } = (await published.json()) as { slug: string };

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    const context = await browser.newContext({ viewport });
    try {
      const visitor = await context.newPage();
      await visitor.goto(`/s/${slug}`);
      await visitor.getByRole('button', { name: 'Start the conversation' }).click();
      const box = visitor.getByLabel(`Ask ${name} a question`);
      await expect(box).toBeFocused();
      // As a paste arrives: one insertion of 3,000 characters.
      await visitor.keyboard.insertText('why '.repeat(750));
      await expect(box).toHaveValue('why '.repeat(125));
      const note = visitor.getByRole('status').filter({ hasText: CUT });
      await expect(note).toBeVisible();
      await expect(box).toHaveAccessibleDescription(CUT);
    } finally {
      await context.close();
    }
  }
});
