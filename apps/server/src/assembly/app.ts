import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { clientErrorHandler } from '../http/client-errors.ts';
import { installErrorHandler } from '../http/errors.ts';
import {
  assertRouteDeclaresPermission,
  installApiVersionCheck,
  installPermissionHook,
  installSystemIdCheck,
} from '../http/gateway.ts';
import { createStudioMetrics, installRequestMetrics } from '../http/metrics.ts';
import { installReadOnlyGuard } from '../http/read-only-guard.ts';
import { registerSecurityHeaders } from '../http/security-headers.ts';
import { validatorCompiler } from '../http/unstorable-text.ts';
import { findReadOnlyOrganizations } from '../modules/promo-codes/index.ts';
import { listBrandFeedbackFormUrls } from '../modules/brands/index.ts';
import { installVisitorLinking } from '../modules/publishing/index.ts';
import { createSentenceVectors, startModelUpgrade } from '../modules/conversations/index.ts';
import { registerApiDocs } from './api-docs.ts';
import type { AppOptions } from './app-options.ts';
import { registerCompression } from './compression.ts';
import { setUpIdentity } from './identity.ts';
import { registerMediaModuleRoutes } from './media-routes.ts';
import { registerModuleRoutes } from './module-routes.ts';
import type { SpeechGateway } from '../modules/speech/index.ts';
import { registerOperationsRoutes } from './operations.ts';
import { findWebDist, serveWebConsole } from './web-console.ts';

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
    brandFeedbackFormUrls: listBrandFeedbackFormUrls(config.brands),
  });

  await registerCompression(app);
  // Operations: request durations for /metrics (served below, after the identity hooks). This
  // app's own series: another app in the same process (tests build many) counts apart.
  const metrics = createStudioMetrics();
  installRequestMetrics(app, metrics);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, { global: false });
  await registerApiDocs(app);

  installErrorHandler(app);

  const { isEmbeddedIdp, auth, resolveUser } = await setUpIdentity(app, { config, db, isHttps });

  installApiVersionCheck(app);
  installSystemIdCheck(app);
  installPermissionHook(app, resolveUser);
  // After the permission hook: an ended or revoked free trial leaves its organization read-only
  // for every write route, present and future (issue 19).
  installReadOnlyGuard(app, (namespaceIds) => findReadOnlyOrganizations(db, namespaceIds));
  // The popular score leaves out a team member's anonymous visits: their visitor cookie is linked
  // to their studio session when one browser carries both (issue 19).
  installVisitorLinking(app, { db, resolveUser });

  // Issue 64: what another sentence model embedded is embedded again with this one, in the
  // background, so that storyfiles answer by meaning at their first ask after a model change.
  const modelUpgrade = options.textEmbedder
    ? startModelUpgrade(db, options.textEmbedder, (message) => app.log.info(message))
    : undefined;
  // One set of sentence vectors for the process: the asks' and what /healthz and /metrics report
  // of the model (degraded when too slow for visitors' questions, issue 67).
  const sentenceVectors = options.textEmbedder
    ? createSentenceVectors(db, options.textEmbedder, app.log)
    : undefined;
  app.addHook('onClose', async () => {
    await modelUpgrade?.stop();
  });

  // The speech gateway is made with the module routes below; /healthz reads it when asked.
  const assembled: { speech?: SpeechGateway } = {};
  registerOperationsRoutes(app, {
    config,
    db,
    metrics,
    recognizer: () => assembled.speech?.report(),
    textEmbedder: options.textEmbedder,
    sentenceVectors,
    modelUpgrade,
    jobsPool: options.media?.pool,
  });

  const webDist = options.webDist ?? findWebDist();
  assembled.speech = (
    await registerModuleRoutes(app, options, {
      auth,
      isEmbeddedIdp,
      isHttps,
      metrics,
      webDist,
      modelUpgrade,
      sentenceVectors,
    })
  ).speech;
  if (options.media) {
    await registerMediaModuleRoutes(app, { config, db, metrics, ...options.media });
  }
  options.registerExtraRoutes?.(app);

  if (webDist) {
    await serveWebConsole(app, webDist);
  }

  return app;
}
