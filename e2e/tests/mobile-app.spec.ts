import { expect, test, type Page } from '@playwright/test';
import type { CataloguePage } from '@conversa/contracts';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';

async function publish(page: Page, storyfileId: string): Promise<string> {
  const response = await page.request.post(`/v1/conversa/storyfiles/${storyfileId}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { slug: string }).slug;
}

/** The catalogue's featured slugs among `ours`, in the catalogue's order (no account, no cookie). */
async function featuredOrder(ours: string[]): Promise<string[]> {
  const response = await fetch(
    `${E2E.studioUrl}/v1/conversa/public/catalogue/featured?pageSize=100`,
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as CataloguePage;
  return body.items.map((item) => item.slug).filter((slug) => ours.includes(slug));
}

// Issue 19, Mobile App: an admin puts two published storyfiles in the app, features both,
// reorders them with the keyboard, and the public catalogue answers that order; axe on every
// Mobile App screen and dialog on the way.
test('an admin features two storyfiles, reorders them, and the catalogue follows', async ({
  page,
}) => {
  const suffix = makeSuffix();
  await signIn(page, E2E.users.admin);
  // Each with a question: an empty storyfile is asked about before it goes into the app
  // (save-warnings.spec.ts).
  const script = [{ name: 'Life', questions: ['Where did you grow up?'] }];
  const first = await seedStoryfile(page, `Alpha app ${suffix}`, script);
  const second = await seedStoryfile(page, `Beta app ${suffix}`, script);
  const slugs = [await publish(page, first.id), await publish(page, second.id)];

  await page.goto('/mobile/storyfiles');
  await expect(page.getByRole('heading', { name: 'StoryFiles' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search storyfiles' });
  await search.fill(suffix);
  await search.press('Enter');
  for (const name of [first.name, second.name]) {
    const toggle = page.getByRole('switch', { name: `In the app: ${name}` });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
  }
  await expectNoSeriousAxeViolations(page);
  // Switching off asks first; cancelling leaves it on.
  await page.getByRole('switch', { name: `In the app: ${first.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Take out of the app' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('switch', { name: `In the app: ${first.name}` })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await page.goto('/storyfiles/featured');
  await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  for (const storyfile of [first, second]) {
    await page.getByRole('button', { name: 'Feature a storyfile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feature a storyfile' });
    await dialog
      .getByLabel('Storyfile')
      .selectOption({ label: `${storyfile.name} (${E2E.namespaces.plain.label})` });
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Feature' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${storyfile.name} is featured.`)).toBeVisible();
  }
  const entries = page.getByTestId('featured-entry').filter({ hasText: suffix });
  await expect(entries).toHaveText([new RegExp(first.name), new RegExp(second.name)]);
  expect(await featuredOrder(slugs)).toEqual([slugs[0], slugs[1]]);

  // Keyboard drag: the second's handle lifts with Space, moves up with an arrow, drops with Space.
  const handle = page.getByLabel(`Drag to reorder: ${second.name}`, { exact: false });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(entries).toHaveText([new RegExp(second.name), new RegExp(first.name)]);
  await expect(page.getByText(`${second.name} moved to place`)).toBeAttached();
  await expect.poll(() => featuredOrder(slugs)).toEqual([slugs[1], slugs[0]]);

  // The start date after the end date is refused with the message, before anything is sent.
  await page.getByRole('button', { name: `Dates: ${first.name}` }).click();
  const dates = page.getByRole('dialog', { name: 'Featured dates' });
  await dates.getByLabel('Start date').fill('2026-05-02');
  await dates.getByLabel('End date').fill('2026-05-01');
  await expect(dates.getByText('The start date must be on or before the end date.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await dates.getByRole('button', { name: 'Cancel' }).click();

  // Removing asks first.
  await page.getByRole('button', { name: `Remove from featured: ${first.name}` }).click();
  const remove = page.getByRole('dialog', { name: 'Remove from featured' });
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(entries).toHaveText([new RegExp(second.name)]);
  await expect.poll(() => featuredOrder(slugs)).toEqual([slugs[1]]);

  await page.goto('/storyfiles/popular');
  await expect(page.getByRole('heading', { name: 'Popular' })).toBeVisible();
  await expect(page.getByText(/Computed /)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
