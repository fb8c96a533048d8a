import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { getNamespaceId, makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signInInNewContext } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/learning';
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** What the test reads of a `<video>` (this project's e2e types have no DOM library). */
type VideoState = { currentSrc: string; currentTime: number; paused: boolean; muted: boolean };
type VideoDocument = { document: { querySelector(selector: string): VideoState | null } };

/** Waits until the `<video>` labelled `label` plays a source and has advanced. */
async function waitForPlaying(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (name) => {
      const video = (globalThis as unknown as VideoDocument).document.querySelector(
        `video[aria-label="${name}"]`,
      );
      return video !== null && video.currentSrc !== '' && video.currentTime > 0;
    },
    label,
    { timeout: 20_000 },
  );
}

/**
 * Waits until the player's speaking video plays the video `videoId` (its signed URL names it) and
 * has advanced; answers whether it plays with sound.
 */
async function waitForSpeaking(page: Page, name: string, videoId: string): Promise<boolean> {
  const handle = await page.waitForFunction(
    ({ label, id }) => {
      const video = (globalThis as unknown as VideoDocument).document.querySelector(
        `video[aria-label="${label}"]`,
      );
      return video && video.currentSrc.includes(`/media/${id}/`) && video.currentTime > 0
        ? { muted: video.muted }
        : null;
    },
    { label: `${name}, speaking`, id: videoId },
    { timeout: 20_000 },
  );
  return !(await handle.jsonValue())!.muted;
}

/** The lines of a CSV the page offers for download (the browser's file, read back). */
async function readCsvLines(download: Download): Promise<string[]> {
  return readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
}

