import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';
import { DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS } from './timeouts.ts';

/**
 * Drizzle over the pool; `$client` is the pool itself (named prepared statements go through it).
 * Without a schema object: queries name the tables they import from their owners' tables files
 * (the relational `db.query.*` API is not used), so this floor imports no module.
 */
export type Database = NodePgDatabase & { $client: pg.Pool };

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
  /** DATABASE_CONNECT_TIMEOUT_MS unless set (DATABASE_CONNECT_TIMEOUT_SECONDS). */
  connectTimeoutMs?: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS unless set (DATABASE_STATEMENT_TIMEOUT_SECONDS). */
  statementTimeoutMs?: number;
  log?: (message: string) => void;
  /** The embedded PostgreSQL died and could not be started again. */
  onFatal?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  const embedded = options.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: options.dataDir,
        port: options.embeddedPort,
        ...(options.log ? { log: options.log } : {}),
        ...(options.onFatal ? { onFatal: options.onFatal } : {}),
      });
  const url = options.databaseUrl ?? embedded!.url;
  const statementTimeoutMs = options.statementTimeoutMs ?? DATABASE_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that is down or hung must answer callers with an error (503) within seconds,
    // not hold every request open: a new connection gives up after this, a statement is
    // cancelled by PostgreSQL after its timeout, and the client gives up on a server that does
    // not answer at all (stopped, or the machine gone) a little later.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 2000,
  });
  // An idle client whose server went away (PostgreSQL restarting, or stopping before us on Ctrl-C)
  // emits 'error' on the pool; unhandled, that would crash the process. The next query reconnects.
  pool.on('error', (error) => options.log?.(`database connection lost: ${error.message}`));
  // The pool listens only to its idle clients: one checked out (a transaction, between two of
  // its statements) whose server dies emits 'error' with no listener, which ends the process
  // (issue 53). Its next statement is refused instead ("not queryable"), and the caller sees that.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    db: drizzle(pool),
    pool,
    url,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}

/**
 * Applies pending migrations; an advisory lock keeps concurrent starters from racing. On a
 * connection of its own, without the pool's timeouts: a migration may rightly take long, and so
 * may the wait for another starter's.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const client = new pg.Client({ connectionString: handle.url });
  // A database that dies mid-migration fails the start (the statement rejects); no crash besides.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: findMigrationsFolder() });
  } finally {
    await client
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await client.end();
  }
}

export { DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS } from './timeouts.ts';

/**
 * The database is down, restarting, hung or unreachable (as opposed to a query that is wrong):
 * callers answer 503 and try again later. Looks through wrappers (Drizzle's query error) to the
 * driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // Class 08: connection exception; 57P01-57P03: shutting down, crashed, starting up;
      // 57014: cancelled (the statement timeout).
      if (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '57014') {
        return true;
      }
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(code)) {
        return true;
      }
    }
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Query read timeout|Connection terminated|not queryable|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const MIGRATION_LOCK_KEY = 72_110_431;
