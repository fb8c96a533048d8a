import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { StudioMetrics } from '../http/metrics.ts';
import { IDP_MOUNT_PATH } from '../identity/provider.ts';
import { registerAccountRoutes } from '../modules/accounts/accounts.routes.ts';
import { createMailer } from '../modules/accounts/index.ts';
import { registerScimRoutes } from '../modules/accounts/scim.routes.ts';
import { registerAuthRoutes } from '../modules/auth/auth.routes.ts';
import {
  endUserSessions,
  forgetExternalIdentities,
  type createAuthService,
} from '../modules/auth/index.ts';
import {
  createBrandResolver,
  createHostBrandLookup,
  listBrandFeedbackFormUrls,
} from '../modules/brands/index.ts';
import { registerBrandRoutes } from '../modules/brands/brands.routes.ts';
import { registerChatLogRoutes } from '../modules/chat-logs/chat-logs.routes.ts';
import { registerConversationRoutes } from '../modules/conversations/conversations.routes.ts';
import {
  createConversationEngine,
  inkConversationSource,
  type ModelUpgrade,
  type SentenceVectors,
} from '../modules/conversations/index.ts';
import { registerDashboardRoutes } from '../modules/dashboard/dashboard.routes.ts';
import { registerFeedbackRoutes } from '../modules/feedback/feedback.routes.ts';
import { registerInkRoutes } from '../modules/ink/ink.routes.ts';
import { registerLearningRoutes } from '../modules/learning/learning.routes.ts';
import { registerLibraryRoutes } from '../modules/library/library.routes.ts';
import { registerMeRoutes } from '../modules/me/me.routes.ts';
import { trialUsage } from '../modules/media/index.ts';
import { registerMobileAppRoutes } from '../modules/mobile-app/mobile-app.routes.ts';
import { registerPromoCodeRoutes } from '../modules/promo-codes/promo-codes.routes.ts';
import { registerPublishingRoutes } from '../modules/publishing/publishing.routes.ts';
import { createSpeechGateway, type SpeechGateway } from '../modules/speech/index.ts';
import { createSpeechStoryfiles } from './speech-storyfiles.ts';
import { registerSpeechRoutes } from '../modules/spoken-questions/speech.routes.ts';
import { organizationStoryfiles } from '../modules/storyfiles/index.ts';
import { registerStoryfileRoutes } from '../modules/storyfiles/storyfiles.routes.ts';
import { ignoredQuestions, storyfileVocabulary } from '../modules/training/index.ts';
import { registerTrainingRoutes } from '../modules/training/training.routes.ts';
import type { AppOptions } from './app-options.ts';
import { drainXapiInBackground, scheduleXapiDrain } from './xapi-outbox.ts';

/**
 * Mounts every module's routes but those of the media runtime, handing each module the others'
 * pieces it needs (the conversation engine, auth's revoker, training's vocabulary).
 */
export async function registerModuleRoutes(
  app: FastifyInstance,
  options: AppOptions,
  assembled: {
    auth: ReturnType<typeof createAuthService>;
    isEmbeddedIdp: boolean;
    isHttps: boolean;
    metrics: StudioMetrics;
    webDist: string | undefined;
    modelUpgrade: ModelUpgrade | undefined;
    sentenceVectors: SentenceVectors | undefined;
  },
): Promise<{ speech: SpeechGateway }> {
  const { config, db } = options;
  const { auth, isEmbeddedIdp, isHttps, metrics, webDist } = assembled;
  registerAuthRoutes(app, {
    auth,
    isHttps,
    brandOfHost: createHostBrandLookup(config.brands),
    isKnownBrand: (brandId) => config.brands.brands.some(({ brand }) => brand.id === brandId),
    publicUrl: config.publicUrl,
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
  registerStoryfileRoutes(app, { db, trialUsage });
  registerLibraryRoutes(app, { db });
  const resolveBrand = createBrandResolver(config.brands, config.publicUrl);
  registerBrandRoutes(app, { resolveBrand, publicUrl: config.publicUrl });
  registerFeedbackRoutes(app, {
    db,
    resolveFormUrl: (request) => resolveBrand(request).feedbackFormUrl ?? config.feedbackFormUrl,
  });
  const conversationEngine = await createConversationEngine(db, {
    mediaUrlTtlSeconds: config.media.urlTtlSeconds,
    logger: app.log,
    metrics,
    embedder: options.embedder,
    ignores: ignoredQuestions,
    vocabulary: storyfileVocabulary,
    ...(options.textEmbedder ? { textEmbedder: options.textEmbedder } : {}),
    ...(assembled.modelUpgrade ? { modelUpgrade: assembled.modelUpgrade } : {}),
    ...(assembled.sentenceVectors ? { vectors: assembled.sentenceVectors } : {}),
    scorer: {
      workers: config.matcherWorkers.count,
      timeoutMs: config.matcherWorkers.timeoutMs,
      ...(config.matcherWorkers.workerUrl ? { workerUrl: config.matcherWorkers.workerUrl } : {}),
    },
    matcherCacheMb: config.matcherCacheMb,
    visitorLogIntervalMs: config.matcherVisitorLogMs,
  });
  metrics.setMatcherCacheReader(() => {
    const scorer = conversationEngine.scorer;
    return {
      budgetBytes: config.matcherCacheMb * 1024 * 1024,
      main: conversationEngine.matchers.report(),
      ...(scorer ? { scorers: scorer.held() } : {}),
    };
  });
  // The scorer threads end with the app (a test's, or the studio's on shutdown).
  app.addHook('onClose', async () => {
    await conversationEngine.scorer?.close();
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
    // Sent as soon as queued (after the commit).
    onStatementsQueued: () => {
      drainXapiInBackground(app, db, config.xapi);
    },
  });
  scheduleXapiDrain(app, db, config.xapi);
  registerPublishingRoutes(app, {
    engine: conversationEngine,
    publicUrl: config.publicUrl,
    feedbackFormUrl: config.feedbackFormUrl,
    brandFeedbackFormUrls: listBrandFeedbackFormUrls(config.brands),
    resolveBrand,
    webIndexHtmlPath: webDist && path.join(webDist, 'index.html'),
    storyfileAskLimitPerMinute: config.publicAskLimitPerMinute,
  });
  // Spoken questions: recordings recognized by the studio (issue 29), never stored.
  const speech =
    options.speech ??
    createSpeechGateway({
      storyfiles: createSpeechStoryfiles(conversationEngine),
      config: config.speech,
      dataDir: config.dataDir,
      ffmpegPath: options.media?.runtime.binaries.ffmpeg,
    });
  await registerSpeechRoutes(app, {
    engine: conversationEngine,
    speech,
    storyfileAskLimitPerMinute: config.publicAskLimitPerMinute,
  });
  registerDashboardRoutes(app, { db });
  registerMobileAppRoutes(app, conversationEngine);
  return { speech };
}
