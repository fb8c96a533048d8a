import type { TestProject } from 'vitest/node';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of a migrated template database; each test file clones it. */
    templateDatabaseUrl: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const TEMPLATE_DATABASE = 'conversa_test_template';

let embedded: EmbeddedDatabase | undefined;

/**
 * One real PostgreSQL for the whole run (the embedded one under .data-test, or TEST_DATA_DIR, or
 * TEST_DATABASE_URL), with a migrated template database that every test file clones into a fresh
 * database of its own. A run nested in another (the exit-code guard) passes its own TEST_DATA_DIR
 * and TEST_POSTGRES_PORT, so it never touches the outer run's databases.
 */
export async function setup(project: TestProject): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: process.env.TEST_DATA_DIR ?? path.join(repoRoot, '.data-test'),
      port: Number(process.env.TEST_POSTGRES_PORT ?? 54339),
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
}
