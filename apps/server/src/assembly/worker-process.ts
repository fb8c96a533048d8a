import type { Config } from '../config/env.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { startMediaRuntime } from './media-runtime.ts';

/**
 * A process of role `worker`: the database, the job queue and its workers, no HTTP. Run as many
 * as the machines allow; each takes WORKER_CONCURRENCY jobs at a time from the shared queue.
 */
export async function startWorkerProcess(
  config: Config,
  log: (message: string) => void = console.log,
  options: { onDatabaseFailure?: (error: Error) => void } = {},
): Promise<{ stop(): Promise<void> }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPort: config.embeddedPostgresPort,
    connectTimeoutMs: config.databaseConnectTimeoutSeconds * 1000,
    statementTimeoutMs: config.databaseStatementTimeoutSeconds * 1000,
    log,
    ...(options.onDatabaseFailure ? { onFatal: options.onDatabaseFailure } : {}),
  });
  try {
    await migrateDatabase(database);
    const runtime = await startMediaRuntime({
      config: { ...config, role: 'worker' },
      database,
      log,
    });
    log(`worker started: ${config.jobs.concurrency} job(s) at a time`);
    let stopping: Promise<void> | undefined;
    return {
      stop: () => {
        stopping ??= (async () => {
          await runtime.stop();
          await database.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
