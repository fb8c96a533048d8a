import { expect, test } from '@playwright/test';
import { makeSuffix } from '../support/api';
import { signInInNewContext } from '../support/auth';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

// Issue 44: an owner of an organization without LEARNING_MODULE invited a student, who landed on
// "No access to My Activities — Error! This feature is not enabled for your account." with a link
// back to the same page. The owner is now told before inviting; the student is told why and whom
// to ask, and their pages log no error in the console.
test('an owner is told before inviting a student where learning is off; the student is told why', async ({
  browser,
}) => {
  const owner = await signInInNewContext(browser, E2E.users.owner);
  const suffix = makeSuffix();
  const studentEmail = `offline-student-${suffix}@e2e.test`;
  const studentPassword = 'student-password-1';

  await owner.goto('/account/users');
  await owner.getByRole('button', { name: 'Invite people' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite people' });
  await dialog.getByLabel('Email addresses').fill(studentEmail);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByLabel('Role').selectOption({ label: 'Restricted User' });
  await expect(dialog.getByRole('alert')).toHaveText(
    `Warning! ${E2E.namespaces.plain.label} does not have the learning module: its students (the Restricted User role) cannot open any activity until it is turned on. A platform admin turns it on in Account › Organizations.`,
  );
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  const link = await dialog.getByLabel(`Invitation link for ${studentEmail}`).inputValue();
  expect(link).toMatch(/^http/);

  const studentContext = await browser.newContext();
  try {
    const student = await studentContext.newPage();
    const consoleErrors: string[] = [];
    student.on('console', (message) => {
      if (message.type() === 'error') {
        consoleErrors.push(`${message.text()} (${message.location().url})`);
      }
    });
    await student.goto(link);
    await student.getByLabel('First name').fill('Olu');
    await student.getByLabel('Last name').fill(`Student ${suffix}`);
    await student.getByLabel('Choose a password').fill(studentPassword);
    await student.getByRole('button', { name: 'Set password and join' }).click();
    await student.getByRole('link', { name: 'Sign in' }).click();
    await student.getByLabel('Email').fill(studentEmail);
    await student.getByLabel('Password').fill(studentPassword);
    await student.getByRole('button', { name: 'Sign in' }).click();
    await expect(student).toHaveURL(/\/learning\/my_activities$/);
    await expect(
      student.getByRole('heading', { name: 'Your activities are not open yet', level: 1 }),
    ).toBeVisible();
    await expect(
      student.getByText(
        `${E2E.namespaces.plain.label} has not turned on learning yet, so the activities assigned to you cannot open. Ask the person who invited you to turn on the learning module; your activities will be here as soon as it is on.`,
      ),
    ).toBeVisible();
    await expect(student.getByText('This feature is not enabled for your account.')).toHaveCount(0);
    for (const width of [390, 1440]) {
      await student.setViewportSize({ width, height: 900 });
      await keepScreenshot(student, {
        path: `test-results/issue-44/student-learning-off-${width}.png`,
      });
    }
    // The way out of the studio stays in reach.
    await expect(student.getByRole('button', { name: 'Logout' })).toBeVisible();
    await student.waitForLoadState('networkidle');
    // No 403 from the upload bar's list, no 404 for a missing picture (issue 44, item 27).
    expect(consoleErrors).toEqual([]);
  } finally {
    await studentContext.close();
    await owner.context().close();
  }
});