// Issue 18's flow: an owner of an organization with the learning module makes an activity with
// the rule "ask 3 questions" on a storyfile with recorded answers and invites a student; the
// student joins, signs in through the studio's identity provider, sees only their activity and
// talks to the storyfile in the studio's conversation player (idle loop, intro, a starter, typed
// questions) while the progress bar fills; the owner's roster says "Completed" and exports it,
// and the student's transcript plays the answers, attempt by attempt, and exports. axe judges
// every learning screen on the way.
test('an owner assigns an "ask 3 questions" activity; the student completes it; roster and transcript show it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const suffix = makeSuffix();
  const organization = E2E.namespaces.learningOnly.label;
  const owner = await signInInNewContext(browser, E2E.users.ownerWithLearning);

  // A storyfile of the learning organization, each question answered by a processed video.
  const storyfile = await seedStoryfile(
    owner,
    `Engineer ${suffix}`,
    [
      {
        name: 'The device',
        questions: [
          'What does the device do?',
          'Who built the first one?',
          'How long did it take to build?',
        ],
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
      makeTestVideo({ frequency: 440 + index * 220, seconds: 3 }),
    );
  }
  for (const [clipKind, frequency] of [
    ['idle', 220],
    ['intro', 330],
  ] as const) {
    await uploadProcessedVideo(
      owner,
      storyfile.id,
      { clipKind },
      makeTestVideo({ frequency, seconds: 2 }),
    );
  }
  const starters = await owner.request.put(`/v1/conversa/storyfiles/${storyfile.id}/starters`, {
    headers: WRITE_HEADERS,
    data: { questionIds: [questions[0]!.id] },
  });
  expect(starters.ok(), await starters.text()).toBe(true);
  const videosResponse = await owner.request.get(`/v1/conversa/storyfiles/${storyfile.id}/videos`, {
    headers: WRITE_HEADERS,
  });
  const { videos } = (await videosResponse.json()) as {
    videos: { id: string; questionId: string | null; clipKind: string | null }[];
  };
  const videoOf = (match: (video: (typeof videos)[number]) => boolean) => videos.find(match)!.id;
  const introVideo = videoOf((video) => video.clipKind === 'intro');
  const idleVideo = videoOf((video) => video.clipKind === 'idle');
  const answerVideos = questions.map((question) =>
    videoOf((video) => video.questionId === question.id),
  );

  // The owner invites a student; no mail server is set up, so the screen shows the link.
  const studentEmail = `student-${suffix}@e2e.test`;
  const studentPassword = 'student-password-1';
  await owner.goto('/learning/students');
  await expect(owner.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Invite students' })).toBeVisible();
  await expectNoSeriousAxeViolations(owner);
  await owner.getByLabel('Email addresses').fill(studentEmail);
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(owner.getByText('1 student invited.')).toBeVisible();
  const linkItem = owner.getByRole('listitem').filter({ hasText: studentEmail });
  const link = (await linkItem.locator('code').textContent())!.trim();
  expect(link).toMatch(/^http/);
  await expect(owner.getByText(`Invited, not signed in yet: ${studentEmail}`)).toBeVisible();

  // The student accepts in a browser of their own and signs in (real OIDC through the studio).
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await student.goto(link);
  await student.getByLabel('First name').fill('Sam');
  await student.getByLabel('Last name').fill(`Student ${suffix}`);
  await student.getByLabel('Choose a password').fill(studentPassword);
  await student.getByRole('button', { name: 'Set password and join' }).click();
  await student.getByRole('link', { name: 'Sign in' }).click();
  await student.getByLabel('Email').fill(studentEmail);
  await student.getByLabel('Password').fill(studentPassword);
  await student.getByRole('button', { name: 'Sign in' }).click();
  // A student lands on My Activities, whatever the studio's home is.
  await expect(student).toHaveURL(/\/learning\/my_activities$/);
  await expect(student.getByText('No activities are assigned to you yet.')).toBeVisible();
  const studentName = `Sam Student ${suffix}`;

  // The owner creates the activity, assigned to the student, with the rule "ask 3 questions".
  const title = `Interview the engineer ${suffix}`;
  await owner.goto('/learning');
  await expect(owner.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(owner);
  await owner.getByRole('button', { name: 'New activity' }).click();
  const form = owner.getByRole('dialog', { name: 'New activity' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Instructions').fill('Ask the engineer about the device.');
  await form.getByRole('checkbox', { name: storyfile.name }).check();
  await form.getByLabel('Questions asked').fill('3');
  await form.getByRole('checkbox', { name: studentName }).check();
  await expectNoSeriousAxeViolations(owner);
  await form.getByRole('button', { name: 'Create activity' }).click();
  await expect(form).toBeHidden();
  await expect(owner.getByText('Activity saved.')).toBeVisible();
  const card = owner
    .getByRole('listitem')
    .filter({ has: owner.getByRole('heading', { name: title }) });
  const roster = card.getByRole('region', { name: `Roster of ${title}` });
  const rosterRow = roster.getByRole('row').filter({ hasText: studentName });
  await expect(rosterRow.getByText('Not started')).toBeVisible();
  await expectNoSeriousAxeViolations(owner);

  // The student sees their one activity, and nothing else of the studio.
  await student.reload();
  const menuLinks = student.getByRole('navigation', { name: 'Main menu' }).getByRole('link');
  // Beside the studio's name (home) and the help centre, the menu holds My Activities alone.
  await expect(menuLinks).toHaveText([/^Conversa/, 'My Activities', /^Help Center/]);
  const activities = student.getByRole('main').getByRole('listitem');
  await expect(activities).toHaveCount(1);
  await expect(activities.first()).toContainText(title);
  await expectNoSeriousAxeViolations(student);
  await activities.first().getByRole('button', { name: 'Open' }).click();
  // Opening moves focus to the activity; its instructions and progress sit beside the player.
  await expect(student.getByRole('heading', { name: title, level: 2 })).toBeFocused();
  await expect(student.getByText('Ask the engineer about the device.')).toBeVisible();
  await expect(student.getByText('To complete: ask 3 questions')).toBeVisible();
  const progress = student.getByRole('progressbar', { name: 'Your progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(student.getByText('No questions asked yet.')).toBeVisible();

  // The studio's player: the idle loop waits muted; Start plays the intro with sound.
  const name = storyfile.name;
  const idle = student.locator(`video[aria-label="${name}, listening"]`);
  await expect
    .poll(() => idle.evaluate((video) => (video as unknown as VideoState).currentSrc))
    .toContain(`/media/${idleVideo}/`);
  expect(await idle.evaluate((video) => (video as unknown as VideoState).muted)).toBe(true);
  await expectNoSeriousAxeViolations(student);
  for (const width of [390, 1280]) {
    await student.setViewportSize({ width, height: 900 });
    await keepScreenshot(student, { path: `${SCREENSHOTS}/player-${width}.png`, fullPage: true });
  }
  await student.getByRole('button', { name: 'Start the conversation' }).click();
  const box = student.getByLabel(`Ask ${name} a question`);
  await expect(box).toBeFocused();
  expect(await waitForSpeaking(student, name, introVideo)).toBe(true);

  // The first question is the storyfile's starter; the next two are typed. The bar moves with
  // each answer, and each answer plays.
  await student
    .getByRole('list', { name: 'Conversation starters' })
    .getByRole('button', { name: questions[0]!.text })
    .click();
  await expect(progress).toHaveAttribute('aria-valuenow', '33');
  await waitForSpeaking(student, name, answerVideos[0]!);
  for (const index of [1, 2]) {
    await box.fill(questions[index]!.text);
    await box.press('Enter');
    await expect(progress).toHaveAttribute(
      'aria-valuenow',
      String(Math.round(((index + 1) / 3) * 100)),
    );
    await waitForSpeaking(student, name, answerVideos[index]!);
    await expect(box).toBeFocused();
  }
  await expect(student.getByRole('main').getByText('Completed').first()).toBeVisible();
  const transcript = student.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByText(questions[2]!.text)).toBeVisible();
  // The student's own record: one attempt of three questions.
  const ownAttempt = student.getByRole('list', { name: `Attempt 1: ${name}` });
  await expect(ownAttempt.getByRole('listitem')).toHaveCount(3);
  await expect(student.getByText(/^Started .+ · 3 questions$/)).toBeVisible();
  await expectNoSeriousAxeViolations(student);
  await keepScreenshot(student, {
    path: `${SCREENSHOTS}/player-answered-1280.png`,
    fullPage: true,
  });
  await student.setViewportSize({ width: 390, height: 900 });
  await keepScreenshot(student, { path: `${SCREENSHOTS}/player-answered-390.png`, fullPage: true });

  // The owner's roster says the student completed the activity.
  await owner.reload();
  await card.getByRole('button', { name: 'Roster' }).click();
  await expect(rosterRow.getByText('Completed')).toBeVisible();
  await expect(rosterRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(rosterRow.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  const [rosterFile] = await Promise.all([
    owner.waitForEvent('download'),
    card.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(rosterFile.suggestedFilename()).toMatch(/^roster-[0-9a-f-]+\.csv$/);
  const rosterLines = await readCsvLines(rosterFile);
  expect(rosterLines[0]).toBe(
    'Student,Email,State,Progress (%),First activity,Last activity,Questions asked,Thumbs up,Thumbs down',
  );
  // No cell of this roster holds a comma or a quote, so a line splits on commas.
  const studentRow = rosterLines.find((line) => line.startsWith(`${studentName},`))?.split(',');
  expect(studentRow).toEqual([
    studentName,
    studentEmail,
    'Completed',
    '100',
    expect.stringMatching(ISO_TIME),
    expect.stringMatching(ISO_TIME),
    '3',
    '0',
    '0',
  ]);

  // The student's page: the activity completed, and the transcript plays the answers.
  await owner.goto('/learning/students');
  await owner
    .getByRole('listitem')
    .filter({ hasText: studentName })
    .getByRole('button', { name: 'Open' })
    .click();
  const page = owner.getByRole('region', { name: studentName });
  const activityArticle = page.getByRole('article').filter({ hasText: title });
  await expect(activityArticle.getByText('Completed')).toBeVisible();
  const attempt = activityArticle.getByRole('list', { name: `Attempt 1: ${storyfile.name}` });
  await expect(attempt.getByRole('listitem')).toHaveCount(3);
  await expect(activityArticle.getByText(/^Started .+ · 3 questions$/)).toBeVisible();
  for (const question of questions) {
    await expect(attempt.getByText(`Answered: ${question.text}`)).toBeVisible();
  }
  await expectNoSeriousAxeViolations(owner);
  const firstAnswer = `Answer to: ${questions[0]!.text}`;
  await attempt.getByLabel(firstAnswer).evaluate((video) => {
    void (video as unknown as { play(): Promise<void> }).play();
  });
  await waitForPlaying(owner, firstAnswer);

  // The transcript export: one row per exchange, with its attempt and storyfile.
  const [transcriptFile] = await Promise.all([
    owner.waitForEvent('download'),
    activityArticle.getByRole('button', { name: 'Export transcript' }).click(),
  ]);
  const transcriptLines = await readCsvLines(transcriptFile);
  expect(transcriptLines[0]).toBe('Attempt (started at),Storyfile,Asked at,Question,Answer,Rating');
  expect(transcriptLines).toHaveLength(4);
  const transcriptRows = transcriptLines.slice(1).map((line) => line.split(','));
  const attemptStart = transcriptRows[0]![0]!;
  expect(attemptStart).toMatch(ISO_TIME);
  expect(transcriptRows).toEqual(
    questions.map((question) => [
      attemptStart,
      storyfile.name,
      expect.stringMatching(ISO_TIME),
      question.text,
      question.text,
      '',
    ]),
  );
  await owner.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(owner, { path: `${SCREENSHOTS}/student-page-1280.png`, fullPage: true });
  await owner.setViewportSize({ width: 390, height: 900 });
  await keepScreenshot(owner, { path: `${SCREENSHOTS}/student-page-390.png`, fullPage: true });

  // An activity past its close date is readable but not startable: the reason, and no player.
  const organizationId = await getNamespaceId(owner, organization);
  const studentsResponse = await owner.request.get(
    `/v1/conversa/learning/students?organizationId=${organizationId}`,
    { headers: WRITE_HEADERS },
  );
  const { items: studentRows } = (await studentsResponse.json()) as {
    items: { id: string; email: string }[];
  };
  // A title of 120 characters: the list and the activity must still fit 390 px.
  const closedTitle =
    `Closed interview ${suffix} about the device, who built the first one and how long it took to build it, and what it does today`.slice(
      0,
      120,
    );
  const closed = await owner.request.post('/v1/conversa/learning/activities', {
    headers: WRITE_HEADERS,
    data: {
      organizationId,
      title: closedTitle,
      instructions: 'This interview has ended.',
      storyfileIds: [storyfile.id],
      openAt: new Date(Date.now() - 48 * 3_600_000).toISOString(),
      closeAt: new Date(Date.now() - 3_600_000).toISOString(),
      rule: { questionsAsked: 1 },
      studentIds: [studentRows.find((row) => row.email === studentEmail)!.id],
    },
  });
  expect(closed.status(), await closed.text()).toBe(201);
  await student.setViewportSize({ width: 1280, height: 900 });
  await student.goto('/learning/my_activities');
  await student
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: closedTitle })
    .getByRole('button', { name: 'Read' })
    .click();
  await expect(student.getByRole('heading', { name: closedTitle, level: 2 })).toBeFocused();
  await expect(student.getByText('This interview has ended.')).toBeVisible();
  await expect(student.getByRole('alert')).toHaveText('Warning! This activity is closed.');
  await expect(student.getByText('The conversation cannot be started now.')).toBeVisible();
  await expect(student.getByRole('button', { name: 'Start the conversation' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(student);
  for (const width of [390, 1280]) {
    await student.setViewportSize({ width, height: 900 });
    await keepScreenshot(student, { path: `${SCREENSHOTS}/closed-${width}.png`, fullPage: true });
  }

  await studentContext.close();
  await owner.context().close();
});
