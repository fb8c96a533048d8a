import { startConfiguredEmbedder } from './modules/conversations/index.ts';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config/env.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/client.ts';
import { buildApp } from './assembly/app.ts';
import {
  FIRST_MAINTENANCE_DELAY_MS,
  getWebMaintenanceTasks,
  MAINTENANCE_INTERVAL_MS,
  startMaintenance,
} from './assembly/maintenance.ts';
import { startMediaRuntime, type MediaRuntime } from './assembly/media-runtime.ts';
import { ensurePlatformAdmin, type AdminBootstrap } from './modules/users/index.ts';
import { ensureDefaultNamespace, type DefaultNamespace } from './modules/namespaces/index.ts';

export interface RunningStudio {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  admin: AdminBootstrap;
  /** The namespace this start created for the first admin (first start only). */
  defaultNamespace: DefaultNamespace | undefined;
  /** ffmpeg, media store, upload store and job queue (workers too unless the role is `web`). */
  media: MediaRuntime;
  url: string;
  /** Stops accepting, lets in-flight requests finish, then closes the database (and embedded PostgreSQL). */
  stop(): Promise<void>;
}

/**
 * A web process (role `web` or `all`): opens the database, migrates, ensures the admin, starts
 * the media runtime and the periodic maintenance, and listens.
 */
export async function startStudio(
  config: Config = loadConfig(),
  log: (message: string) => void = console.log,
  options: {
    /** The embedded PostgreSQL died and could not be started again (main.ts exits non-zero). */
    onDatabaseFailure?: (error: Error) => void;
  } = {},
): Promise<RunningStudio> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPort: config.embeddedPostgresPort,
    connectTimeoutMs: config.databaseConnectTimeoutSeconds * 1000,
    statementTimeoutMs: config.databaseStatementTimeoutSeconds * 1000,
    log,
    ...(options.onDatabaseFailure ? { onFatal: options.onDatabaseFailure } : {}),
  });
  let media: MediaRuntime | undefined;
  try {
    await migrateDatabase(database);
    const admin = await ensurePlatformAdmin(database.db, {
      ...config.admin,
      dataDir: config.dataDir,
    });
    const defaultNamespace = config.defaultNamespace
      ? await ensureDefaultNamespace(database.db, config.defaultNamespace)
      : undefined;
    media = await startMediaRuntime({ config, database, log });
    const textEmbedder = startConfiguredEmbedder(config.matcherEmbedder, log);
    const app = await buildApp({
      config,
      db: database.db,
      media: { runtime: media, pool: database.pool },
      ...(textEmbedder ? { textEmbedder } : {}),
    });
    // A port taken already fails the start: the app's own resources (its threads, timers and
    // the identity provider's) end with it, as the media runtime and the database do below.
    await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
      await app.close().catch(() => undefined);
      throw error;
    });
    const maintenance = startMaintenance(
      getWebMaintenanceTasks({ db: database.db, config, media }),
      { intervalMs: MAINTENANCE_INTERVAL_MS, firstDelayMs: FIRST_MAINTENANCE_DELAY_MS, log },
    );
    let stopping: Promise<void> | undefined;
    const runtime = media;
    return {
      app,
      database,
      config,
      admin,
      defaultNamespace,
      media: runtime,
      url: config.publicUrl,
      stop: () => {
        // Requests first, then maintenance, the queue and workers (they use the database), then
        // the database.
        // Marked before anything waits: a transcode that the stop signal ends too is handed back.
        runtime.jobs.markStopping();
        stopping ??= (async () => {
          // New connections are refused at once and idle ones closed; a request still in flight
          // gets the grace, then its connection is cut (a paused video download never ends).
          const cutOff = setTimeout(
            () => app.server.closeAllConnections(),
            config.requestShutdownGraceSeconds * 1000,
          ).unref();
          await app.close().finally(() => clearTimeout(cutOff));
          await maintenance.stop();
          await runtime.stop();
          await database.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await media?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
