import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { makeTestVideo, uploadVideo, waitForProcessed } from '../support/media';
import { ask, recordAnswer, SCRIPT, JOB, type AskReply } from '../support/training';

// Issue 14's review loop: three paraphrases fall back, a reviewer corrects them as one group in
// Response quality (the preview says 3 move), and a fourth paraphrase then plays the right video.

const PARAPHRASES = [
  'How did you start your career?',
  'How did your career begin?',
  'Tell me how your career started',
];
const FOURTH = 'how did you get started in your career';

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
  // The inbox row of the rated exchange shows the visitor's thumbs down, and only that row.
  const rows = page.getByRole('table', { name: 'Logged exchanges to review' }).getByRole('row');
  await expect(rows).toHaveCount(1 + PARAPHRASES.length);
  const ratedRow = rows.filter({ hasText: PARAPHRASES.at(-1)! });
  await expect(ratedRow.getByRole('img', { name: 'Thumbs down' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Thumbs (up|down)$/ })).toHaveCount(1);
  // Axe on the screen with a group and exchanges listed, not its empty state.
  await expectNoSeriousAxeViolations(page);
  await group.getByRole('button', { name: /^Correct match: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct match' });
  await dialog.getByLabel('Right answer').selectOption({ label: JOB });
  await expect(dialog.getByTestId('review-preview-summary')).toHaveText(
    'These changes move 3 past questions: 3 from fallback to an answer, 0 from one answer to another, 0 from an answer to fallback.',
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

// Each screen with something on it is walked where its data is (Response quality with a group
// and exchanges above, Custom categories and Custom words below); here the empty states, and
// Instructions with a storyfile's checklist.
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

  const seeded = await seedStoryfile(page, `Checklist ${makeSuffix()}`, [
    { name: 'Life', questions: SCRIPT },
  ]);
  await page.goto(`/training/instructions?storyfileId=${seeded.id}`);
  const steps = page.getByRole('list', { name: 'Next steps' });
  await expect(steps.getByRole('listitem').first()).toBeVisible();
  await expect(steps.getByRole('img', { name: 'To do' }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

// A place name the recognizer mishears: the question's only meaningful word is the misheard one,
// so without the rule nothing in the script matches it.
const MILWAUKEE = 'Did you grow up in Milwaukee?';
const HEARD = 'mill walkie';

/** Asks by the player's microphone; the fake recognizer of the test hears `HEARD`. */
async function askByVoice(page: Page): Promise<AskReply> {
  const reply = page.waitForResponse(
    (response) => response.url().endsWith('/ask') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Ask by voice' }).click();
  const response = await reply;
  expect(response.ok()).toBe(true);
  expect(response.request().postDataJSON()).toMatchObject({ text: HEARD, inputMode: 'spoken' });
  return (await response.json()) as AskReply;
}

test('a replacement rule makes a misheard spoken question (through the recognizer seam) play the right answer', async ({
  page,
  context,
}) => {
  await signIn(page, E2E.users.owner);
  const name = `Misheard ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Places', questions: [...SCRIPT, MILWAUKEE, 'What did you do in Oshkosh?'] },
  ]);
  const milwaukeeId = seeded.topics[0]!.questions.find(
    (question) => question.text === MILWAUKEE,
  )!.id;
  const milwaukeeVideo = await recordAnswer(page, seeded.id, milwaukeeId);

  // This flow proves the browser's recognizer seam, so the storyfile chooses it (a new storyfile
  // uses the studio's own recognizer).
  const chosen = await page.request.put(`/v1/conversa/storyfiles/${seeded.id}/speech-settings`, {
    headers: WRITE_HEADERS,
    data: { recognizer: 'browser' },
  });
  expect(chosen.ok()).toBe(true);

  // The recognizer seam: the player (and the test bench) take the browser's SpeechRecognition.
  // This one "hears" the misheard question, and keeps the grammar of hints it is handed
  // (feature-detected).
  await context.addInitScript(`
    window.__hintGrammars = [];
    window.webkitSpeechGrammarList = class {
      addFromString(grammar) { window.__hintGrammars.push(grammar); }
    };
    window.webkitSpeechRecognition = class {
      grammars = null;
      start() {
        setTimeout(() => {
          this.onresult?.({ results: [[{ transcript: ${JSON.stringify(HEARD)} }]] });
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

  // Without a rule the misheard words match nothing: the storyfile falls back.
  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const before = await askByVoice(page);
  expect(before.decision.kind).toBe('fallback');
  expect(before.media?.url ?? '').not.toContain(`/media/${milwaukeeVideo}/`);

  await page.goto(`/training/custom_words?storyfileId=${seeded.id}`);
  const form = page.getByRole('region', { name: 'New word' });
  await form.getByLabel('Term', { exact: true }).fill('Milwaukee');
  await form.getByLabel('Heard as (comma-separated)').fill(HEARD);
  await form.getByRole('button', { name: 'Add word' }).click();
  await expect(page.getByText(`Heard as: ${HEARD}`)).toBeVisible();

  // The test bench hears the same words through its microphone and shows the rule at work.
  const bench = page.getByRole('region', { name: 'Test bench' });
  await bench.getByRole('button', { name: 'Say a phrase' }).click();
  const result = bench.getByRole('list', { name: 'Test bench result' });
  await expect(result).toContainText(`1. Raw text (spoken): ${HEARD}`);
  await expect(result).toContainText(
    `2. After replacement rules: Milwaukee (“${HEARD}” → “Milwaukee”)`,
  );
  await expect(result).toContainText(`4. Top answers (answered`);
  await expect(
    result.getByRole('list', { name: 'Top answers' }).getByRole('listitem').first(),
  ).toContainText(MILWAUKEE);
  await expect(page.getByRole('list', { name: 'Suggested words' })).toContainText('Oshkosh');
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/storyfiles/${seeded.id}?tab=interact`);
  await page.getByRole('button', { name: 'Start the conversation' }).click();
  const after = await askByVoice(page);
  expect(after.decision).toEqual({ kind: 'answer', questionId: milwaukeeId });
  expect(after.media!.url).toContain(`/media/${milwaukeeVideo}/`);
  await expect(page.getByLabel(`${name}, speaking`)).toHaveAttribute(
    'src',
    new RegExp(`/media/${milwaukeeVideo}/`),
  );
  const grammars = await page.evaluate(
    () => (globalThis as unknown as { __hintGrammars: string[] }).__hintGrammars,
  );
  expect(grammars.at(-1)).toContain('Milwaukee');
});
