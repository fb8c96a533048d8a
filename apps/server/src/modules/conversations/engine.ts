import type { SQL } from 'drizzle-orm';
import type { TextEmbedder } from '@conversa/embeddings';
import type { Embedder } from '@conversa/matching';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { StudioMetrics } from '../../http/metrics.ts';
import { createSharedMediaUrlSigner, type MediaUrlSigner } from '../media/index.ts';
import { createMatcherCache, type MatcherCache, type StoryfileMatcher } from './matcher-cache.ts';
import type { ModelUpgrade } from './model-upgrade.ts';
import { createSentenceVectors, type SentenceVectors } from './sentence-vectors.ts';
import type { StoryfileVocabulary } from './storyfile-vocabulary.ts';
import {
  createScorerPool,
  type ScorerPool,
  type ScorerPoolOptions,
} from './scoring/scorer-pool.ts';
import { shareOfBudget } from './scoring/matcher-budget.ts';
import { settleEventLoopMatcher } from './scoring/event-loop-training.ts';

/** Ask URLs are for playing now: a short lifetime limits what a leaked link exposes. */
export const ASK_MEDIA_URL_TTL_SECONDS = 15 * 60;

/**
 * The questions reviewers ignored in Response quality (the training module provides it, handed in
 * by the assembly): an exchange asked again with the same normalized text is logged as ignored.
 */
export interface IgnoredQuestions {
  /** SQL that is true when the storyfile's reviewers ignored this normalized question. */
  isIgnored(storyfileId: string, normalizedText: string): SQL;
}

export interface ConversationEngine {
  db: Database;
  ignores: IgnoredQuestions;
  vocabulary: StoryfileVocabulary;
  signer: MediaUrlSigner;
  matchers: MatcherCache;
  /** The threads asks are scored in (MATCHER_WORKERS); undefined = on the event loop. */
  scorer?: ScorerPool;
  /**
   * The sentence-embedding seam every storyfile's matcher is built with, when one is configured
   * (`vectors.matcherEmbedder`, or a synchronous test embedder); clustering in Response quality
   * uses the same one. It is a lookup: texts need their vectors made first (`vectors`).
   */
  embedder?: Embedder;
  /**
   * The sentence model behind `embedder` (USE lite or an external service), its vector store and
   * `sentence_vectors`; undefined without a model (lexical matching alone).
   */
  vectors?: SentenceVectors;
  /** Another model's texts being embedded again with this one (issue 64). */
  modelUpgrade?: ModelUpgrade;
  /** Where story runtime errors are logged (the server's logger; silent when absent). */
  logger?: Pick<FastifyBaseLogger, 'warn'>;
  /** The app's metrics, where asks are counted. */
  metrics: Pick<StudioMetrics, 'countAsk'>;
}

/** The matcher cache and the media URL signer that asks, transcripts and the public player share. */
export async function createConversationEngine(
  db: Database,
  options: {
    mediaUrlTtlSeconds: number;
    logger?: Pick<FastifyBaseLogger, 'warn'>;
    metrics: Pick<StudioMetrics, 'countAsk'>;
    /** A synchronous embedder (tests); `textEmbedder` is the product's way. */
    embedder?: Embedder;
    ignores: IgnoredQuestions;
    /** Training's custom categories and words, which every matcher folds. */
    vocabulary: StoryfileVocabulary;
    /** The sentence model (`@conversa/embeddings`): all-MiniLM-L6-v2, USE lite or a service. */
    textEmbedder?: TextEmbedder;
    /** Another model's texts being embedded again with this one (issue 64; Matching settings). */
    modelUpgrade?: ModelUpgrade;
    /** The process's sentence vectors of `textEmbedder`, when the caller made them (the app). */
    vectors?: SentenceVectors;
    /** The scorer threads (`workers` 0 or none: asks are scored on the event loop). */
    scorer?: Omit<ScorerPoolOptions, 'logger' | 'budgetBytes'>;
    /**
     * MATCHER_CACHE_MB: the matchers kept in memory, shared equally by the matcher cache and
     * every scorer thread (`matcher-budget.ts`); unset: no bound.
     */
    matcherCacheMb?: number;
    /** MATCHER_VISITOR_LOG_SECONDS in ms (`visitor-log.ts`); unset: the visitors' log is not read. */
    visitorLogIntervalMs?: number;
  },
): Promise<ConversationEngine> {
  const signer = await createSharedMediaUrlSigner(
    db,
    Math.min(options.mediaUrlTtlSeconds, ASK_MEDIA_URL_TTL_SECONDS),
  );
  const vectors =
    options.vectors ??
    (options.textEmbedder
      ? createSentenceVectors(db, options.textEmbedder, options.logger)
      : undefined);
  const embedder = vectors?.matcherEmbedder ?? options.embedder;
  const workers = options.scorer?.workers ?? 0;
  const budgetBytes =
    options.matcherCacheMb === undefined
      ? undefined
      : shareOfBudget(options.matcherCacheMb, workers);
  const scorer =
    options.scorer && workers > 0
      ? createScorerPool({
          ...options.scorer,
          ...(budgetBytes === undefined ? {} : { budgetBytes }),
          ...(options.logger ? { logger: options.logger } : {}),
        })
      : undefined;
  return {
    db,
    ignores: options.ignores,
    vocabulary: options.vocabulary,
    signer,
    matchers: createMatcherCache({
      vocabulary: options.vocabulary,
      embedder,
      vectors,
      budgetBytes,
      visitorLogIntervalMs: options.visitorLogIntervalMs,
      logger: options.logger,
    }),
    embedder,
    ...(scorer ? { scorer } : {}),
    ...(vectors ? { vectors } : {}),
    ...(options.modelUpgrade ? { modelUpgrade: options.modelUpgrade } : {}),
    metrics: options.metrics,
    ...(options.logger ? { logger: options.logger } : {}),
  };
}

/**
 * The storyfile's matcher, brought up to date with the database (the stamp check): a caller that
 * just committed script edits gets the refreshed matcher at once. Callers may change it only
 * synchronously and must restore it before their next await (the cache shares it with asks).
 */
export async function getStoryfileMatcher(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<StoryfileMatcher> {
  return engine.matchers.getMatcher(engine.db, storyfileId);
}

/**
 * The same, for a caller that uses its `matcher` (Matching settings, Response quality): built
 * with the stored trained state of its script when there is one (`event-loop-training.ts`), so it
 * does not train on the event loop; a caller that reads the answers alone uses the one above.
 */
export async function getTrainedStoryfileMatcher(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<StoryfileMatcher> {
  const entry = await engine.matchers.getMatcher(engine.db, storyfileId);
  await settleEventLoopMatcher(engine, entry);
  return entry;
}
