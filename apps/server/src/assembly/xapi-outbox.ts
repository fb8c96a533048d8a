import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { drainXapiOutbox, XAPI_RETRY_INTERVAL_MS } from '../modules/learning/index.ts';

/** Sends the waiting xAPI statements now; a failed send waits in the outbox for the periodic drain. */
export function drainXapiInBackground(
  app: FastifyInstance,
  db: Database,
  xapi: Config['xapi'],
): void {
  drainXapiOutbox(db, xapi).catch((error: unknown) => {
    app.log.warn({ err: error }, 'xAPI statements not sent yet');
  });
}

/**
 * With an LRS configured, waiting statements are looked at every half minute: each is sent again
 * once its backoff has passed, until the LRS takes it or refuses it for good.
 */
export function scheduleXapiDrain(app: FastifyInstance, db: Database, xapi: Config['xapi']): void {
  if (xapi.endpoint === undefined) {
    return;
  }
  const xapiTimer = setInterval(() => {
    drainXapiInBackground(app, db, xapi);
  }, XAPI_RETRY_INTERVAL_MS);
  xapiTimer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(xapiTimer);
    done();
  });
}
