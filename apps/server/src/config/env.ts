import { isIP } from 'node:net';
import { z } from 'zod';
import path from 'node:path';
import {
  DEFAULT_INVITATION_EXPIRY_DAYS,
  DEFAULT_UPLOAD_MAX_BYTES,
  IDP_HINTS,
  PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE,
  type IdpHint,
} from '@conversa/contracts';
import { readBrandsFile, type BrandsConfig } from './brands-file.ts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrlOf = (protocol: RegExp) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .url({ protocol, message: `must be a URL (${protocol.source.replace(/[\^$]/g, '')})` })
        .optional(),
    )
    .optional();
const optionalUrl = optionalUrlOf(/^https?$/);

const upstreamVariables = Object.fromEntries(
  IDP_HINTS.flatMap((hint) => {
    const prefix = `IDP_${hint.toUpperCase()}`;
    return [
      [`${prefix}_ISSUER`, optionalUrl],
      [`${prefix}_CLIENT_ID`, optionalString],
      [`${prefix}_CLIENT_SECRET`, optionalString],
    ];
  }),
) as Record<string, typeof optionalString>;

const envSchema = z
  .object({
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
    /** Address people use to reach the studio; defaults to http://HOST:PORT. */
    PUBLIC_URL: optionalUrl,
    /** An external OpenID Connect issuer (e.g. a Keycloak realm); unset uses the embedded provider at /idp. */
    OIDC_ISSUER: optionalUrl,
    /** Client id of the studio at the issuer (default with the embedded provider: conversa-studio). */
    OIDC_CLIENT_ID: optionalString,
    /** Client secret of the studio at the issuer (generated and stored for the embedded provider). */
    OIDC_CLIENT_SECRET: optionalString,
    /** The platform admin to ensure on start; unset on first start creates one and prints its password once. */
    STUDIO_ADMIN_EMAIL: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(z.email().optional())
      .optional(),
    /** Password for STUDIO_ADMIN_EMAIL (set or reset on every start when given). */
    STUDIO_ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).optional()),
    /**
     * Label of the namespace created, owned by the first platform admin, when the studio has no
     * namespace yet (its first start); set it empty to create none.
     */
    STUDIO_DEFAULT_NAMESPACE: z.string().trim().max(120).default('My studio'),
    /** Optional external form shown in the Give Feedback / Report a Bug dialogs. */
    FEEDBACK_FORM_URL: optionalUrl,
    /**
     * A JSON file of branded deployments (config/brands.example.json): each brand's host names,
     * name, logo, colour, landing text, support, help and feedback addresses and sign-in
     * provider. Unset = the studio's own brand on every host.
     */
    BRANDS_FILE: optionalString,
    /** Mail server for invitation emails (smtp:// or smtps://); unset = the inviter copies the link. */
    SMTP_URL: optionalUrlOf(/^smtps?$/),
    /** Sender of invitation emails. */
    SMTP_FROM: z.string().trim().min(3).default('Conversa Studio <no-reply@conversa.studio>'),
    /** Days an invitation link works before it expires. */
    INVITATION_EXPIRY_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(90)
      .default(DEFAULT_INVITATION_EXPIRY_DAYS),
    /** pino log level. */
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /**
     * What this process runs: `all` (HTTP and video workers), `web` (HTTP only; jobs are queued
     * for worker processes) or `worker` (video workers only, no HTTP). `--role` sets it too.
     */
    STUDIO_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    /** ffmpeg binary; unset = `ffmpeg` on PATH, else the one shipped in @ffmpeg-installer/ffmpeg. */
    FFMPEG_PATH: optionalString,
    /** ffprobe binary; unset = beside ffmpeg, else on PATH, else ffmpeg's own report is parsed. */
    FFPROBE_PATH: optionalString,
    /** Where uploads and processed media live: `file` (under DATA_DIR) or `s3` (S3-compatible). */
    MEDIA_STORE: z.enum(['file', 's3']).default('file'),
    /** Bucket of the s3 store (required with MEDIA_STORE=s3). */
    S3_BUCKET: optionalString,
    /** Region of the s3 store. */
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Endpoint of an S3-compatible service (MinIO, R2, ...); unset = AWS. */
    S3_ENDPOINT: optionalUrl,
    /** Credentials of the s3 store; unset = the AWS SDK's default chain (environment, profile, role). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Path-style bucket addressing, which most S3-compatible services need. */
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    /** Largest upload in bytes (videos; avatars are capped at the spec's 10,000,000,000 too). */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(DEFAULT_UPLOAD_MAX_BYTES)
      .default(DEFAULT_UPLOAD_MAX_BYTES),
    /** Hours an unfinished upload is kept before it expires (tus expiration extension). */
    UPLOAD_EXPIRATION_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(24),
    /**
     * Hours an exported storyfile package, and a package upload nobody imported, are kept before
     * the hourly maintenance deletes them.
     */
    PACKAGE_RETENTION_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24),
    /** Lifetime of signed media URLs (the `access_token` of video, poster and audio URLs). */
    MEDIA_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(7 * 24 * 3600)
      .default(3600),
    /** Videos one process transcodes at a time (ffmpeg already uses every core for one). */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
    /**
     * Transcript drafts one process makes at a time, in slots of their own beside the videos'
     * (a draft never keeps a video waiting); 0 leaves drafts to other worker processes.
     */
    TRANSCRIBE_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(1),
    /**
     * Seconds a processing job may stay active; a job whose worker died is retried after this
     * (plus up to one maintenance interval). Keep it above the longest transcode.
     */
    JOB_EXPIRE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(23 * 3600)
      .default(1800),
    /** First retry delay of a failed job; later retries back off (doubling, with jitter). */
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** How often the queue looks for expired jobs. */
    JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * On SIGTERM/SIGINT, how long running transcodes may finish before they are stopped and
     * handed back to the queue (no retry spent). Keep it below the supervisor's kill timeout.
     */
    JOB_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
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
    /**
     * Learning Record Store that receives the learning module's xAPI statements (its base URL;
     * statements go to `<XAPI_ENDPOINT>/statements`); unset = statements are only served by the API.
     */
    XAPI_ENDPOINT: optionalUrl,
    /** Authorization header value for the LRS, e.g. `Basic <base64 key:secret>`. */
    XAPI_AUTH: optionalString,
    /**
     * Days a statement the LRS took stays in the outbox before maintenance deletes it (its id is
     * derived from what it reports, so one queued again later is sent again and the LRS keeps one).
     */
    XAPI_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * The answer matcher's sentence model: `use-lite` (USE lite in a worker thread, the default) or
     * `none` (lexical matching alone). EMBEDDINGS_URL, when set, replaces it with an external one.
     */
    MATCHER_EMBEDDER: z.enum(['use-lite', 'none']).default('use-lite'),
    /** An external `POST /v1/embeddings` service (its endpoint, or a base it is under). */
    EMBEDDINGS_URL: optionalUrl,
    /** The `model` the external service is asked for (required with EMBEDDINGS_URL). */
    EMBEDDINGS_MODEL: optionalString,
    /** Sent to the external service as `Authorization: Bearer <key>`. */
    EMBEDDINGS_API_KEY: optionalString,
    /** Recognitions (spoken questions) run at once per process; unset = the machine's cores. */
    SPEECH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /**
     * Embedded recognizers kept running per process with a storyfile's models loaded, waiting for
     * its next spoken question (0: one started per question).
     */
    SPEECH_WARM_DECODERS: z.coerce.number().int().min(0).max(64).default(4),
    /**
     * An external speech-to-text server speaking `POST /v1/audio/transcriptions` (whisper.cpp's
     * server, faster-whisper servers, ...): its base URL; unset = the embedded pocketsphinx.
     */
    SPEECH_TO_TEXT_URL: optionalUrl,
    /** The `model` field sent to the external server. */
    SPEECH_TO_TEXT_MODEL: z.string().trim().min(1).default('whisper-1'),
    /** Bearer key of the external server, when it wants one. */
    SPEECH_TO_TEXT_API_KEY: optionalString,
    /** Seconds the external server may take for one recording before the visitor is told. */
    SPEECH_TO_TEXT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(20),
    ...upstreamVariables,
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'is required when OIDC_ISSUER is set',
      });
    }
    if (env.EMBEDDINGS_URL && !env.EMBEDDINGS_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMBEDDINGS_MODEL'],
        message: 'is required when EMBEDDINGS_URL is set',
      });
    }
    if (env.MEDIA_STORE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when MEDIA_STORE is s3',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY both or neither',
      });
    }
    if (env.STUDIO_ADMIN_PASSWORD && !env.STUDIO_ADMIN_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['STUDIO_ADMIN_EMAIL'],
        message: 'is required when STUDIO_ADMIN_PASSWORD is set',
      });
    }
  });

