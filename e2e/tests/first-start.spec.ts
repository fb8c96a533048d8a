import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

// The two README commands and then the browser: a studio started on an empty data directory (a
// private mode-700 one, as `mktemp -d` makes) with no admin configured prints its admin and its
// namespace, and that admin creates a storyfile with no operator CLI call.

const studioPort = E2E.studioPort + 10;
const studioUrl = `http://127.0.0.1:${studioPort}`;

let studio: ChildProcess | undefined;
let dataParent: string;
let output = '';

function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`the studio did not print ${pattern} in time; it printed:\n${output}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      const match = output.match(pattern);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match);
      } else if (studio?.exitCode != null) {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`the studio exited (${studio.exitCode}):\n${output}`));
      }
    }, 100);
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataParent = mkdtempSync(path.join(os.tmpdir(), 'conversa-first-start-'));
  expect(statSync(dataParent).mode & 0o777).toBe(0o700);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('STUDIO_')),
  );
  studio = spawn(process.execPath, [path.join(E2E.repoRoot, 'apps/server/dist/main.js')], {
    cwd: E2E.repoRoot,
    env: {
      ...env,
      PORT: String(studioPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataParent, 'data'),
      EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  studio.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  studio.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForOutput(/Conversa Studio is running at/, 110_000);
});

test.afterAll(async () => {
  if (studio && studio.exitCode === null) {
    const exited = new Promise((resolve) => studio!.once('exit', resolve));
    studio.kill('SIGTERM');
    await exited;
  }
  rmSync(dataParent, { recursive: true, force: true });
});

test('the printed admin of a fresh studio creates a storyfile in the default namespace', async ({
  page,
}) => {
  const email = output.match(/email:\s+(\S+)/)?.[1];
  const password = output.match(/password:\s+(\S+)/)?.[1];
  expect(email, output).toBeTruthy();
  expect(password, output).toBeTruthy();
  expect(output).toContain(`A namespace "My studio" was created, owned by ${email}`);

  await page.goto(studioUrl);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email!);
  await page.getByLabel('Password').fill(password!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${studioUrl}/dashboard`);

  await page.goto(`${studioUrl}/storyfiles`);
  await expect(page.getByRole('heading', { name: 'StoryFiles', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New storyfile' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New storyfile' });
  // Its one namespace needs no choosing: the dialog asks only when there are several.
  await dialog.getByLabel('Name', { exact: true }).fill('My first storyfile');
  await expect(dialog.getByText('This name is available.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create storyfile' }).click();
  await expect(page).toHaveURL(/\/storyfiles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'My first storyfile', level: 1 })).toBeVisible();
  await expect(page.getByText('My studio').first()).toBeVisible();
  await keepScreenshot(page, { path: 'test-results/first-start/storyfile.png', fullPage: true });
});
