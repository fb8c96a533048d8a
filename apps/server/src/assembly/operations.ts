import type { FastifyInstance } from 'fastify';
import type { TextEmbedder } from '@conversa/embeddings';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import type { ModelUpgrade, SentenceVectors } from '../modules/conversations/index.ts';
import type { RecognizerReport } from '../modules/speech/index.ts';
import type { Database } from '../db/client.ts';
import { createDatabaseProbe } from '../db/health.ts';
import { canReadMetrics, type StudioMetrics } from '../http/metrics.ts';
import { countJobsByQueueAndState } from '../jobs/job-table.query.ts';
import { PROCESS_VIDEO_QUEUE, TRANSCRIBE_VIDEO_QUEUE } from '../jobs/queue-definition.ts';

/**
 * /healthz answers 503 when the database has not answered `select 1`, through the pool and on a
 * new connection, within this.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** The refusal of /metrics to a client neither on loopback nor holding METRICS_TOKEN. */
export const METRICS_FORBIDDEN_MESSAGE =
  'Metrics are served to this machine only, or with the metrics token (METRICS_TOKEN) as a bearer.';

/** /healthz, and the Prometheus metrics at /metrics (issue 21). */
export function registerOperationsRoutes(
  app: FastifyInstance,
  options: {
    config: Config;
    db: Database;
    metrics: StudioMetrics;
    textEmbedder?: TextEmbedder;
    /** The asks' vectors of `textEmbedder`: whether the model keeps up with visitors' questions. */
    sentenceVectors?: SentenceVectors | undefined;
    /** The texts of another sentence model being embedded again with this one (issue 64). */
    modelUpgrade?: ModelUpgrade | undefined;
    /** The pool of the job queue, when this app has the media runtime. */
    jobsPool?: pg.Pool;
    /** Which recognizer hears spoken questions (Whisper, or pocketsphinx serving instead). */
    recognizer?: () => RecognizerReport | undefined;
  },
): void {
  const { config, db, metrics } = options;
  const probeDatabase = createDatabaseProbe(db.$client, HEALTH_CHECK_TIMEOUT_MS);
  app.get(
    '/healthz',
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (_request, reply) => {
      // A hung database answers nothing: 503 after a short wait rather than the pool's timeouts,
      // and a new connection is tried too, since the pool's idle ones may still answer.
      if (!(await probeDatabase())) {
        // As every answer of a database outage (http/errors.ts): a probe or a client may ask again.
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ status: 'unavailable', message: 'The database does not answer.' });
      }
      // Which sentence model answers with the matcher (a failed one: answers by words alone,
      // while it is loaded again after a wait).
      const model = options.textEmbedder;
      const load = model?.loadReport?.();
      const upgrade = options.modelUpgrade?.report();
      const asks = options.sentenceVectors?.report();
      const recognizer = options.recognizer?.();
      return {
        status: 'ok',
        // `fallback`: Whisper could not be loaded and pocketsphinx hears instead (`lastError`).
        ...(recognizer ? { recognizer } : {}),
        embedder: model
          ? {
              id: model.id,
              label: model.label,
              // `degraded`: loaded, but too slow for visitors' questions (answered by words).
              status: asks?.status ?? model.status(),
              ...(asks?.degraded ? { degraded: asks.degraded } : {}),
              ...(load
                ? {
                    load: {
                      attempts: load.attempts,
                      failures: load.failures,
                      lastError: load.lastError,
                      retryInSeconds:
                        load.retryInMs === null ? null : Math.ceil(load.retryInMs / 1000),
                    },
                  }
                : {}),
              // After a model change: `running` while the texts of `from` are embedded again.
              ...(upgrade && upgrade.from.length > 0
                ? {
                    reembedding: {
                      status: upgrade.status,
                      from: upgrade.from,
                      texts: upgrade.texts,
                      embedded: upgrade.embedded,
                    },
                  }
                : {}),
            }
          : { id: 'none', label: 'none (words alone)', status: 'none' },
      };
    },
  );

  const textEmbedder = options.textEmbedder;
  if (textEmbedder) {
    const asks = options.sentenceVectors;
    metrics.setSentenceModelReader(() => {
      const report = asks?.report();
      return {
        id: textEmbedder.id,
        status: report && report.status !== 'none' ? report.status : textEmbedder.status(),
        slowQuestions: report?.slowQuestions ?? 0,
        ...(textEmbedder.loadReport ? { load: textEmbedder.loadReport() } : {}),
      };
    });
  }
  if (options.jobsPool) {
    const pool = options.jobsPool;
    metrics.setJobStateReader(async () => {
      const counts = await countJobsByQueueAndState(pool);
      return {
        processing: counts[PROCESS_VIDEO_QUEUE],
        transcripts: counts[TRANSCRIBE_VIDEO_QUEUE],
      };
    });
  }
  app.get(
    '/metrics',
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => {
      if (!canReadMetrics(request, config.metricsToken)) {
        return reply.status(403).send({
          statusCode: 403,
          error: 'FORBIDDEN',
          message: METRICS_FORBIDDEN_MESSAGE,
        });
      }
      const scraped = await metrics.render();
      return reply.header('cache-control', 'no-store').type(scraped.contentType).send(scraped.body);
    },
  );
}
