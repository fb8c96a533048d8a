import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { documentErrorsAndHeaders } from '../http/openapi-errors.ts';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextEmbedder } from '@conversa/embeddings';
import type { Embedder } from '@conversa/matching';
import type pg from 'pg';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { clientErrorHandler } from '../http/client-errors.ts';
import { installErrorHandler } from '../http/errors.ts';
import { validatorCompiler } from '../http/unstorable-text.ts';
import { registerSecurityHeaders, trimAssetHeaders } from '../http/security-headers.ts';
import { canReadMetrics, createStudioMetrics, installRequestMetrics } from '../http/metrics.ts';
import { countProcessingJobsByState } from '../jobs/job-table.query.ts';
import {
  assertRouteDeclaresPermission,
  installApiVersionCheck,
  installPermissionHook,
  installSystemIdCheck,
} from '../http/gateway.ts';
import { registerIdentityProviderRoutes } from '../identity/idp.routes.ts';
import { createLazyOidcConfiguration } from '../identity/oidc-client.ts';
import {
  createIdentityProvider,
  EMBEDDED_CLIENT_ID,
  IDP_MOUNT_PATH,
} from '../identity/provider.ts';
import { createDatabaseProbe } from '../db/health.ts';
import { getOrCreateSecret } from '../db/secrets.ts';
import { registerAccountRoutes } from '../modules/accounts/accounts.routes.ts';
import { registerScimRoutes } from '../modules/accounts/scim.routes.ts';
import { createMailer } from '../modules/accounts/index.ts';
import { registerPromoCodeRoutes } from '../modules/promo-codes/promo-codes.routes.ts';
import { findReadOnlyOrganizations } from '../modules/promo-codes/index.ts';
import { installReadOnlyGuard } from '../http/read-only-guard.ts';
import { registerAuthRoutes } from '../modules/auth/auth.routes.ts';
import {
  createAuthService,
  createBearerAuthenticator,
  createUserResolver,
  endUserSessions,
  forgetExternalIdentities,
} from '../modules/auth/index.ts';
import { registerAvatarRoutes } from '../modules/avatars/avatars.routes.ts';
import { storeAvatarFromUpload } from '../modules/avatars/index.ts';
import { registerChatLogRoutes } from '../modules/chat-logs/chat-logs.routes.ts';
import { registerConversationRoutes } from '../modules/conversations/conversations.routes.ts';
import { registerInkRoutes } from '../modules/ink/ink.routes.ts';
import { registerLearningRoutes } from '../modules/learning/learning.routes.ts';
import { drainXapiOutbox, XAPI_RETRY_INTERVAL_MS } from '../modules/learning/index.ts';
import { installVisitorLinking, isPublicationLive } from '../modules/publishing/index.ts';
import { createConversationEngine, inkConversationSource } from '../modules/conversations/index.ts';
import { registerDashboardRoutes } from '../modules/dashboard/dashboard.routes.ts';
import { registerFeedbackRoutes } from '../modules/feedback/feedback.routes.ts';
import { registerLibraryRoutes } from '../modules/library/library.routes.ts';
import { registerMeRoutes } from '../modules/me/me.routes.ts';
import { registerMediaRoutes } from '../modules/media/media.routes.ts';
import { trialUsage } from '../modules/media/index.ts';
import { registerPackageRoutes } from '../modules/packages/packages.routes.ts';
import { registerMobileAppRoutes } from '../modules/mobile-app/mobile-app.routes.ts';
import { registerPublishingRoutes } from '../modules/publishing/publishing.routes.ts';
import { createSpeechGateway, type SpeechGateway } from '../modules/speech/index.ts';
import { registerSpeechRoutes } from '../modules/speech/speech.routes.ts';
import { registerStoryfileRoutes } from '../modules/storyfiles/storyfiles.routes.ts';
import { organizationStoryfiles } from '../modules/storyfiles/index.ts';
import { registerTrainingRoutes } from '../modules/training/training.routes.ts';
import { ignoredQuestions, storyfileVocabulary } from '../modules/training/index.ts';
import { registerUploadRoutes } from '../modules/uploads/uploads.routes.ts';
import type { MediaRuntime } from './media-runtime.ts';