export interface UpstreamProviderConfig {
  hint: IdpHint;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}

export type StudioRole = 'all' | 'web' | 'worker';

export type MediaStoreConfig =
  | { kind: 'file' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export interface MediaConfig {
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  store: MediaStoreConfig;
  uploadMaxBytes: number;
  uploadExpirationMs: number;
  /** PACKAGE_RETENTION_HOURS: exported packages and package uploads not imported are deleted after it. */
  packageRetentionHours: number;
  urlTtlSeconds: number;
}

export interface JobsConfig {
  /** Video slots of a worker process (WORKER_CONCURRENCY). */
  concurrency: number;
  /** Transcript-draft slots of a worker process, beside the videos' (TRANSCRIBE_CONCURRENCY). */
  transcribeConcurrency: number;
  expireSeconds: number;
  retryDelaySeconds: number;
  maintenanceIntervalSeconds: number;
  shutdownGraceSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  publicUrl: string;
  oidc: {
    issuer: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
  };
  admin: { email: string | undefined; password: string | undefined };
  /** Label of the namespace created on a first start; undefined creates none. */
  defaultNamespace: string | undefined;
  feedbackFormUrl: string | undefined;
  /** BRANDS_FILE's brands, read and checked at start-up. */
  brands: BrandsConfig;
  accounts: { smtpUrl: string | undefined; smtpFrom: string; invitationExpiryDays: number };
  upstreamProviders: UpstreamProviderConfig[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  isProduction: boolean;
  role: StudioRole;
  media: MediaConfig;
  jobs: JobsConfig;
  /** Public asks one storyfile answers a minute (PUBLIC_ASK_LIMIT_PER_MINUTE). */
  publicAskLimitPerMinute: number;
  /** REQUEST_SHUTDOWN_GRACE_SECONDS: in-flight requests' time to finish when the studio stops. */
  requestShutdownGraceSeconds: number;
  /** Bearer token for /metrics from other hosts; undefined = loopback only. */
  metricsToken: string | undefined;
  /** Proxies (addresses, CIDR ranges, or proxy-addr's names) whose forwarding headers count. */
  trustProxy: string[];
  /**
   * The LRS of xAPI statements (XAPI_ENDPOINT, XAPI_AUTH; endpoint undefined = none) and how long
   * delivered statements stay in the outbox (XAPI_OUTBOX_RETENTION_DAYS).
   */
  xapi: { endpoint: string | undefined; auth: string | undefined; outboxRetentionDays: number };
  /** The matcher's sentence model (MATCHER_EMBEDDER, EMBEDDINGS_URL/MODEL/API_KEY). */
  matcherEmbedder: MatcherEmbedderConfig;
  /** Spoken questions: the recognizer and how many run at once (SPEECH_*). */
  speech: SpeechConfig;
}

export interface SpeechConfig {
  /** SPEECH_CONCURRENCY; undefined = the machine's cores. */
  concurrency: number | undefined;
  /** SPEECH_WARM_DECODERS: pocketsphinx decoders kept loaded and waiting (0 or unset: none). */
  warmDecoders?: number;
  /** SPEECH_TO_TEXT_URL and friends; undefined = the embedded pocketsphinx. */
  external:
    { url: string; model: string; apiKey: string | undefined; timeoutSeconds: number } | undefined;
}

export type MatcherEmbedderConfig =
  | { kind: 'use-lite' }
  | { kind: 'none' }
  | { kind: 'http'; url: string; model: string; apiKey: string | undefined };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; every missing or malformed value is listed in one error. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const value = typeof issue.path[0] === 'string' ? source[issue.path[0]] : undefined;
        return `${name}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}: ${issue.message}`;
      }),
    );
  }
  const env = parsed.data;
  const upstreamEnv = env as unknown as Record<string, string | undefined>;
  const upstreamProviders: UpstreamProviderConfig[] = [];
  const problems: string[] = [];
  for (const hint of IDP_HINTS) {
    const prefix = `IDP_${hint.toUpperCase()}`;
    const issuer = upstreamEnv[`${prefix}_ISSUER`];
    const clientId = upstreamEnv[`${prefix}_CLIENT_ID`];
    if (issuer && clientId) {
      upstreamProviders.push({
        hint,
        issuer,
        clientId,
        clientSecret: upstreamEnv[`${prefix}_CLIENT_SECRET`],
      });
    } else if (issuer || clientId) {
      problems.push(`${prefix}_ISSUER and ${prefix}_CLIENT_ID: set both or neither`);
    }
  }
  const brands = readBrandsFile(
    env.BRANDS_FILE,
    // An external issuer brokers its own providers; the embedded one only those set above.
    env.OIDC_ISSUER ? undefined : upstreamProviders.map((upstream) => upstream.hint),
  );
  problems.push(...brands.problems);
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  const publicHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    embeddedPostgresPort: env.EMBEDDED_POSTGRES_PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://${publicHost}:${env.PORT}`).replace(/\/$/, ''),
    oidc: {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    },
    admin: { email: env.STUDIO_ADMIN_EMAIL, password: env.STUDIO_ADMIN_PASSWORD },
    defaultNamespace: env.STUDIO_DEFAULT_NAMESPACE || undefined,
    feedbackFormUrl: env.FEEDBACK_FORM_URL,
    brands: brands.config,
    accounts: {
      smtpUrl: env.SMTP_URL,
      smtpFrom: env.SMTP_FROM,
      invitationExpiryDays: env.INVITATION_EXPIRY_DAYS,
    },
    upstreamProviders,
    logLevel: env.LOG_LEVEL,
    isProduction: env.NODE_ENV === 'production',
    role: env.STUDIO_ROLE,
    media: {
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
      store:
        env.MEDIA_STORE === 's3'
          ? {
              kind: 's3',
              bucket: env.S3_BUCKET!,
              region: env.S3_REGION,
              endpoint: env.S3_ENDPOINT,
              credentials:
                env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                  : undefined,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
            }
          : { kind: 'file' },
      uploadMaxBytes: env.UPLOAD_MAX_BYTES,
      uploadExpirationMs: Math.round(env.UPLOAD_EXPIRATION_HOURS * 3600 * 1000),
      packageRetentionHours: env.PACKAGE_RETENTION_HOURS,
      urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
    },
    jobs: {
      concurrency: env.WORKER_CONCURRENCY,
      transcribeConcurrency: env.TRANSCRIBE_CONCURRENCY,
      expireSeconds: env.JOB_EXPIRE_SECONDS,
      retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS,
      maintenanceIntervalSeconds: env.JOB_MAINTENANCE_INTERVAL_SECONDS,
      shutdownGraceSeconds: env.JOB_SHUTDOWN_GRACE_SECONDS,
    },
    publicAskLimitPerMinute: env.PUBLIC_ASK_LIMIT_PER_MINUTE,
    requestShutdownGraceSeconds: env.REQUEST_SHUTDOWN_GRACE_SECONDS,
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY?.split(',').map((entry) => entry.trim()) ?? [],
    xapi: {
      endpoint: env.XAPI_ENDPOINT,
      auth: env.XAPI_AUTH,
      outboxRetentionDays: env.XAPI_OUTBOX_RETENTION_DAYS,
    },
    matcherEmbedder:
      env.EMBEDDINGS_URL && env.EMBEDDINGS_MODEL
        ? {
            kind: 'http',
            url: env.EMBEDDINGS_URL,
            model: env.EMBEDDINGS_MODEL,
            apiKey: env.EMBEDDINGS_API_KEY,
          }
        : { kind: env.MATCHER_EMBEDDER },
    speech: {
      concurrency: env.SPEECH_CONCURRENCY,
      warmDecoders: env.SPEECH_WARM_DECODERS,
      external: env.SPEECH_TO_TEXT_URL
        ? {
            url: env.SPEECH_TO_TEXT_URL,
            model: env.SPEECH_TO_TEXT_MODEL,
            apiKey: env.SPEECH_TO_TEXT_API_KEY,
            timeoutSeconds: env.SPEECH_TO_TEXT_TIMEOUT_SECONDS,
          }
        : undefined,
    },
  };
}

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
