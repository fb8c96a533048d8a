import { createRequire, syncBuiltinESMExports } from 'node:module';
import type * as Crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { checkPassword, createUser, MAX_FAILED_LOGINS } from './users.service.ts';

// Issue 43, items 5 and 6: a wrong password for a real account cost a scrypt (~85 ms) and an
// unknown email none (~4 ms), and "This account is locked until ..." appeared for real accounts
// only; and five wrong passwords from anywhere locked anyone's account, the platform admin's too.

/** How many scrypt derivations `run` makes (node:crypto's, wrapped; tests time nothing). */
async function countScrypts(run: () => Promise<unknown>): Promise<number> {
  const crypto = createRequire(import.meta.url)('node:crypto') as typeof Crypto;
  const original = crypto.scrypt;
  let count = 0;
  crypto.scrypt = ((...args: Parameters<typeof original>) => {
    count += 1;
    return (original as (...rest: unknown[]) => void)(...args);
  }) as typeof original;
  syncBuiltinESMExports();
  try {
    await run();
  } finally {
    crypto.scrypt = original;
    syncBuiltinESMExports();
  }
  return count;
}

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
  await createUser(studio.database.db, { email: 'real@acme.test', password: 'real-password' });
  await createUser(studio.database.db, { email: 'target@acme.test', password: 'target-password' });
});

afterAll(async () => {
  await studio?.stop();
});

/** The sign-in page's error sentence, its time of day made neutral. */
async function signInError(email: string, password: string): Promise<string> {
  const { body } = await signIn(new TestBrowser(studio.baseUrl), email, password);
  const error = /class="error"[^>]*>([^<]*)</.exec(body)?.[1] ?? body;
  return error.replace(/until [^.]*UTC\./, 'until <time> UTC.');
}

describe('sign-in answers reveal no account (issue 43, item 5)', () => {
  it('hashes a dummy password for an unknown email, as for a real one', async () => {
    const { db } = studio.database;
    // The dummy hash is made once, on first use: not counted below.
    await checkPassword(db, 'first@acme.test', 'a-guess', '192.0.2.1');
    const real = await countScrypts(() =>
      checkPassword(db, 'real@acme.test', 'a-guess', '192.0.2.1'),
    );
    const unknown = await countScrypts(() =>
      checkPassword(db, 'nobody@acme.test', 'a-guess', '192.0.2.1'),
    );
    expect(real).toBe(1);
    expect(unknown).toBe(real);
  });

  it('answers an unknown email and a real one with the same words, the lock included', async () => {
    const real: string[] = [];
    const unknown: string[] = [];
    for (let attempt = 1; attempt <= MAX_FAILED_LOGINS + 1; attempt += 1) {
      real.push(await signInError('real@acme.test', 'wrong-password'));
      unknown.push(await signInError('nobody@acme.test', 'wrong-password'));
    }
    expect(unknown).toEqual(real);
    expect(real[0]).toBe('The email or password is not correct.');
    expect(real.at(-1)).toBe('Too many failed attempts. This account is locked until <time> UTC.');
  });
});

describe('a lock applies to the source that failed (issue 43, item 6)', () => {
  it('locks the attacking address out, and lets the person in from their own', async () => {
    const { db } = studio.database;
    for (let attempt = 1; attempt <= MAX_FAILED_LOGINS; attempt += 1) {
      await checkPassword(db, 'target@acme.test', 'a-guess', '198.51.100.7');
    }
    expect(await checkPassword(db, 'target@acme.test', 'target-password', '198.51.100.7')).toEqual(
      expect.objectContaining({ ok: false, reason: 'locked' }),
    );
    expect(await checkPassword(db, 'target@acme.test', 'target-password', '203.0.113.9')).toEqual(
      expect.objectContaining({ ok: true }),
    );
  });
});
