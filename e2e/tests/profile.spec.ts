import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeSuffix, seedStoryfile } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/profile';

/** A 96×96 png made with ffmpeg at test time. */
function makePng(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'conversa-e2e-png-')), 'me.png');
  execFileSync(process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x2563eb:s=96x96',
    '-frames:v',
    '1',
    file,
  ]);
  return readFileSync(file);
}

test('My Profile shows who you are and your roles, and uploads a new picture', async ({ page }) => {
  await signIn(page, E2E.users.editor);
  await page.goto('/account/my_profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  const you = page.getByRole('region', { name: 'You', exact: true });
  await expect(you.getByText('Eda Editor')).toBeVisible();
  await expect(you.getByText(E2E.users.editor.email)).toBeVisible();
  const namespaces = page.getByRole('region', { name: 'Your namespaces' });
  await expect(namespaces.getByRole('row', { name: /acme Content Creator/ })).toBeVisible();

  // Without a picture the avatars show the product logo (spec §3).
  const menuAvatar = page.getByRole('region', { name: 'Your account' }).locator('img').first();
  await expect(menuAvatar).toHaveAttribute('src', /logo/);

  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/files/')) {
      uploads.push(`${request.method()} ${request.headers()['upload-metadata'] ? 'meta' : ''}`);
    }
  });
  await page.getByTestId('avatar-file-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  await expect(page.getByText('Successfully uploaded avatar.')).toBeVisible();
  expect(uploads[0]).toBe('POST meta');

  // The current-user-updated event reloads every avatar of the user with a new timestamp.
  await expect(menuAvatar).toHaveAttribute('src', /\/avatar\/[^/]+\/type\/user\?timestamp=\d+/);
  await expect
    .poll(() =>
      menuAvatar.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
    )
    .toBe(96);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/my-profile.png`, fullPage: true });

  // After a reload the picture is still there (served by the studio, not kept in the page).
  await page.reload();
  await expect
    .poll(() =>
      menuAvatar.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
    )
    .toBe(96);
});

test('a file that only claims to be a png is refused with the spec message', async ({ page }) => {
  await signIn(page, E2E.users.viewer);
  await page.goto('/account/my_profile');
  const fake = path.join(mkdtempSync(path.join(tmpdir(), 'conversa-e2e-fake-')), 'fake.png');
  writeFileSync(fake, 'this is text, not a picture');
  await page.getByTestId('avatar-file-input').setInputFiles(fake);
  await expect(
    page.getByText('An error occurred while trying to upload the avatar.'),
  ).toBeVisible();

  await page.getByTestId('avatar-file-input').setInputFiles({
    name: 'me.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByRole('alert')).toHaveText('An avatar must be a png or jpeg image.');
});

test("an editor sets a storyfile's picture in its settings", async ({ page }) => {
  await signIn(page, E2E.users.editor);
  const storyfile = await seedStoryfile(page, `Picture ${makeSuffix()}`);
  await page.goto(`/storyfiles/${storyfile.id}?tab=settings`);
  const picture = page.getByRole('region', { name: 'Picture' });
  await picture.getByTestId('avatar-file-input').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: makePng(),
  });
  await expect(page.getByText('Successfully uploaded avatar.')).toBeVisible();
  const headerAvatar = page.getByRole('main').locator('header img').first();
  await expect(headerAvatar).toHaveAttribute(
    'src',
    new RegExp(`/avatar/${storyfile.id}/type/storyfile\\?timestamp=\\d+`),
  );
  await expect
    .poll(() =>
      headerAvatar.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
    )
    .toBe(96);
});
