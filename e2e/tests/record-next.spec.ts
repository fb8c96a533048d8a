import { expect, test } from '@playwright/test';
import { makeSuffix, seedStoryfile } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { ask, recordAnswer, JOB, SCRIPT } from '../support/training';

// Issue 68, item 7: a visitor's question that means an unrecorded question of the script puts that
// question on the storyfile's "Record next" list, with the visitor's words, and its "Record it"
// opens the recorder on it; the Instructions page lists it too, on a phone as on a desktop.

const PETS = 'Do you have any pets?';
const ASKED = 'Have you got any pets at home?';

test('a question asked for an unrecorded answer is listed to record next and leads to recording it', async ({
  page,
}) => {
  await signIn(page, E2E.users.owner);
  const name = `Record next ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [{ name: 'Life', questions: SCRIPT }]);
  const questionId = (text: string) =>
    seeded.topics[0]!.questions.find((question) => question.text === text)!.id;
  await recordAnswer(page, seeded.id, questionId(JOB));

  await page.goto(`/storyfiles/${seeded.id}`);
  await expect(
    page.getByText(
      'Nothing to record next: no visitor asked for an unrecorded question in the last 90 days.',
    ),
  ).toBeVisible();

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const reply = await ask(page, name, ASKED);
  expect(reply.decision.kind).toBe('fallback');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/storyfiles/${seeded.id}`);
    const entry = page
      .getByRole('list', { name: 'Record next' })
      .getByRole('listitem', { name: `To record: ${PETS}` });
    await expect(entry).toContainText('Life · asked by 1 visitor in 1 question');
    await expect(entry).toContainText(ASKED);
    await entry.getByRole('link', { name: `Record “${PETS}”` }).click();
    await expect(page).toHaveURL(new RegExp(`tab=record&question=${questionId(PETS)}`));
    await expect(page.getByRole('region', { name: 'Teleprompter' })).toContainText(PETS);

    await page.goto(`/training/instructions?storyfileId=${seeded.id}`);
    const listed = page
      .getByRole('list', { name: 'Record next' })
      .getByRole('listitem', { name: `To record: ${PETS}` });
    await expect(listed).toContainText(ASKED);
    await expect(listed.getByRole('link', { name: `Record “${PETS}”` })).toBeVisible();
    await expect(
      listed.getByRole('button', { name: `Add their words as alternates of “${PETS}”` }),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await expectNoSeriousAxeViolations(page);

  // Issue 68, item 1: Response quality's group points to the scripted question, and its "Add to
  // record queue" offers the alternate instead of scripting the question twice.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/training/response_quality?storyfileId=${seeded.id}`);
    const group = page.getByRole('listitem', { name: `Group: ${ASKED}` });
    await expect(group).toContainText(`Already in the script, not recorded yet: ${PETS}`);
    await expect(group.getByRole('link', { name: `Record “${PETS}”` })).toBeVisible();
    await group.getByRole('button', { name: `Add to record queue: ${ASKED}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to record queue' });
    await expect(dialog).toContainText(`The script already has “${PETS}”, not recorded yet.`);
    await dialog.getByRole('button', { name: 'Add as its alternate instead' }).click();
    const correct = page.getByRole('dialog', { name: 'Correct match' });
    await expect(correct.getByLabel('Right answer')).toBeFocused();
    await expect(correct.getByLabel('Right answer')).toHaveValue(questionId(PETS));
    await correct.getByRole('button', { name: 'Cancel' }).click();
  }
});
