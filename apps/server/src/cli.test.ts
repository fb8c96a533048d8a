import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/studio.ts';
import { runCli } from './cli.ts';

let output: string[];
let errors: string[];

// The CLI reads its configuration from the environment. Stubbed for this file only: the server
// project runs its files in shared workers (isolate: false), where the next file sees this process.
beforeAll(async () => {
  vi.stubEnv('DATABASE_URL', await createTestDatabase());
  vi.stubEnv('LOG_LEVEL', 'silent');
});

afterAll(() => {
  vi.unstubAllEnvs();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function cli(...args: string[]): Promise<number> {
  output = [];
  errors = [];
  vi.spyOn(console, 'log').mockImplementation(
    (...parts: unknown[]) => void output.push(parts.join(' ')),
  );
  vi.spyOn(console, 'error').mockImplementation(
    (...parts: unknown[]) => void errors.push(parts.join(' ')),
  );
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    errors.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    output.push(String(chunk));
    return true;
  });
  return runCli(args);
}

describe('operator CLI', () => {
  it('creates namespaces and users, grants scopes and lists them', async () => {
    expect(
      await cli(
        'namespace',
        'create',
        'studio-one',
        '--attributes',
        'LEARNING_MODULE,SSO_WHITELIST',
      ),
    ).toBe(0);
    expect(output.join('\n')).toContain(
      'Created namespace "studio-one" with LEARNING_MODULE, SSO_WHITELIST.',
    );
    expect(
      await cli(
        'user',
        'create',
        'ada@studio.test',
        '--password',
        'password-1',
        '--first-name',
        'Ada',
        '--last-name',
        'Lovelace',
      ),
    ).toBe(0);
    expect(
      await cli('user', 'create', 'root@studio.test', '--password', 'password-1', '--admin'),
    ).toBe(0);
    expect(output.join('\n')).toContain('(platform admin)');
    expect(await cli('user', 'grant', 'ada@studio.test', 'studio-one', 'edit:ns')).toBe(0);
    expect(await cli('user', 'list')).toBe(0);
    expect(output.join('\n')).toContain('ada@studio.test\tAda Lovelace\t-\tstudio-one=edit:ns');
    expect(output.join('\n')).toContain('root@studio.test\t-\tadmin\t-');
  });

  it.each([
    [
      ['user', 'grant', 'ada@studio.test', 'studio-one', 'boss:ns'],
      'Unknown scope "boss:ns". Use one of: owner:ns, edit:ns, read:ns, restricted:ns.',
    ],
    [
      ['user', 'create', 'ada@studio.test', '--password', 'password-1'],
      'A user with the email ada@studio.test already exists.',
    ],
    [
      ['user', 'grant', 'ada@studio.test', 'no-such-namespace', 'read:ns'],
      'No namespace labelled "no-such-namespace".',
    ],
    [
      ['user', 'grant', 'nobody@studio.test', 'studio-one', 'read:ns'],
      'No user with the email nobody@studio.test.',
    ],
    [
      ['user', 'create', 'not-an-email', '--password', 'password-1'],
      'Enter a valid email address.',
    ],
    [
      ['user', 'create', 'short@studio.test', '--password', 'short'],
      'A password needs at least 8 characters.',
    ],
    [['namespace', 'create', 'studio-one'], 'A namespace labelled "studio-one" already exists.'],
    [['namespace', 'create', 'x', '--attributes', 'NOPE'], 'Unknown namespace attribute "NOPE".'],
    [['user', 'create', 'nopass@studio.test'], "required option '--password <pw>' not specified"],
    [['frobnicate'], "unknown command 'frobnicate'"],
  ])('exits non-zero with a clear message for %j', async (args, message) => {
    const status = await cli(...args);
    expect(status).not.toBe(0);
    expect(errors.join('\n')).toContain(message);
  });

  it('prints help', async () => {
    expect(await cli('--help')).toBe(0);
    expect(output.join('')).toContain('namespace');
    expect(output.join('')).toContain('user');
  });
});
