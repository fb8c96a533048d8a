import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config/env.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import { buildApp } from './http/app.ts';
import { ensurePlatformAdmin, type AdminBootstrap } from './modules/users/bootstrap-admin.ts';

export interface RunningStudio {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  admin: AdminBootstrap;
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database (and embedded PostgreSQL). */
  stop(): Promise<void>;
}

/** Opens the database, migrates, ensures the admin, and starts listening. */
export async function startStudio(
  config: Config = loadConfig(),
  log: (message: string) => void = console.log,
): Promise<RunningStudio> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPort: config.embeddedPostgresPort,
    log,
  });
  try {
    await migrateDatabase(database);
    const admin = await ensurePlatformAdmin(database.db, {
      ...config.admin,
      dataDir: config.dataDir,
    });
    const app = await buildApp({ config, db: database.db });
    await app.listen({ port: config.port, host: config.host });
    let stopping: Promise<void> | undefined;
    return {
      app,
      database,
      config,
      admin,
      url: config.publicUrl,
      stop: () => {
        stopping ??= (async () => {
          await app.close();
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
