import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile } from '../support/api';
import { signInInNewContext } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';

/** What the test reads of a `<video>` (this project's e2e types have no DOM library). */
type VideoState = { currentSrc: string; currentTime: number; paused: boolean };
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

// Issue 18's flow: an owner of an organization with the learning module makes an activity with
// the rule "ask 3 questions" on a storyfile with recorded answers and invites a student; the
// student joins, signs in through the studio's identity provider, sees only their activity and
// asks 3 questions while the progress bar fills; the owner's roster says "Completed" and the
// student's transcript plays the answers. axe judges every learning screen on the way.
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
  await expect(student.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(student.getByText('To complete: ask 3 questions')).toBeVisible();
  const progress = student.getByRole('progressbar', { name: 'Your progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expectNoSeriousAxeViolations(student);

  const box = student.getByLabel('Your question');
  for (const [index, question] of questions.entries()) {
    await box.fill(question.text);
    await box.press('Enter');
    await expect(progress).toHaveAttribute(
      'aria-valuenow',
      String(Math.round(((index + 1) / 3) * 100)),
    );
    await waitForPlaying(student, 'Answer');
    await expect(box).toBeFocused();
  }
  await expect(student.getByRole('main').getByText('Completed').first()).toBeVisible();
  await expectNoSeriousAxeViolations(student);

  // The owner's roster says the student completed the activity.
  await owner.reload();
  await card.getByRole('button', { name: 'Roster' }).click();
  await expect(rosterRow.getByText('Completed')).toBeVisible();
  await expect(rosterRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(rosterRow.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  // The student's page: the activity completed, and the transcript plays the answers.
  await owner.goto('/learning/students');
  await owner
    .getByRole('listitem')
    .filter({ hasText: studentName })
    .getByRole('button', { name: 'Open' })
    .click();
  const page = owner.getByRole('region', { name: studentName });
  const attempt = page.getByRole('article').filter({ hasText: title });
  await expect(attempt.getByText('Completed')).toBeVisible();
  const transcript = attempt.getByRole('listitem');
  await expect(transcript).toHaveCount(3);
  for (const question of questions) {
    await expect(attempt.getByText(`Answered: ${question.text}`)).toBeVisible();
  }
  await expectNoSeriousAxeViolations(owner);
  const firstAnswer = `Answer to: ${questions[0]!.text}`;
  await attempt.getByLabel(firstAnswer).evaluate((video) => {
    void (video as unknown as { play(): Promise<void> }).play();
  });
  await waitForPlaying(owner, firstAnswer);

  await studentContext.close();
  await owner.context().close();
});