/**
 * How dynamic answers (JSON, HTML) are compressed; built assets are precompressed at maximum
 * quality at build time and never pass through this. Measured with `npm run bench:lists`:
 * - `syncThreshold`: the plugin compresses answers above 8 KB on a 2-core host through zlib
 *   streams on libuv's threadpool, which costs a list page of 30-100 rows (13-45 KB) 3-5 ms of
 *   hops and chunked writes on a busy machine; compressed in one call, the same page costs
 *   0.2-0.6 ms and goes out in one write with its length. Bigger answers (the OpenAPI document,
 *   exports) keep the stream path so that one of them never blocks the event loop for long.
 * - levels: gzip 3 and brotli 3 cost about half of gzip 6 and brotli 4 on those pages for
 *   answers 3-5 % larger (a 13 KB page: 2.28 KB gzip 3 against 2.18 KB gzip 6).
 */
export const DYNAMIC_COMPRESSION = {
  syncThreshold: 128 * 1024,
  zlibOptions: { level: 3 },
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
} as const;

/**
 * /healthz answers 503 when the database has not answered `select 1`, through the pool and on a
 * new connection, within this.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export interface AppOptions {
  config: Config;
  db: Database;
  /** Extra routes to register (tests use it to prove the permission guard). */
  registerExtraRoutes?: (app: FastifyInstance) => void;
  /** Uploads, media and avatars; without it those routes are absent. */
  media?: { runtime: MediaRuntime; pool: pg.Pool };
  /** The built web console to serve; default: apps/web/dist found above this file. */
  webDist?: string;
  /**
   * A synchronous sentence-embedding seam for the answer matcher (`@conversa/matching`'s), used by
   * every storyfile's matcher and by Response quality's clustering (tests with a toy model).
   */
  embedder?: Embedder;
  /**
   * The sentence model (`@conversa/embeddings`: USE lite in a worker, or an external service);
   * `startStudio` passes the configured one (MATCHER_EMBEDDER, EMBEDDINGS_URL). None by default, so
   * a test app answers by words alone unless the test opts in.
   */
  textEmbedder?: TextEmbedder;
  /** The speech2text gateway; default: built from `config.speech` (pocketsphinx unless configured). */
  speech?: SpeechGateway;
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
    // Forwarding headers count only from the proxies TRUST_PROXY names (none by default), so a
    // client cannot choose its own address for the rate limits.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Graceful shutdown answers new requests with 503 while in-flight ones finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A request Node's parser refuses (a NUL in a header) is answered with a sentence naming the
    // header, not Fastify's bare "Client Error".
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', assertRouteDeclaresPermission);

  // First, so every answer (the not-found handler and the provider's pages too) carries them.
  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    feedbackFormUrl: config.feedbackFormUrl,
  });

  // --- Performance: compression (issue 21) ---
  // Responses above 1 KB go out brotli or gzip by Accept-Encoding (JSON, HTML, the OpenAPI
  // document); built assets are precompressed at build time and @fastify/static picks the file,
  // so this hook skips them (they already carry content-encoding). Video and images are not
  // compressible types and pass untouched.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    ...DYNAMIC_COMPRESSION,
  });
  // Operations: request durations for /metrics (served below, after the identity hooks). This
  // app's own series: another app in the same process (tests build many) counts apart.
  const metrics = createStudioMetrics();
  installRequestMetrics(app, metrics);
  // --- end performance ---

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
    // Each operation documents the permission its contract declares (`x-permission`, spec §6), so
    // clients read who may call it, and the suite's authorization matrix derives its expectations
    // from the document itself.
    // Each also lists its error answers and, where the gateway's check requires it, the system id
    // header, both from packages/contracts (getErrorAnswers, needsSystemIdHeader).
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const permission = input.route.config?.permission;
      if (!permission) {
        return result;
      }
      const schema = documentErrorsAndHeaders(result.schema as Record<string, unknown>, {
        method: input.route.method,
        url: input.route.url,
        config: input.route.config,
      });
      return {
        ...result,
        schema: { ...schema, 'x-permission': permission } as typeof result.schema,
      };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  installErrorHandler(app);

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

  const resolveUser = createUserResolver({ db, authenticateBearer });

  installApiVersionCheck(app);
  installSystemIdCheck(app);
  installPermissionHook(app, resolveUser);
  // After the permission hook: an ended or revoked free trial leaves its organization read-only
  // for every write route, present and future (issue 19).
  installReadOnlyGuard(app, (namespaceIds) => findReadOnlyOrganizations(db, namespaceIds));
  // The popular score leaves out a team member's anonymous visits: their visitor cookie is linked
  // to their studio session when one browser carries both (issue 19).
  installVisitorLinking(app, { db, resolveUser });

  const probeDatabase = createDatabaseProbe(db.$client, HEALTH_CHECK_TIMEOUT_MS);
  app.get(
    '/healthz',
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (_request, reply) => {
      // A hung database answers nothing: 503 after a short wait rather than the pool's timeouts,
      // and a new connection is tried too, since the pool's idle ones may still answer.
      if (!(await probeDatabase())) {
        return reply
          .status(503)
          .send({ status: 'unavailable', message: 'The database does not answer.' });
      }
      // Which sentence model answers with the matcher (a failed one: answers by words alone).
      const model = options.textEmbedder;
      return {
        status: 'ok',
        embedder: model
          ? { id: model.id, label: model.label, status: model.status() }
          : { id: 'none', label: 'none (words alone)', status: 'none' },
      };
    },
  );

  // --- Operations: Prometheus metrics (issue 21) ---
  if (options.media) {
    const { pool } = options.media;
    metrics.setJobStateReader(() => countProcessingJobsByState(pool));
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
  // --- end operations ---

  registerAuthRoutes(app, {
    auth,
    isHttps,
    // The embedded provider's account page; an external issuer's by Keycloak's convention.
    accountUrl: isEmbeddedIdp
      ? `${config.publicUrl}${IDP_MOUNT_PATH}/account`
      : `${config.oidc.issuer!.replace(/\/$/, '')}/account`,
  });
  registerMeRoutes(app, db);
  // Auth owns sessions and identity links; accounts ends them when a person loses access.
  const revoker = { endUserSessions, forgetExternalIdentities };
  registerAccountRoutes(app, {
    db,
    storyfiles: organizationStoryfiles,
    revoker,
    invitations: {
      publicUrl: config.publicUrl,
      expiryDays: config.accounts.invitationExpiryDays,
      mailer: createMailer({ smtpUrl: config.accounts.smtpUrl, from: config.accounts.smtpFrom }),
    },
  });
  registerPromoCodeRoutes(app, { db, trialUsage });
  registerScimRoutes(app, { db, publicUrl: config.publicUrl, revoker });
  registerStoryfileRoutes(app, { db, isPublicationLive, trialUsage });
  registerLibraryRoutes(app, { db });
  registerFeedbackRoutes(app, { db, formUrl: config.feedbackFormUrl });
  const conversationEngine = await createConversationEngine(db, {
    mediaUrlTtlSeconds: config.media.urlTtlSeconds,
    logger: app.log,
    metrics,
    embedder: options.embedder,
    ignores: ignoredQuestions,
    vocabulary: storyfileVocabulary,
    ...(options.textEmbedder ? { textEmbedder: options.textEmbedder } : {}),
  });
  registerConversationRoutes(app, conversationEngine);
  registerChatLogRoutes(app, conversationEngine);
  registerTrainingRoutes(app, conversationEngine, {
    mediaStore: options.media?.runtime.mediaStore,
  });
  registerInkRoutes(app, { db, inkConversations: inkConversationSource });
  registerLearningRoutes(app, {
    engine: conversationEngine,
    publicUrl: config.publicUrl,
    xapi: config.xapi,
    // Sent as soon as queued (after the commit); a failed send waits in the outbox for the periodic
    // drain.
    onStatementsQueued: () => {
      drainXapiOutbox(db, config.xapi).catch((error: unknown) => {
        app.log.warn({ err: error }, 'xAPI statements not sent yet');
      });
    },
  });
  if (config.xapi.endpoint !== undefined) {
    // Waiting statements are looked at every half minute: each is sent again once its backoff has
    // passed, until the LRS takes it or refuses it for good.
    const xapiTimer = setInterval(() => {
      drainXapiOutbox(db, config.xapi).catch((error: unknown) => {
        app.log.warn({ err: error }, 'xAPI statements not sent yet');
      });
    }, XAPI_RETRY_INTERVAL_MS);
    xapiTimer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(xapiTimer);
      done();
    });
  }
  const webDist = options.webDist ?? findWebDist();
  registerPublishingRoutes(app, {
    engine: conversationEngine,
    publicUrl: config.publicUrl,
    feedbackFormUrl: config.feedbackFormUrl,
    webIndexHtmlPath: webDist && path.join(webDist, 'index.html'),
    storyfileAskLimitPerMinute: config.publicAskLimitPerMinute,
  });
  // Spoken questions: recordings recognized by the studio (issue 29), never stored.
  await registerSpeechRoutes(app, {
    engine: conversationEngine,
    speech:
      options.speech ??
      createSpeechGateway({
        conversations: conversationEngine,
        config: config.speech,
        dataDir: config.dataDir,
        ffmpegPath: options.media?.runtime.binaries.ffmpeg,
      }),
    storyfileAskLimitPerMinute: config.publicAskLimitPerMinute,
  });
  registerDashboardRoutes(app, { db });
  registerMobileAppRoutes(app, conversationEngine);
  if (options.media) {
    const { runtime, pool } = options.media;
    await registerUploadRoutes(app, {
      db,
      pool,
      config,
      storage: runtime.uploadStorage,
      jobs: runtime.jobs,
      metrics,
      storeAvatar: (upload) =>
        storeAvatarFromUpload(
          { db, storage: runtime.uploadStorage, mediaStore: runtime.mediaStore },
          upload,
        ),
      trialUsage,
    });
    const mediaSigner = await registerMediaRoutes(app, {
      db,
      mediaStore: runtime.mediaStore,
      config,
      isStoryfilePublished: (storyfileId) => isPublicationLive(db, storyfileId),
    });
    registerPackageRoutes(app, {
      db,
      pool,
      jobs: runtime.jobs,
      mediaStore: runtime.mediaStore,
      uploadStorage: runtime.uploadStorage,
      signer: mediaSigner,
      publicUrl: config.publicUrl,
    });
    registerAvatarRoutes(app, { db, mediaStore: runtime.mediaStore });
  }
  options.registerExtraRoutes?.(app);

  if (webDist) {
    trimAssetHeaders(app);
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // Serves the build's .br / .gz beside each asset by Accept-Encoding (apps/web/build/precompress.ts).
      preCompressed: true,
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
      // A missing asset is a 404 whatever the client accepts: never the console under an
      // asset's address (trimAssetHeaders would strip its document headers).
      const isPageRequest =
        request.method === 'GET' &&
        !GUARDED_OR_SERVICE.some((prefix) => request.url.startsWith(prefix)) &&
        !request.url.startsWith('/assets/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (isPageRequest) {
        return reply.header('cache-control', 'no-store').sendFile('index.html');
      }
      return reply.status(404).send({ statusCode: 404, error: 'NOT_FOUND', message: 'Not found.' });
    });
  }

  return app;
}

/** The refusal of /metrics to a client neither on loopback nor holding METRICS_TOKEN. */
export const METRICS_FORBIDDEN_MESSAGE =
  'Metrics are served to this machine only, or with the metrics token (METRICS_TOKEN) as a bearer.';

const GUARDED_OR_SERVICE = [
  '/v1/',
  '/api/',
  '/idp',
  '/docs',
  '/healthz',
  '/metrics',
  '/files/',
  '/media/',
  '/avatar/',
];
