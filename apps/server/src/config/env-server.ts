// The process and its network: where it listens and keeps its data, its database, its public
// address, logging, its role, how it stops, and what it lets through (rate limit, metrics, proxies).
import { isIP } from 'node:net';
import { z } from 'zod';
import { PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE } from '@conversa/contracts';
import { DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS } from '../db/timeouts.ts';
import { optionalString, optionalUrl, optionalUrlOf } from './env-fields.ts';

/** Variables of this area, composed into the one schema of `env.ts`; a comment per variable. */
export const serverEnvShape = {
  /** TCP port the studio listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to bind; loopback by default so a fresh start exposes nothing. */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Where embedded PostgreSQL, media and generated secrets live. */
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** Any PostgreSQL; unset starts an embedded PostgreSQL under DATA_DIR/postgres. */
  DATABASE_URL: optionalUrlOf(/^postgres(ql)?$/),
  /** Port of the embedded PostgreSQL (only when DATABASE_URL is unset). */
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /**
   * How long opening a database connection may take before the caller gets a 503: a database
   * down or hung answers people within seconds instead of holding every request open.
   */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(DATABASE_CONNECT_TIMEOUT_MS / 1000),
  /**
   * How long one database statement may run before PostgreSQL cancels it and the caller gets a
   * 503 (the client waits 2 s more for a server that does not answer at all).
   */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DATABASE_STATEMENT_TIMEOUT_MS / 1000),
  /** Address people use to reach the studio; defaults to http://HOST:PORT. */
  PUBLIC_URL: optionalUrl,
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * What this process runs: `all` (HTTP and video workers), `web` (HTTP only; jobs are queued
   * for worker processes) or `worker` (video workers only, no HTTP). `--role` sets it too.
   */
  STUDIO_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /**
   * On SIGTERM/SIGINT, how long requests still in flight (a video a visitor streams, a slow
   * client) may finish before their connections are closed; without it one paused download
   * would keep the studio from stopping.
   */
  REQUEST_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * Public asks one published storyfile answers a minute, all its visitors together (a class
   * sharing one link needs more than the default); each visitor keeps its own 20 a minute.
   */
  PUBLIC_ASK_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE),
  /**
   * Bearer token that opens /metrics to other hosts (Prometheus scraping over the network);
   * unset, /metrics answers only loopback clients.
   */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  /**
   * Proxies whose X-Forwarded-For / X-Forwarded-Proto / X-Forwarded-Host the studio believes:
   * comma-separated addresses or CIDR ranges (`10.0.0.0/8`), or `loopback`, `linklocal`,
   * `uniquelocal`. Unset = none: the client address is the connection's own, so no header can
   * pass a visitor's rate limit off as someone else.
   */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .refine(isProxyList, {
        message:
          'must be comma-separated IP addresses or CIDR ranges, or loopback, linklocal, uniquelocal',
      })
      .optional(),
  ),
};

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: addresses, CIDR ranges or proxy-addr's names, comma-separated. */
function isProxyList(value: string): boolean {
  return value.split(',').every((raw) => {
    const entry = raw.trim();
    if (PROXY_NAMES.has(entry)) {
      return true;
    }
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || rest.length > 0) {
      return false;
    }
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  });
}
