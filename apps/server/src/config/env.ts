import { z } from 'zod';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { IDP_HINTS, type IdpHint } from '@conversa/contracts';
import { readBrandsFile, type BrandsConfig } from './brands-file.ts';
import { accountsEnvShape } from './env-accounts.ts';
import { jobsEnvShape } from './env-jobs.ts';
import { mediaEnvShape } from './env-media.ts';
import { serverEnvShape } from './env-server.ts';
import { understandingEnvShape } from './env-understanding.ts';

// One schema of the environment, composed of its areas' variables (each file a comment per
// variable); the rules that tie variables of an area together are checked here, all at once.
const envSchema = z
  .object({
    ...serverEnvShape,
    ...accountsEnvShape,
    ...mediaEnvShape,
    ...jobsEnvShape,
    ...understandingEnvShape,
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
  /** TRANSCRIBE_NICENESS: the CPU niceness drafts and voice adaptations run at. */
  transcribeNiceness: number;
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
  databaseConnectTimeoutSeconds: number;
  databaseStatementTimeoutSeconds: number;
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
  /** The pool of scorer threads (MATCHER_WORKERS, MATCHER_WORKER_TIMEOUT_SECONDS). */
  matcherWorkers: MatcherWorkersConfig;
  /** MATCHER_CACHE_MB: megabytes for the matchers kept in memory (the cache and every scorer thread). */
  matcherCacheMb: number;
  /** MATCHER_VISITOR_LOG_SECONDS, in ms: how often a storyfile's chat log is read for its matcher. */
  matcherVisitorLogMs: number;
  /** Spoken questions: the recognizer and how many run at once (SPEECH_*). */
  speech: SpeechConfig;
  /** SPEAKER_ADAPTATION_FIRST / _EVERY: when a storyfile's voice is adapted (issue 52). */
  speakerAdaptation: SpeakerAdaptationConfig;
}

export interface SpeechConfig {
  /** SPEECH_CONCURRENCY; undefined = the machine's cores. */
  concurrency: number | undefined;
  /** SPEECH_WARM_DECODERS: pocketsphinx decoders kept loaded and waiting (0 or unset: none). */
  warmDecoders?: number;
  /** SPEECH_RECOGNIZER: the embedded recognizer (unset here: pocketsphinx; the env's default: whisper). */
  recognizer?: 'whisper' | 'pocketsphinx';
  /** SPEECH_WHISPER_WINDOW: the window Whisper encodes for a question (unset: full; env: fit). */
  whisperWindow?: 'full' | 'fit';
  /** SPEECH_WHISPER_PROMPT: the storyfile's words only, or its script too (unset: script). */
  whisperPrompt?: 'words' | 'script';
  /** SPEECH_WHISPER_BEAMS: beams Whisper searches for a question (unset: 3). */
  whisperBeams?: number;
  /** SPEECH_TO_TEXT_URL and friends; undefined = the embedded pocketsphinx. */
  external:
    { url: string; model: string; apiKey: string | undefined; timeoutSeconds: number } | undefined;
}

export interface SpeakerAdaptationConfig {
  /** Corrected answers before the first adaptation; 0: never. */
  first: number;
  /** Corrected answers between adaptations after it. */
  every: number;
}

export interface MatcherWorkersConfig {
  /** Scorer threads; 0 = questions are scored on the event loop. */
  count: number;
  timeoutMs: number;
  /** The worker module (tests give a failing one); default the server's own. */
  workerUrl?: URL;
}

export type MatcherEmbedderConfig =
  | { kind: 'all-minilm-l6-v2' }
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
    databaseConnectTimeoutSeconds: env.DATABASE_CONNECT_TIMEOUT_SECONDS,
    databaseStatementTimeoutSeconds: env.DATABASE_STATEMENT_TIMEOUT_SECONDS,
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
      transcribeNiceness: env.TRANSCRIBE_NICENESS,
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
    matcherWorkers: {
      count: env.MATCHER_WORKERS ?? availableParallelism(),
      timeoutMs: env.MATCHER_WORKER_TIMEOUT_SECONDS * 1000,
    },
    matcherCacheMb: env.MATCHER_CACHE_MB,
    matcherVisitorLogMs: env.MATCHER_VISITOR_LOG_SECONDS * 1000,
    speech: {
      concurrency: env.SPEECH_CONCURRENCY,
      warmDecoders: env.SPEECH_WARM_DECODERS,
      recognizer: env.SPEECH_RECOGNIZER,
      whisperWindow: env.SPEECH_WHISPER_WINDOW,
      whisperBeams: env.SPEECH_WHISPER_BEAMS,
      whisperPrompt: env.SPEECH_WHISPER_PROMPT,
      external: env.SPEECH_TO_TEXT_URL
        ? {
            url: env.SPEECH_TO_TEXT_URL,
            model: env.SPEECH_TO_TEXT_MODEL,
            apiKey: env.SPEECH_TO_TEXT_API_KEY,
            timeoutSeconds: env.SPEECH_TO_TEXT_TIMEOUT_SECONDS,
          }
        : undefined,
    },
    speakerAdaptation: {
      // Only pocketsphinx is adapted to a speaker: with Whisper (the default) or an external
      // recognizer no adaptation is queued (a queued one would find nothing to adapt, again and
      // again at every recovery round).
      first:
        env.SPEECH_TO_TEXT_URL || env.SPEECH_RECOGNIZER !== 'pocketsphinx'
          ? 0
          : env.SPEAKER_ADAPTATION_FIRST,
      every: env.SPEAKER_ADAPTATION_EVERY,
    },
  };
}
