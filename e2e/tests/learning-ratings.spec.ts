import { readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { getNamespaceId, makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signInInNewContext } from '../support/auth';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/learning-ratings';

async function readCsvLines(download: Download): Promise<string[]> {
  return readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
}

// Issue 68, item 11, as a teacher and a student met it: a storyfile with a published ink story
// took the student's free question as a story choice and ended "The end." after the first of "3
// questions"; a student who asked without rating and reloaded could never rate those answers; the
// teacher's exports carried no ratings, though the screen shows them.
test('an activity on a storyfile with a published ink story answers and counts its 3 free questions; the student rates earlier answers after a reload, wide and at 390 px; the exports carry the ratings', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const suffix = makeSuffix();
  const organization = E2E.namespaces.learningOnly.label;
  const owner = await signInInNewContext(browser, E2E.users.ownerWithLearning);
  const organizationId = await getNamespaceId(owner, organization);
  const storyfile = await seedStoryfile(
    owner,
    `Storyteller ${suffix}`,
    [
      {
        name: 'Her life',
        questions: ['Where did you grow up?', 'What was your first job?', 'Do you have children?'],
      },
    ],
    organization,
  );
  const questions = storyfile.topics[0]!.questions;
  for (const [index, question] of questions.entries()) {
    await uploadProcessedVideo(
      owner,
      storyfile.id,
      { questionId: question.id },
      makeTestVideo({ frequency: 440 + index * 220, seconds: 2 }),
    );
  }
  // A published story whose choice is the first question, word for word.
  const storyPath = `/v1/conversa/storyfiles/${storyfile.id}/ink-story`;
  const saved = await owner.request.post(`${storyPath}/versions`, {
    headers: WRITE_HEADERS,
    data: {
      source: `Hello!\n* [${questions[0]!.text}] -> done\n== done\nThat was my story.\n-> END\n`,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const published = await owner.request.post(`${storyPath}/versions/1/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.status(), await published.text()).toBe(200);

  // A student, invited and joined through the link (no mail server here).
  const studentEmail = `rater-${suffix}@e2e.test`;
  const studentName = `Rita Rater ${suffix}`;
  const invited = await owner.request.post(
    `/v1/conversa/organizations/${organizationId}/invitations`,
    {
      headers: WRITE_HEADERS,
      data: {
        emails: [studentEmail],
        names: { [studentEmail]: studentName },
        scope: 'restricted:ns',
        teamIds: [],
      },
    },
  );
  expect(invited.status(), await invited.text()).toBe(201);
  const { results } = (await invited.json()) as { results: { link: string | null }[] };
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await student.goto(results[0]!.link!);
  await student.getByLabel('Choose a password').fill('student-password-1');
  await student.getByRole('button', { name: 'Set password and join' }).click();
  await student.getByRole('link', { name: 'Sign in' }).click();
  await student.getByLabel('Email').fill(studentEmail);
  await student.getByLabel('Password').fill('student-password-1');
  await student.getByRole('button', { name: 'Sign in' }).click();
  await expect(student).toHaveURL(/\/learning\/my_activities$/);

  const studentsResponse = await owner.request.get(
    `/v1/conversa/learning/students?organizationId=${organizationId}`,
    { headers: WRITE_HEADERS },
  );
  const { items } = (await studentsResponse.json()) as { items: { id: string; email: string }[] };
  const title = `Three questions ${suffix}`;
  const created = await owner.request.post('/v1/conversa/learning/activities', {
    headers: WRITE_HEADERS,
    data: {
      organizationId,
      title,
      instructions: 'Ask three questions.',
      storyfileIds: [storyfile.id],
      rule: { questionsAsked: 3 },
      studentIds: [items.find((row) => row.email === studentEmail)!.id],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: activityId } = (await created.json()) as { id: string };

  // Three free questions, typed without rating: each answered as asked, none a story's choice.
  await student.goto(`/learning/my_activities?activity=${activityId}`);
  await student.getByRole('button', { name: 'Start the conversation' }).click();
  const box = student.getByLabel(`Ask ${storyfile.name} a question`);
  const progress = student.getByRole('progressbar', { name: 'Your progress' });
  for (const [index, question] of questions.entries()) {
    await box.fill(question.text);
    await box.press('Enter');
    await expect(progress).toHaveAttribute(
      'aria-valuenow',
      String(Math.round(((index + 1) / 3) * 100)),
    );
  }
  await expect(student.getByText('The end.')).toHaveCount(0);
  await expect(student.getByRole('list', { name: 'Suggested questions' })).toHaveCount(0);
  const attempt = student.getByRole('list', { name: `Attempt 1: ${storyfile.name}` });
  await expect(attempt.getByRole('listitem')).toHaveCount(3);
  for (const question of questions) {
    await expect(attempt.getByText(`Answered: ${question.text}`)).toBeVisible();
  }

  // After a reload the answers are only in "Your attempts": the student rates them there.
  for (const [width, index, label, rated] of [
    [1280, 0, 'Good answer', 'Rated thumbs up'],
    [390, 1, 'Bad answer', 'Rated thumbs down'],
  ] as const) {
    await student.setViewportSize({ width, height: 900 });
    await student.reload();
    const entry = attempt.getByRole('listitem').nth(index);
    await expect(entry).toContainText(questions[index]!.text);
    const thumb = entry
      .getByRole('group', { name: 'Rate this answer' })
      .getByRole('button', { name: label });
    await thumb.focus();
    await student.keyboard.press('Enter');
    await expect(entry.getByText(rated)).toBeVisible();
    await keepScreenshot(student, { path: `${SCREENSHOTS}/attempts-${width}.png`, fullPage: true });
    await student.reload();
    await expect(attempt.getByRole('listitem').nth(index).getByText(rated)).toBeVisible();
    await expect(
      attempt.getByRole('listitem').nth(index).getByRole('group', { name: 'Rate this answer' }),
    ).toHaveCount(0);
  }

  // The teacher's exports carry the ratings the student page shows.
  await owner.goto('/learning/students');
  await owner
    .getByRole('listitem')
    .filter({ hasText: studentName })
    .getByRole('button', { name: 'Open' })
    .click();
  const activityArticle = owner
    .getByRole('region', { name: studentName })
    .getByRole('article')
    .filter({ hasText: title });
  await expect(activityArticle.getByText('Rated thumbs up')).toBeVisible();
  const [transcriptFile] = await Promise.all([
    owner.waitForEvent('download'),
    activityArticle.getByRole('button', { name: 'Export transcript' }).click(),
  ]);
  const transcriptLines = await readCsvLines(transcriptFile);
  expect(transcriptLines[0]).toBe('Attempt (started at),Storyfile,Asked at,Question,Answer,Rating');
  expect(transcriptLines.slice(1).map((line) => line.split(',').slice(3))).toEqual([
    [questions[0]!.text, questions[0]!.text, 'Thumbs up'],
    [questions[1]!.text, questions[1]!.text, 'Thumbs down'],
    [questions[2]!.text, questions[2]!.text, ''],
  ]);
  await owner.goto('/learning');
  const card = owner
    .getByRole('listitem')
    .filter({ has: owner.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: 'Roster' }).click();
  const [rosterFile] = await Promise.all([
    owner.waitForEvent('download'),
    card.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rosterLines = await readCsvLines(rosterFile);
  expect(rosterLines[0]).toBe(
    'Student,Email,State,Progress (%),First activity,Last activity,Questions asked,Thumbs up,Thumbs down',
  );
  const row = rosterLines.find((line) => line.startsWith(`${studentName},`))!.split(',');
  expect(row.slice(2, 3).concat(row.slice(6))).toEqual(['Completed', '3', '1', '1']);

  await studentContext.close();
  await owner.context().close();
});
