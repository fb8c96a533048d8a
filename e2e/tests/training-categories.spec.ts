import { expect, test } from '@playwright/test';
import { getNamespaceId, makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { ask, recordAnswer, SCRIPT } from '../support/training';

// Custom categories change what matches: a synonym folded into a category makes a made-up word
// play the right answer, and a category's preview lists the past question a moving automatic
// threshold would cost its answer (issue 28).

test('a category added in Custom categories makes a synonym match', async ({ page }) => {
  await signIn(page, E2E.users.owner);
  const suffix = makeSuffix()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
  const name = `Synonyms ${suffix}`;
  const synonym = `kinoflick${suffix}`;
  const seeded = await seedStoryfile(page, name, [{ name: 'Life', questions: SCRIPT }]);
  const movie = 'What is your favourite movie?';
  const movieId = seeded.topics[0]!.questions.find((question) => question.text === movie)!.id;
  await recordAnswer(page, seeded.id, movieId);

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  // The made-up word alone: nothing in the script knows it yet, so it falls back.
  const before = await ask(page, name, `${synonym}?`);
  expect(before.decision.kind).toBe('fallback');

  // This storyfile's own addition to the namespace's categories.
  await page.goto(`/training/custom_categories?storyfileId=${seeded.id}`);
  const form = page.getByRole('region', { name: 'New category' });
  await form.getByLabel('Name').fill(`Cinema ${suffix}`);
  await form.getByLabel(/^Phrases/).fill(`movie, film, ${synonym}`);
  await expect(form.getByLabel('Applies to')).toHaveValue('');
  await form.getByLabel('Applies to').selectOption({ label: `Only ${name}` });
  await form.getByRole('button', { name: 'Add category' }).click();
  const listed = page.getByRole('listitem', { name: `Category: Cinema ${suffix}` });
  await expect(listed).toContainText(`Applies to: Only ${name}`);

  // The test bench, shared with categories, shows the synonym folded into the category.
  const bench = page.getByRole('region', { name: 'Test bench' });
  await bench.getByLabel('Phrase', { exact: true }).fill(`${synonym}?`);
  await bench.getByRole('button', { name: 'Try it' }).click();
  const result = bench.getByRole('list', { name: 'Test bench result' });
  await expect(result).toContainText(`3. Categories folded: ${synonym} → Cinema ${suffix}`);
  await expect(result).toContainText(`4. Top answers (answered`);
  await expect(
    result.getByRole('list', { name: 'Top answers' }).getByRole('listitem').first(),
  ).toContainText(movie);
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const after = await ask(page, name, `${synonym}?`);
  expect(after.decision).toEqual({ kind: 'answer', questionId: movieId });
});

// The Expert FAQ template with the owner's own lab question: the script of the category flow below.
// (A correct-match flow on it moved the automatic threshold from 0.30 to 0.32 until the calibration
// at scale of issue 40 lowered it instead; correct match's preview of a moving threshold is held by
// the server test training/preview-regression.test.ts, and the category flow below shows it in
// Chromium.)
const EXPERT_FAQ: (string | { text: string; alternates: string[] })[] = [
  { text: 'Who are you?', alternates: ['Can you introduce yourself?', 'Tell me about yourself.'] },
  { text: 'What is your area of expertise?', alternates: ['What do you specialize in?'] },
  'How did you get into this field?',
  'What training or qualifications do you have?',
  'What does a typical day look like for you?',
  'Can you explain your field in simple terms?',
  'Which terms should a beginner know?',
  'Why does this topic matter to everyday people?',
  'How has the field changed over the last ten years?',
  'What do people most often misunderstand about your work?',
  'What question do people ask you most often?',
  'How do I know if I need professional help with this?',
  'How much does it usually cost to get started?',
  'How long does it take to see results?',
  'What risks should I be aware of?',
  'Is there anything I can do on my own?',
  { text: 'What is the first step you would recommend?', alternates: ['Where do I start?'] },
  'What mistakes should beginners avoid?',
  'Which tools or resources do you use every day?',
  'How do I choose the right professional?',
  'What should I ask before making a decision?',
  'What is the biggest myth in your field?',
  'What do experts in your field disagree about?',
  'Which advice found online should people ignore?',
  'What research are you most excited about?',
  'Which books would you recommend?',
  'Where can I find reliable information?',
  'How can I contact you or your organization?',
  'What would you like every visitor to remember?',
];
const LAB = "What's going on in your lab?";
const OWN_LAB = 'Can I visit your lab?';

// Issue 28, for a category: "Every preview (correct match, alternates, categories, words,
// threshold) must count and list the past questions that would **lose** their answer". Folding
// "find" with "start" moves the automatic threshold from 0.30 to 0.32 (0.2984 to 0.3237) and "What's
// going on in your lab?", answered at 0.3222, would fall back: the form's preview lists it before
// the category is added, and the message after says so.
test('a category’s preview lists the past question the moving automatic threshold would cost its answer', async ({
  page,
}) => {
  await signIn(page, E2E.users.owner);
  const suffix = makeSuffix();
  const name = `Lab category ${suffix}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Expert', questions: [...EXPERT_FAQ, OWN_LAB] },
  ]);
  const labId = seeded.topics[0]!.questions.find((question) => question.text === OWN_LAB)!.id;
  await recordAnswer(page, seeded.id, labId);
  const visit = await page.request.post('/v1/conversa/training/categories', {
    headers: WRITE_HEADERS,
    data: {
      namespaceId: await getNamespaceId(page, E2E.namespaces.plain.label),
      storyfileId: seeded.id,
      name: `Visit ${suffix}`,
      phrases: ['visit', 'come to', 'see'],
    },
  });
  expect(visit.status(), await visit.text()).toBe(201);
  // The flow is about the threshold's preview: the author plays every clear lead above the
  // threshold (issue 50's play risk 1; the automatic one asks the lab question back).
  const playRisk = await page.request.put(
    `/v1/conversa/storyfiles/${seeded.id}/matching-settings/ask-back`,
    { headers: WRITE_HEADERS, data: { playRisk: 1 } },
  );
  expect(playRisk.status(), await playRisk.text()).toBe(200);

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  expect((await ask(page, name, LAB)).decision).toEqual({ kind: 'answer', questionId: labId });

  await page.goto(`/training/custom_categories?storyfileId=${seeded.id}`);
  const form = page.getByRole('region', { name: 'New category' });
  await form.getByLabel('Applies to').selectOption({ label: `Only ${name}` });
  await form.getByLabel('Name').fill(`Getting started ${suffix}`);
  await form.getByLabel(/^Phrases/).fill('start, begin, find');
  const preview = form.getByRole('region', { name: 'What this changes' });
  await expect(preview.getByTestId('review-preview-summary')).toHaveText(
    'These changes move 1 past question: 0 from fallback to an answer, 0 from one answer to another, 1 from an answer to fallback.',
  );
  await expect(preview.getByTestId('review-preview-threshold')).toHaveText(
    'The automatic threshold moves from 0.30 to 0.32.',
  );
  await expect(preview.getByRole('listitem', { name: `Loses its answer: ${LAB}` })).toContainText(
    OWN_LAB,
  );
  await expectNoSeriousAxeViolations(page);
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(
    page.getByText(
      `Added "Getting started ${suffix}". 1 past question now falls back instead of being answered. The automatic threshold moved from 0.30 to 0.32.`,
    ),
  ).toBeVisible();

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  expect((await ask(page, name, LAB)).decision.kind).toBe('fallback');
});
