import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, type SeededStoryfile } from './api';

// The upload flows' storyfile (tests/upload*.spec.ts): one topic, two questions, and the rows a
// person uploads onto.

/** Where the upload flows keep their screenshots. */
export const SCREENSHOTS = 'test-results/uploads';
mkdirSync(SCREENSHOTS, { recursive: true });

export const TOPIC = 'Childhood';
export const FIRST = 'Where were you born?';
export const SECOND = 'Who were your best friends?';

/** A storyfile with one topic of two questions, FIRST and SECOND, none recorded. */
export async function seedScript(page: Page): Promise<SeededStoryfile> {
  return seedStoryfile(page, `Grandma Rose ${makeSuffix()}`, [
    { name: TOPIC, questions: [FIRST, SECOND] },
  ]);
}

export async function openStoryfile(page: Page, storyfile: SeededStoryfile): Promise<void> {
  await page.goto(`/storyfiles/${storyfile.id}`);
  await expect(page.getByRole('heading', { name: storyfile.name, level: 1 })).toBeVisible();
}

export function questionRow(page: Page, text: string) {
  return page
    .getByRole('list', { name: `Questions of ${TOPIC}` })
    .getByRole('listitem')
    .filter({ hasText: text });
}
