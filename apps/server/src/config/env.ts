import { z } from 'zod';
import path from 'node:path';
import { IDP_HINTS, type IdpHint } from '@conversa/contracts';

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
    /** Optional external form shown in the Give Feedback / Report a Bug dialogs. */
    FEEDBACK_FORM_URL: optionalUrl,
    /** pino log level. */
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
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
  feedbackFormUrl: string | undefined;
  upstreamProviders: UpstreamProviderConfig[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  isProduction: boolean;
}

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
    feedbackFormUrl: env.FEEDBACK_FORM_URL,
    upstreamProviders,
    logLevel: env.LOG_LEVEL,
    isProduction: env.NODE_ENV === 'production',
  };
}
