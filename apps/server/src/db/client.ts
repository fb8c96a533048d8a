import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { existsSync } from 'node:fs';
import pg from 'pg';
import * as schema from './schema.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/** The generated SQL migrations ship beside the server, in source and in the bundle alike. */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) {
      return candidate;
    }
    dir = path.dirname(dir);
  }
  throw new Error('SQL migrations folder (apps/server/drizzle) not found');
}

/** Connects to DATABASE_URL, or starts/joins the embedded PostgreSQL under DATA_DIR. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPort: number;
  log?: (message: string) => void;
}): Promise<DatabaseHandle> {
  const embedded = options.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: options.dataDir,
        port: options.embeddedPort,
        ...(options.log ? { log: options.log } : {}),
      });
  const url = options.databaseUrl ?? embedded!.url;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose server went away (PostgreSQL restarting, or stopping before us on Ctrl-C)
  // emits 'error' on the pool; unhandled, that would crash the process. The next query reconnects.
  pool.on('error', (error) => options.log?.(`database connection lost: ${error.message}`));
  return {
    db: drizzle(pool, { schema }),
    pool,
    url,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}

/** Applies pending migrations; an advisory lock keeps concurrent starters from racing. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: findMigrationsFolder() });
  } finally {
    await client
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    client.release();
  }
}

const MIGRATION_LOCK_KEY = 72_110_431;
