import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The studio's Prometheus metrics, one registry per process (what a scrape of this process
 * sees). Modules count through the helpers below; the assembly serves the registry at /metrics.
 * Series names are listed in README.md (Metrics); rename none without updating dashboards.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'conversa_' });

const requestDuration = new Histogram({
  name: 'conversa_http_request_duration_seconds',
  help: 'Time from request to response, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** What an ask came to: `answered`, `fallback`, or `rate_limited` (a public ask refused with 429). */
export type AskMetricDecision = 'answered' | 'fallback' | 'rate_limited';

const asks = new Counter({
  name: 'conversa_asks_total',
  help: 'Asks by decision (answered, fallback, rate_limited) and channel (studio, share, embed, api).',
  labelNames: ['decision', 'channel'] as const,
  registers: [metricsRegistry],
});

const uploadBytes = new Counter({
  name: 'conversa_upload_bytes_total',
  help: 'Bytes received by the tus upload endpoint (videos and avatars).',
  registers: [metricsRegistry],
});

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

let readJobStates: (() => Promise<Partial<Record<JobState, number>>>) | undefined;
/** Read once per scrape, before the gauges below collect. */
let jobStates: Partial<Record<JobState, number>> = {};

/** Counts processing jobs by state at scrape time; set by the assembly (one query a scrape). */
export function setJobStateReader(reader: () => Promise<Partial<Record<JobState, number>>>): void {
  readJobStates = reader;
}

new Gauge({
  name: 'conversa_processing_jobs',
  help: 'Video processing jobs by state (pg-boss: created, retry, active, completed, cancelled, failed).',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const state of JOB_STATES) {
      this.set({ state }, jobStates[state] ?? 0);
    }
  },
});

new Gauge({
  name: 'conversa_processing_queue_depth',
  help: 'Video processing jobs waiting for a worker (created or waiting to retry).',
  registers: [metricsRegistry],
  collect() {
    this.set((jobStates.created ?? 0) + (jobStates.retry ?? 0));
  },
});

/** The Prometheus text of this process, job counts read fresh. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  jobStates = (await readJobStates?.()) ?? {};
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

export function countAsk(decision: AskMetricDecision, channel: string): void {
  asks.inc({ decision, channel });
}

export function countUploadBytes(bytes: number): void {
  if (Number.isFinite(bytes) && bytes > 0) {
    uploadBytes.inc(bytes);
  }
}

/** The route label: the route's template, hashed assets as one, unmatched paths as one. */
function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (!route) {
    return '(unmatched)';
  }
  return route.startsWith('/assets/') ? '/assets/*' : route;
}

export function observeRequest(request: FastifyRequest, statusCode: number, seconds: number): void {
  requestDuration.observe(
    { method: request.method, route: routeLabel(request), status_code: String(statusCode) },
    seconds,
  );
}

/** Times every answer Fastify sends (hijacked ones, the tus endpoint, observe themselves). */
export function installRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    observeRequest(request, reply.statusCode, reply.elapsedTime / 1000);
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
