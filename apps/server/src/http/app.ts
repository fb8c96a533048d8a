import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { getFailureMessage, isPersonMessage, SYSTEM_ID_HEADER } from '@conversa/contracts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import {
  createIdentityProvider,
  EMBEDDED_CLIENT_ID,
  IDP_MOUNT_PATH,
} from '../identity/provider.ts';
import { registerIdentityProviderRoutes } from '../identity/idp.routes.ts';
import { createLazyOidcConfiguration } from '../identity/oidc-client.ts';
import { getOrCreateSecret } from '../identity/secrets.ts';
import { createAuthService, createBearerAuthenticator } from '../modules/auth/auth.service.ts';
import { registerAuthRoutes } from '../modules/auth/auth.routes.ts';
import { registerMeRoutes } from '../modules/me/me.routes.ts';
import { registerStoryfileRoutes } from '../modules/storyfiles/storyfiles.routes.ts';
import { registerLibraryRoutes } from '../modules/library/library.routes.ts';
import { registerFeedbackRoutes } from '../modules/feedback/feedback.routes.ts';
import { registerUploadRoutes } from '../modules/uploads/uploads.routes.ts';
import { registerMediaRoutes } from '../modules/media/media.routes.ts';
import { registerAvatarRoutes } from '../modules/avatars/avatars.routes.ts';
import {
  createConversationEngine,
  registerConversationRoutes,
} from '../modules/conversations/conversations.routes.ts';
import { registerChatLogRoutes } from '../modules/chat-logs/chat-logs.routes.ts';
import { registerPublishingRoutes } from '../modules/publishing/publishing.routes.ts';
import { registerDashboardRoutes } from '../modules/dashboard/dashboard.routes.ts';
import type { MediaRuntime } from '../jobs/runtime.ts';
import type pg from 'pg';
import { AppError } from './errors.ts';
import { createUserResolver, decorateUserResolver } from './authenticate.ts';
import {
  assertRouteDeclaresPermission,
  installApiVersionCheck,
  installPermissionHook,
} from './gateway.ts';
import { randomBytes } from 'node:crypto';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Extra routes to register (tests use it to prove the permission guard). */
  registerExtraRoutes?: (app: FastifyInstance) => void;
  /** Uploads, media and avatars; without it those routes are absent. */
  media?: { runtime: MediaRuntime; pool: pg.Pool };
}

function findWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) {
      return candidate;
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Builds the studio's HTTP server: identity, gateway API, docs and the web console. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const isHttps = config.publicUrl.startsWith('https:');
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: true,
    // Graceful shutdown answers new requests with 503 while in-flight ones finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', assertRouteDeclaresPermission);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Conversa Studio API',
        version: '1.0.3',
        description:
          "Gateway API of Conversa Studio. Browser calls authenticate with the session cookie, other clients with a bearer access token from the studio's OpenID provider.",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ statusCode: error.status, error: error.code, message: error.message });
    }
    if (
      (error as Error).name === 'SessionNotFound' &&
      request.url.startsWith(`${IDP_MOUNT_PATH}/interaction/`)
    ) {
      // A finished or expired sign-in page (e.g. reached with the back button after logout).
      return reply.redirect('/', 303);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const personMessage = error.validation.find((issue) => isPersonMessage(issue.message ?? ''));
      if (personMessage) {
        return reply
          .status(400)
          .send({ statusCode: 400, error: 'BAD_REQUEST', message: personMessage.message });
      }
      const details = error.validation
        .map(
          (issue) =>
            `${issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request'}: ${issue.message}`,
        )
        .join('; ');
      return reply
        .status(400)
        .send({ statusCode: 400, error: 'BAD_REQUEST', message: `Invalid request. ${details}` });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({
        statusCode: status,
        error: 'INTERNAL_SERVER_ERROR',
        // Spec §8: the failed call's own message (fetching, pushing, updating or deleting).
        message: getFailureMessage(request.method),
      });
    }
    return reply.status(status).send({
      statusCode: status,
      error: (error as { code?: string }).code ?? 'BAD_REQUEST',
      message: (error as Error).message,
    });
  });

  // Identity: the embedded provider unless an external issuer is configured.
  const isEmbeddedIdp = !config.oidc.issuer;
  const clientId = config.oidc.clientId ?? EMBEDDED_CLIENT_ID;
  const clientSecret =
    config.oidc.clientSecret ??
    (isEmbeddedIdp
      ? await getOrCreateSecret(db, 'idp.client-secret', () =>
          randomBytes(32).toString('base64url'),
        )
      : undefined);
  if (isEmbeddedIdp) {
    const provider = await createIdentityProvider({
      db,
      publicUrl: config.publicUrl,
      clientSecret: clientSecret!,
      isHttps,
    });
    await registerIdentityProviderRoutes(app, { provider, db, config });
  }
  const getConfiguration = createLazyOidcConfiguration({
    issuer: config.oidc.issuer ?? `${config.publicUrl}${IDP_MOUNT_PATH}`,
    clientId,
    clientSecret,
  });
  const auth = createAuthService({
    db,
    publicUrl: config.publicUrl,
    getConfiguration,
    configuredHints: isEmbeddedIdp
      ? config.upstreamProviders.map((upstream) => upstream.hint)
      : undefined,
  });
  const authenticateBearer = createBearerAuthenticator({ db, getConfiguration });

  const resolveUser = createUserResolver({ db, auth, authenticateBearer });
  decorateUserResolver(app, resolveUser);

  installApiVersionCheck(app);
  // Cookie-authenticated writes must carry the system identifier header, which a cross-site form
  // cannot set: that is the studio's CSRF defence on top of SameSite cookies.
  app.addHook('onRequest', async (request, reply) => {
    const isWrite = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
    const isGuarded =
      request.url.startsWith('/v1/') ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/files');
    if (
      isWrite &&
      isGuarded &&
      !request.headers.authorization &&
      !request.headers[SYSTEM_ID_HEADER]
    ) {
      return reply.status(403).send({
        statusCode: 403,
        error: 'FORBIDDEN',
        message: `Requests from the browser must carry the ${SYSTEM_ID_HEADER} header.`,
      });
    }
  });
  installPermissionHook(app, resolveUser);

  app.get(
    '/healthz',
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable', message: 'The database does not answer.' });
      }
    },
  );

  registerAuthRoutes(app, {
    auth,
    isHttps,
    // The embedded provider's account page; an external issuer's by Keycloak's convention.
    accountUrl: isEmbeddedIdp
      ? `${config.publicUrl}${IDP_MOUNT_PATH}/account`
      : `${config.oidc.issuer!.replace(/\/$/, '')}/account`,
  });
  registerMeRoutes(app);
  registerStoryfileRoutes(app, { db });
  registerLibraryRoutes(app, { db });
  registerFeedbackRoutes(app, { db, formUrl: config.feedbackFormUrl });
  const conversationEngine = await createConversationEngine(db, config);
  registerConversationRoutes(app, conversationEngine);
  registerChatLogRoutes(app, conversationEngine);
  registerPublishingRoutes(app, { engine: conversationEngine, publicUrl: config.publicUrl });
  registerDashboardRoutes(app, { db });
  if (options.media) {
    const { runtime, pool } = options.media;
    await registerUploadRoutes(app, {
      db,
      pool,
      config,
      storage: runtime.uploadStorage,
      mediaStore: runtime.mediaStore,
      jobs: runtime.jobs,
    });
    await registerMediaRoutes(app, { db, mediaStore: runtime.mediaStore, config });
    registerAvatarRoutes(app, { db, mediaStore: runtime.mediaStore });
  }
  options.registerExtraRoutes?.(app);

  const webDist = findWebDist();
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      setHeaders: (res, filePath) => {
        // Hashed assets are immutable; the HTML shell is never stored, so back after logout refetches.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-store',
        );
      },
    });
    app.setNotFoundHandler((request, reply) => {
      const isPageRequest =
        request.method === 'GET' &&
        !GUARDED_OR_SERVICE.some((prefix) => request.url.startsWith(prefix)) &&
        (request.headers.accept ?? '').includes('text/html');
      if (isPageRequest) {
        return reply.header('cache-control', 'no-store').sendFile('index.html');
      }
      return reply.status(404).send({ statusCode: 404, error: 'NOT_FOUND', message: 'Not found.' });
    });
  }

  return app;
}

const GUARDED_OR_SERVICE = [
  '/v1/',
  '/api/',
  '/idp',
  '/docs',
  '/healthz',
  '/files/',
  '/media/',
  '/avatar/',
];
