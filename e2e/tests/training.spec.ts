import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { makeTestVideo, uploadVideo, waitForProcessed } from '../support/media';

// Issue 14's review loop: three paraphrases fall back, a reviewer corrects them as one group in
// Response quality (the preview says 3 move), and a fourth paraphrase then plays the right video.

const JOB = 'What was your first job?';
const SCRIPT = [
  { text: JOB, alternates: ['Where did you work when you were young?'] },
  { text: 'Where were you born?', alternates: ['What is your hometown?'] },
  { text: 'What is your favourite movie?', alternates: ['Which film do you love the most?'] },
  { text: 'Do you have any pets?', alternates: ['Tell me about your dog'] },
];
const PARAPHRASES = [
  'How did you start your career?',
  'How did your career begin?',
  'Tell me how your career started',
];
const FOURTH = 'how did you get started in your career';

type AskReply = { decision: { kind: string; questionId?: string }; media: { url: string } | null };

async function ask(page: Page, name: string, text: string): Promise<AskReply> {
  const reply = page.waitForResponse(
    (response) => response.url().endsWith('/ask') && response.request().method() === 'POST',
  );
  const box = page.getByLabel(`Ask ${name} a question`);
  await expect(box).toBeEnabled();
  await box.fill(text);
  await box.press('Enter');
  const response = await reply;
  expect(response.ok()).toBe(true);
  return (await response.json()) as AskReply;
}

test('three fallen-back paraphrases corrected as one group make a fourth play the right answer', async ({
  page,
}) => {
  await signIn(page, E2E.users.owner);
  const name = `Reviewer ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [{ name: 'Life', questions: SCRIPT }]);
  const jobId = seeded.topics[0]!.questions.find((question) => question.text === JOB)!.id;
  const uploads = [
    await uploadVideo(
      page,
      seeded.id,
      { questionId: jobId },
      makeTestVideo({ frequency: 440, seconds: 1 }),
    ),
    await uploadVideo(
      page,
      seeded.id,
      { clipKind: 'cannotAnswer' },
      makeTestVideo({ frequency: 880, seconds: 1 }),
    ),
  ];
  for (const uploadId of uploads) {
    await waitForProcessed(page, uploadId);
  }
  const listed = await page.request.get(`/v1/conversa/storyfiles/${seeded.id}/videos`, {
    headers: WRITE_HEADERS,
  });
  const videos = ((await listed.json()) as { videos: { id: string; questionId: string | null }[] })
    .videos;
  const jobVideo = videos.find((video) => video.questionId === jobId)!.id;

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  for (const paraphrase of PARAPHRASES) {
    const reply = await ask(page, name, paraphrase);
    expect(reply.decision.kind, paraphrase).toBe('fallback');
  }
  // The visitor's rating: once per exchange.
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const lastRating = transcript.getByRole('group', { name: 'Rate this answer' }).last();
  await lastRating.getByRole('button', { name: 'Bad answer' }).click();
  await expect(lastRating.getByText('Thanks!')).toBeVisible();
  await expect(lastRating.getByRole('button', { name: 'Good answer' })).toBeDisabled();

  await page.goto(`/training/response_quality?storyfileId=${seeded.id}`);
  const group = page.getByRole('listitem', { name: /^Group: / });
  await expect(group).toHaveCount(1);
  await expect(group).toContainText('3 questions');
  await expectNoSeriousAxeViolations(page);
  await group.getByRole('button', { name: /^Correct match: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct match' });
  await dialog.getByLabel('Right answer').selectOption({ label: JOB });
  await expect(dialog.getByTestId('review-preview-summary')).toHaveText(
    'These changes move 3 past questions: 3 from fallback to an answer, 0 from one answer to another.',
  );
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(group).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Changes made' });
  await expect(history).toContainText(`Correct match → ${JOB}`);
  await expect(history.getByRole('button', { name: /^Undo/ })).toBeVisible();

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const fourth = await ask(page, name, FOURTH);
  expect(fourth.decision).toEqual({ kind: 'answer', questionId: jobId });
  expect(fourth.media!.url).toContain(`/media/${jobVideo}/`);
});

test('the training screens have no serious axe violations', async ({ page }) => {
  await signIn(page, E2E.users.owner);
  for (const path of [
    '/training/response_quality',
    '/training/custom_categories',
    '/training/custom_words',
    '/training/instructions',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
});

/** Uploads a one-second answer for `questionId` and waits until it plays. */
async function recordAnswer(page: Page, storyfileId: string, questionId: string) {
  const uploadId = await uploadVideo(
    page,
    storyfileId,
    { questionId },
    makeTestVideo({ frequency: 660, seconds: 1 }),
  );
  await waitForProcessed(page, uploadId);
}

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
  // The made-up word alone: nothing in the script knows it yet.
  const before = await ask(page, name, `${synonym}?`);
  expect(before.decision).not.toEqual({ kind: 'answer', questionId: movieId });

  await page.goto('/training/custom_categories');
  const form = page.getByRole('region', { name: 'New category' });
  await form.getByLabel('Name').fill(`Cinema ${suffix}`);
  await form.getByLabel(/^Phrases/).fill(`movie, film, ${synonym}`);
  await form.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`Cinema ${suffix}`).first()).toBeVisible();

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const after = await ask(page, name, `${synonym}?`);
  expect(after.decision).toEqual({ kind: 'answer', questionId: movieId });
});

test('a replacement rule makes a misheard spoken question (through the recognizer seam) match', async ({
  page,
  context,
}) => {
  await signIn(page, E2E.users.owner);
  const suffix = makeSuffix()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
  const name = `Misheard ${suffix}`;
  const misheard = `gobble${suffix}`;
  const seeded = await seedStoryfile(page, name, [{ name: 'Life', questions: SCRIPT }]);
  const jobId = seeded.topics[0]!.questions.find((question) => question.text === JOB)!.id;
  await recordAnswer(page, seeded.id, jobId);

  // The recognizer seam: the player takes the browser's SpeechRecognition. This one "hears" the
  // misheard question, and keeps the grammar of hints it is handed (feature-detected).
  await context.addInitScript(`
    window.__hintGrammars = [];
    window.webkitSpeechGrammarList = class {
      addFromString(grammar) { window.__hintGrammars.push(grammar); }
    };
    window.webkitSpeechRecognition = class {
      grammars = null;
      start() {
        setTimeout(() => {
          this.onresult?.({ results: [[{ transcript: ${JSON.stringify(`what was your first ${misheard}`)} }]] });
          this.onend?.();
        }, 100);
      }
      stop() {}
      abort() {}
    };
    delete window.SpeechRecognition;
    delete window.SpeechGrammarList;
    delete window.SpeechRecognitionPhrase;
  `);

  await page.goto('/training/custom_words');
  const form = page.getByRole('region', { name: 'New word' });
  await form.getByLabel('Term', { exact: true }).fill(`job${suffix}`);
  await form.getByLabel('Display form (optional)').fill('job');
  await form.getByLabel('Heard as (comma-separated)').fill(misheard);
  await form.getByRole('button', { name: 'Add word' }).click();
  await expect(page.getByText(`Heard as: ${misheard}`)).toBeVisible();

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const reply = page.waitForResponse(
    (response) => response.url().endsWith('/ask') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Ask by voice' }).click();
  const answer = (await (await reply).json()) as AskReply;
  expect(answer.decision).toEqual({ kind: 'answer', questionId: jobId });
  const grammars = await page.evaluate(
    () => (globalThis as unknown as { __hintGrammars: string[] }).__hintGrammars,
  );
  expect(grammars.at(-1)).toContain('job');
});
