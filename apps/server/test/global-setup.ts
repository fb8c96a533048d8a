import type { TestProject } from 'vitest/node';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { getFolderOwner, TEMP_WORK_PREFIXES } from '../src/media/work-folders.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { RUN_TEMP_VARIABLE } from './run-temp.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of a migrated template database; each test file clones it. */
    templateDatabaseUrl: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const TEMPLATE_DATABASE = 'conversa_test_template';

let embedded: EmbeddedDatabase | undefined;

const TEMP_PREFIX = 'conversa-';
const systemTemp = tmpdir();
let runTemp: string | undefined;
let tempBefore: ReadonlySet<string> = new Set();

function listOurTempEntries(): string[] {
  return readdirSync(systemTemp).filter((name) => name.startsWith(TEMP_PREFIX));
}

/**
 * The temporary folders test runs make for themselves beside this one (Vitest's, Playwright's,
 * `npm test`'s reports). On a shared machine another run makes its own while this one runs:
 * not something this run's tests left.
 */
const OTHER_RUN_FOLDER_PREFIXES = [
  `${TEMP_PREFIX}vitest-`,
  `${TEMP_PREFIX}e2e-run-`,
  `${TEMP_PREFIX}test-reports-`,
];

/**
 * Whether a new entry may be this run's: not another run's own folder, nor the work folder of a
 * process still alive at teardown (this run's workers and the studios its tests started have
 * ended by then; a live one is another run's or another program's on this machine).
 */
function mayBeThisRuns(name: string): boolean {
  if (OTHER_RUN_FOLDER_PREFIXES.some((prefix) => name.startsWith(prefix))) {
    return false;
  }
  return !TEMP_WORK_PREFIXES.some(
    (prefix) => name.startsWith(prefix) && getFolderOwner(name, prefix) === 'alive',
  );
}

/**
 * Everything the run's tests and the code they drive put in the temporary folder (upload files,
 * transcode outputs, test studios' data, ffmpeg work folders) goes into one folder of the run:
 * os.tmpdir() follows TMPDIR, which the test workers and their child processes inherit. The
 * folder goes at teardown, so a test that forgets its own clean-up, or one cut short, leaves
 * nothing behind.
 */
function redirectTemporaryFolder(): void {
  tempBefore = new Set(listOurTempEntries());
  runTemp = mkdtempSync(path.join(systemTemp, `${TEMP_PREFIX}vitest-`));
  // PostgreSQL's own OS user (as root) starts clusters below it; the files inside stay private.
  chmodSync(runTemp, 0o755);
  process.env.TMPDIR = runTemp;
  process.env[RUN_TEMP_VARIABLE] = runTemp;
}

/**
 * Removes the run's folder, then fails the run if anything else new is beside it that this run
 * may have left (escaped its TMPDIR: a hard-coded path, a child given another environment).
 */
function removeTemporaryFolder(): void {
  if (!runTemp) {
    return;
  }
  rmSync(runTemp, { recursive: true, force: true });
  process.env.TMPDIR = systemTemp;
  const left = listOurTempEntries().filter((name) => !tempBefore.has(name) && mayBeThisRuns(name));
  if (left.length > 0) {
    // Vitest reports an error thrown here but still exits 0, so the exit code is set as well.
    process.exitCode = 1;
    throw new Error(
      `The tests left ${left.length} new entr${left.length === 1 ? 'y' : 'ies'} in ${systemTemp}: ${left.join(', ')}`,
    );
  }
}

/**
 * One real PostgreSQL for the whole run (the embedded one under .data-test, or TEST_DATA_DIR, or
 * TEST_DATABASE_URL), with a migrated template database that every test file clones into a fresh
 * database of its own. A run nested in another (the exit-code guard) passes its own TEST_DATA_DIR
 * and TEST_POSTGRES_PORT, so it never touches the outer run's databases.
 */
export async function setup(project: TestProject): Promise<void> {
  redirectTemporaryFolder();
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: process.env.TEST_DATA_DIR ?? path.join(repoRoot, '.data-test'),
      port: Number(process.env.TEST_POSTGRES_PORT ?? 54339),
      portSetting: 'TEST_POSTGRES_PORT',
      settings: {
        // Two Vitest workers per core, each file with a studio or two (a pool of 10, pg-boss's,
        // the job lease and LISTEN), outgrow PostgreSQL's default of 100 connections.
        max_connections: '400',
        // The run's databases are thrown away: no flush to disk on each commit. A full run once
        // saw statements pass the studio's 10-s timeout (503s in three files) while other files'
        // clusters recovered from kill -9 and ffmpeg wrote beside them. The files that prove
        // crash safety start studios on clusters of their own, with the product's settings.
        fsync: 'off',
        synchronous_commit: 'off',
        full_page_writes: 'off',
      },
    });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'conversa_test_%'",
    );
    for (const row of stale.rows) {
      await admin.query(`drop database if exists "${row.datname}" with (force)`);
    }
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const handle = await openDatabase({
    databaseUrl: templateUrl.href,
    dataDir: '',
    embeddedPort: 0,
  });
  await migrateDatabase(handle);
  await handle.close();
  project.provide('templateDatabaseUrl', templateUrl.href);
}

export async function teardown(): Promise<void> {
  await embedded?.stop();
  removeTemporaryFolder();
}
