import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { deleteExpiredOidcPayloads } from '../identity/pg-adapter.ts';
import { runMediaMaintenance, UNREFERENCED_MEDIA_GRACE_MS } from '../modules/media/index.ts';
import { deletePastScimAuthFailures } from '../modules/accounts/index.ts';
import { pruneXapiOutbox } from '../modules/learning/index.ts';
import { sweepExpiredPackages } from '../modules/packages/index.ts';
import { deletePastVisitorCounters } from '../modules/publishing/index.ts';
import { removeUnusedSpeakerModels } from '../modules/transcripts/index.ts';
import { deletePastSignInFailures } from '../modules/users/index.ts';
import type { MediaRuntime } from './media-runtime.ts';

/** How often a web process tidies up. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/** The first round comes soon after start, so a studio restarted often still tidies up. */
export const FIRST_MAINTENANCE_DELAY_MS = 60_000;

export interface MaintenanceTask {
  name: string;
  run: () => Promise<unknown>;
}

/**
 * What web processes tidy: uploads and media that interrupted work left behind, storyfile packages
 * past their retention (exports, and package uploads nobody imported), and the embedded
 * provider's expired records (codes, sessions, grants), which nothing else ever deletes, and the
 * public player's per-visitor counters of minutes past, and xAPI statements the LRS took long
 * ago. Each task only deletes what nothing refers to any more, so replicas may run them at the
 * same time.
 */
export function getWebMaintenanceTasks(options: {
  db: Database;
  config: Config;
  media: Pick<MediaRuntime, 'uploadStorage' | 'mediaStore' | 'recover'>;
}): MaintenanceTask[] {
  const { db, config, media } = options;
  return [
    // Before the expiry below, which would take a complete upload nobody queued for abandoned.
    { name: 'processing recovery', run: () => media.recover({ isStorageScanned: true }) },
    {
      name: 'media maintenance',
      run: () =>
        runMediaMaintenance({
          db,
          uploadStorage: media.uploadStorage,
          mediaStore: media.mediaStore,
          uploadExpirationMs: config.media.uploadExpirationMs,
        }),
    },
    {
      name: 'voices no storyfile uses',
      run: () =>
        removeUnusedSpeakerModels({
          db,
          mediaStore: media.mediaStore,
          olderThan: new Date(Date.now() - UNREFERENCED_MEDIA_GRACE_MS),
        }),
    },
    {
      name: 'storyfile packages past their retention',
      run: () =>
        sweepExpiredPackages({
          db,
          mediaStore: media.mediaStore,
          uploadStorage: media.uploadStorage,
          retentionHours: config.media.packageRetentionHours,
        }),
    },
    { name: 'expired sign-in records', run: () => deleteExpiredOidcPayloads(db) },
    { name: 'past visitor ask counters', run: () => deletePastVisitorCounters(db) },
    { name: 'past failed SCIM sign-in counters', run: () => deletePastScimAuthFailures(db) },
    {
      name: 'delivered xAPI statements',
      run: () => pruneXapiOutbox(db, config.xapi.outboxRetentionDays),
    },
    { name: 'past failed sign-ins', run: () => deletePastSignInFailures(db) },
  ];
}

/**
 * Runs the tasks one after another, first after `firstDelayMs`, then `intervalMs` after each round
 * ends. A failing task is logged and the others still run. `stop` waits for a round in progress,
 * so the database can be closed right after it.
 */
export function startMaintenance(
  tasks: readonly MaintenanceTask[],
  options: { intervalMs: number; firstDelayMs: number; log: (message: string) => void },
): { stop(): Promise<void> } {
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const runRound = async () => {
    for (const task of tasks) {
      try {
        await task.run();
      } catch (error) {
        options.log(`${task.name} failed: ${(error as Error).message}`);
      }
    }
  };
  const schedule = (delayMs: number) => {
    // unref: a pending round never keeps the process alive.
    timer = setTimeout(() => {
      round = runRound().then(() => {
        if (!isStopped) {
          schedule(options.intervalMs);
        }
      });
    }, delayMs).unref();
  };
  schedule(options.firstDelayMs);
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
