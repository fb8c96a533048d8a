import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { registerSentenceModelMetrics, type SentenceModelState } from './sentence-model-metrics.ts';
import { registerMatcherCacheMetrics, type MatcherCacheState } from './matcher-cache-metrics.ts';

/**
 * The figures that describe this Node.js process (CPU, memory, event-loop lag, GC), in one
 * registry for the process: made on the first studio's metrics, so importing this file starts no
 * monitors, and shared by every studio built in the process (tests build many), whose figures
 * they are. collectDefaultMetrics starts an event-loop monitor and a GC observer per call.
 */
let processRegistry: Registry | undefined;
function getProcessRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'conversa_' });
  }
  return processRegistry;
}

/** What an ask came to: `answered`, `fallback`, or `rate_limited` (a public ask refused with 429). */
export type AskMetricDecision = 'answered' | 'fallback' | 'rate_limited';

/** pg-boss job states, each reported (0 when none) so every series exists from the start. */
export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Jobs by state of each kind: the videos' processing (and packages), the transcripts' drafts. */
export interface JobStateCounts {
  processing: Partial<Record<JobState, number>>;
  transcripts: Partial<Record<JobState, number>>;
}

/**
 * One studio's Prometheus metrics: what a scrape of its /metrics sees, its own series beside the
 * process's figures. Each app built by buildApp has its own, so two studios in one process (the
 * server tests run many in one worker) never count each other's requests, asks or bytes. Series
 * names are listed in README.md (Metrics); rename none without updating dashboards.
 */
export interface StudioMetrics {
  countAsk(decision: AskMetricDecision, channel: string): void;
  countUploadBytes(bytes: number): void;
  /** Times one answer (hijacked ones, the tus endpoint, call it themselves). */
  observeRequest(request: FastifyRequest, statusCode: number, seconds: number): void;
  /**
   * Counts the jobs of each kind by state at scrape time; set by the assembly (one query a
   * scrape).
   */
  setJobStateReader(reader: () => Promise<JobStateCounts>): void;
  /** Reads the sentence model's status and load attempts at scrape time; set by the assembly. */
  setSentenceModelReader(reader: () => SentenceModelState | undefined): void;
  /** Reads what the matchers kept in memory take (MATCHER_CACHE_MB); set by the assembly. */
  setMatcherCacheReader(reader: () => MatcherCacheState | undefined): void;
  /** The Prometheus text of this studio and its process, job counts read fresh. */
  render(): Promise<{ contentType: string; body: string }>;
}

export function createStudioMetrics(): StudioMetrics {
  const registry = new Registry();
  const processMetrics = getProcessRegistry();

  const requestDuration = new Histogram({
    name: 'conversa_http_request_duration_seconds',
    help: 'Time from request to response, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const asks = new Counter({
    name: 'conversa_asks_total',
    help: 'Asks by decision (answered, fallback, rate_limited) and channel (studio, share, embed, api).',
    labelNames: ['decision', 'channel'] as const,
    registers: [registry],
  });

  const uploadBytes = new Counter({
    name: 'conversa_upload_bytes_total',
    help: 'Bytes received by the tus upload endpoint (videos and avatars).',
    registers: [registry],
  });

  let readJobStates: (() => Promise<JobStateCounts>) | undefined;
  /** Read once per scrape, before the gauges below collect. */
  let jobStates: JobStateCounts = { processing: {}, transcripts: {} };

  /** A gauge of one kind's jobs by state, and one of those waiting for a worker. */
  const addJobGauges = (
    kind: keyof JobStateCounts,
    jobsName: string,
    depthName: string,
    what: string,
  ) => {
    new Gauge({
      name: jobsName,
      help: `${what} jobs by state (pg-boss: created, retry, active, completed, cancelled, failed).`,
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        for (const state of JOB_STATES) {
          this.set({ state }, jobStates[kind][state] ?? 0);
        }
      },
    });
    new Gauge({
      name: depthName,
      help: `${what} jobs waiting for a worker (created or waiting to retry).`,
      registers: [registry],
      collect() {
        this.set((jobStates[kind].created ?? 0) + (jobStates[kind].retry ?? 0));
      },
    });
  };
  addJobGauges(
    'processing',
    'conversa_processing_jobs',
    'conversa_processing_queue_depth',
    'Video processing',
  );
  addJobGauges(
    'transcripts',
    'conversa_transcript_jobs',
    'conversa_transcript_queue_depth',
    'Transcript draft',
  );

  let readSentenceModel: () => SentenceModelState | undefined = () => undefined;
  registerSentenceModelMetrics(registry, () => readSentenceModel());
  let readMatcherCache: () => MatcherCacheState | undefined = () => undefined;
  registerMatcherCacheMetrics(registry, () => readMatcherCache());

  return {
    countAsk(decision, channel) {
      asks.inc({ decision, channel });
    },
    countUploadBytes(bytes) {
      if (Number.isFinite(bytes) && bytes > 0) {
        uploadBytes.inc(bytes);
      }
    },
    observeRequest(request, statusCode, seconds) {
      requestDuration.observe(
        { method: request.method, route: routeLabel(request), status_code: String(statusCode) },
        seconds,
      );
    },
    setJobStateReader(reader) {
      readJobStates = reader;
    },
    setSentenceModelReader(reader) {
      readSentenceModel = reader;
    },
    setMatcherCacheReader(reader) {
      readMatcherCache = reader;
    },
    async render() {
      jobStates = (await readJobStates?.()) ?? { processing: {}, transcripts: {} };
      const scraped = Registry.merge([processMetrics, registry]);
      return { contentType: registry.contentType, body: await scraped.metrics() };
    },
  };
}

/** The route label: the route's template, hashed assets as one, unmatched paths as one. */
function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (!route) {
    return '(unmatched)';
  }
  return route.startsWith('/assets/') ? '/assets/*' : route;
}

/** Times every answer Fastify sends (hijacked ones, the tus endpoint, observe themselves). */
export function installRequestMetrics(app: FastifyInstance, metrics: StudioMetrics): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.observeRequest(request, reply.statusCode, reply.elapsedTime / 1000);
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: a client on this machine talking to the studio directly (loopback
 * peer, and no proxy in between: a proxy on the same host would otherwise hand loopback to
 * anyone), or anyone with the METRICS_TOKEN bearer. The peer address is the socket's, never
 * X-Forwarded-For, which a client can write.
 */
export function canReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const isForwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (LOOPBACK.has(request.socket.remoteAddress ?? '') && !isForwarded) {
    return true;
  }
  const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !sent) {
    return false;
  }
  const expected = Buffer.from(token);
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
