// Issue 53, item 8: sign-in through the landing page ended at `/?signInError=failed` now and then
// on a busy machine. The cause: the landing page's silent check (`prompt=none`, in a hidden frame)
// and the person's Sign in (`flow=hybrid`) both began before either answer had come back, so
// neither brought a login binding cookie; each was given a value of its own in the one cookie, the
// later answer's won, and the sign-in whose value lost was refused at the callback as "another
// browser". Slow answers (a loaded machine) widen that window. Each sign-in now has its own
// binding cookie.
import { Worker } from 'node:worker_threads';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  getFreePort,
  startTestStudio,
  TestBrowser,
  type TestStudio,
} from '../../../test/studio.ts';
import { spawnStudio, waitUntil, waitUntilHealthy } from '../../../test/studio-process.ts';
import { createUser } from '../users/index.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

/** The provider's self-submitting form_post page: where it posts and what. */
function readFormPost(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) {
    throw new Error(`No form_post page: ${html.slice(0, 300)}`);
  }
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
    fields[match[1]!] = match[2]!.replaceAll('&amp;', '&');
  }
  return { action: action.replaceAll('&amp;', '&'), fields };
}

/**
 * What a browser does after pressing Sign in (its start already answered): the provider's page,
 * the password, the provider's form post to the callback; answers where it ends.
 */
async function finishSignIn(
  browser: TestBrowser,
  start: Response,
  email: string,
  password: string,
): Promise<string> {
  expect(start.status).toBe(303);
  const loginPage = await browser.follow(start.headers.get('location')!);
  const html = await loginPage.response.text();
  const action = /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!action) {
    throw new Error(`No sign-in form at ${loginPage.url}: ${html.slice(0, 300)}`);
  }
  const answered = await browser.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const { action: callback, fields } = readFormPost(await answered.response.text());
  const ended = await browser.follow(callback, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return new URL(ended.url).pathname + new URL(ended.url).search;
}

/** The hidden frame's walk: the `prompt=none` answer through the provider to the done page. */
async function finishSilentCheck(browser: TestBrowser, start: Response): Promise<string> {
  expect(start.status).toBe(303);
  const ended = await browser.follow(start.headers.get('location')!);
  return new URL(ended.url).pathname + new URL(ended.url).search;
}

async function createPerson(index: number): Promise<{ email: string; password: string }> {
  const person = { email: `person-${index}-${Date.now()}@load.test`, password: 'person-password' };
  await createUser(studio.database.db, person);
  return person;
}

describe('sign-in while the silent check is still under way', () => {
  it('the silent check answering last does not undo the sign-in (its cookie lands after the Sign in one)', async () => {
    const person = await createPerson(0);
    const browser = new TestBrowser(studio.baseUrl);
    // Both sent before any answer: neither carries a cookie. The silent check's answer arrives
    // last, as it did when the machine was busy, and its cookies are stored last.
    const silentStart = fetch(`${studio.baseUrl}/api/auth/login?prompt=none`, {
      redirect: 'manual',
    });
    const signInStart = await browser.request('/api/auth/login?flow=hybrid');
    const silent = await silentStart;
    for (const header of silent.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      browser.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    expect(await finishSilentCheck(browser, silent)).toBe(
      '/api/auth/silent-check-done?result=login-required',
    );
    expect(await finishSignIn(browser, signInStart, person.email, person.password)).toBe(
      '/dashboard',
    );
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
  });
});

/** Busy loops on every core until stopped: a loaded machine, bounded by the test. */
function startCpuBurners(): { stop(): Promise<void> } {
  const burners = Array.from(
    { length: Math.max(2, availableParallelism()) },
    () =>
      new Worker(
        `const { parentPort } = require('node:worker_threads');
         let stop = false;
         parentPort.on('message', () => { stop = true; });
         (function burn() {
           const until = Date.now() + 50;
           while (Date.now() < until) {}
           if (!stop) setImmediate(burn); else process.exit(0);
         })();`,
        { eval: true },
      ),
  );
  return {
    async stop() {
      await Promise.all(burners.map((burner) => burner.terminate()));
    },
  };
}

describe('sign-in on a busy machine', () => {
  // 12 sign-ins, each raced by its landing page's silent check, while every core is kept busy.
  // The limit bounds a hang; nothing here is timed.
  it('every sign-in ends on the dashboard', { timeout: 300_000 }, async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => createPerson(i + 1)));
    const burners = startCpuBurners();
    const endings: string[] = [];
    try {
      for (const person of people) {
        const browser = new TestBrowser(studio.baseUrl);
        // A person who presses Sign in before the silent check has answered: the two starts go
        // out together, and whichever answers last sets its cookies last, as in a browser.
        const [silent, signInStart] = await Promise.all([
          browser.request('/api/auth/login?prompt=none'),
          browser.request('/api/auth/login?flow=hybrid'),
        ]);
        await finishSilentCheck(browser, silent);
        endings.push(await finishSignIn(browser, signInStart, person.email, person.password));
      }
    } finally {
      await burners.stop();
    }
    expect(endings).toEqual(people.map(() => '/dashboard'));
  });
});

describe('a sign-in that fails', () => {
  // The landing page's URL carries a code only; the studio's log (at warn, a production studio's
  // level) says why, as fields a log search can filter on.
  it('is logged with its code and reason', { timeout: 240_000 }, async () => {
    const port = await getFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const studioProcess = spawnStudio({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: await createTestDatabase(),
      DATA_DIR: path.join(tmpdir(), `conversa-test-${port}`),
      STUDIO_DEFAULT_NAMESPACE: '',
      LOG_LEVEL: 'warn',
    });
    try {
      await waitUntilHealthy(studioProcess, baseUrl);
      const answer = await fetch(`${baseUrl}/api/auth/callback?state=forged-state&code=x`, {
        redirect: 'manual',
      });
      expect(answer.headers.get('location')).toBe('/?signInError=expired');
      await waitUntil(
        () => Promise.resolve(studioProcess.output().includes('"msg":"sign-in failed"')),
        30_000,
        'the failure in the log',
      );
      const line = studioProcess
        .output()
        .split('\n')
        .find((entry) => entry.includes('"msg":"sign-in failed"'))!;
      expect(JSON.parse(line)).toMatchObject({
        level: 40,
        code: 'expired',
        reason: 'This sign-in has expired. Please sign in again.',
        isSilent: false,
        hasBinding: false,
        flow: 'code',
      });
    } finally {
      await studioProcess.killHard();
    }
  });
});
