import { and, eq, sql } from 'drizzle-orm';
import { type Embedder, type PlayRiskSetting, type ThresholdSetting } from '@conversa/matching';
import { OFF_TOPIC_QUESTIONS } from '@conversa/matching';
import type { SentenceVectors } from './sentence-vectors.ts';
import type { StoryfileVocabulary } from './storyfile-vocabulary.ts';
import type { Database } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { storyfileMatchingSettings } from './conversations.tables.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfileQuestions, storyfileTopics } from '../storyfiles/storyfiles.tables.ts';
import { inkStories } from '../ink/ink.tables.ts';
import { videoTranscripts } from '../transcripts/transcripts.tables.ts';
import { learnedStampPart, loadLearnedQuestions } from './learned-labels.ts';
import {
  createVisitorLogRefresher,
  loadStoredVisitorLog,
  visitorLogStampPart,
} from './visitor-log.ts';
import { findEditedSince, isSameAnswer, toAnswerInput } from './matcher-cache-changes.ts';
import { createBudgetFit, type HeldMatchers } from './scoring/matcher-budget.ts';
import { createCachedMatcher, createEntrySizes } from './cached-matcher.ts';
import { listEntryTexts } from './scoring/matcher-snapshot.ts';
import type { MatchableAnswer, StoryfileMatcher } from './storyfile-matcher.ts';

export type { MatchableAnswer, StoryfileMatcher } from './storyfile-matcher.ts';

interface MatcherStamp {
  stamp: string;
  publishedInkVersionId: string | null;
}

let lastVersion = 0;
const nextVersion = () => (lastVersion += 1);

/**
 * A fingerprint of everything the matcher is built from: questions (count and last edit), topics
 * (names appear in candidates), answer videos, the threshold and training's vocabulary (its
 * `stampParts`). A deletion changes a count, an edit a timestamp, so any change makes a new stamp;
 * one query per ask, prepared (`queryPrepared`: planning its subqueries cost three times their
 * run) and answered from indexes alone where a script has hundreds of rows. The same query reads
 * the published ink version, which is not part of the stamp (the matcher does not depend on it)
 * but tells the ask whether a story runs, at no extra round trip.
 */
async function readMatcherStamp(
  db: Database,
  vocabulary: StoryfileVocabulary,
  storyfileId: string,
): Promise<MatcherStamp> {
  const [row] = await queryPrepared<{
    stamp: string;
    published_ink_version_id: string | null;
  }>(
    db,
    'conversa_matcher_stamp',
    sql`
    select concat_ws('|',
      (select count(*) || ':' || coalesce(max(${storyfileQuestions.updatedAt})::text, '')
         from ${storyfileQuestions} where ${storyfileQuestions.storyfileId} = ${storyfileId}),
      (select count(*) || ':' || coalesce(max(${storyfileTopics.updatedAt})::text, '')
         from ${storyfileTopics} where ${storyfileTopics.storyfileId} = ${storyfileId}),
      (select count(*) || ':' || coalesce(max(${mediaAssets.createdAt})::text, '')
         from ${mediaAssets} where ${mediaAssets.storyfileId} = ${storyfileId}
         and ${mediaAssets.storyfileQuestionId} is not null),
      (select count(*) || ':' || coalesce(max(${videoTranscripts.updatedAt})::text, '')
         from ${videoTranscripts} where ${videoTranscripts.storyfileId} = ${storyfileId}),
      (select coalesce(${storyfileMatchingSettings.threshold}::text, 'default') || ':' ||
              coalesce(${storyfileMatchingSettings.playRisk}::text, 'default')
         from ${storyfileMatchingSettings}
         where ${storyfileMatchingSettings.storyfileId} = ${storyfileId}),
      ${learnedStampPart(storyfileId)},
      ${visitorLogStampPart(storyfileId)},
      ${sql.join(vocabulary.stampParts(storyfileId), sql`, `)}
    ) as stamp,
    (select published_version_id from ${inkStories} where storyfile_id = ${storyfileId})
      as published_ink_version_id`,
  );
  return {
    stamp: row?.stamp ?? '',
    publishedInkVersionId: row?.published_ink_version_id ?? null,
  };
}

async function loadMatchableAnswers(
  db: Database,
  storyfileId: string,
  editedSince?: string,
): Promise<MatchableAnswer[]> {
  const rows = await db
    .select({
      questionId: storyfileQuestions.id,
      text: storyfileQuestions.text,
      alternates: storyfileQuestions.alternates,
      topicId: storyfileTopics.id,
      topicName: storyfileTopics.name,
      assetId: mediaAssets.id,
      files: mediaAssets.files,
      transcript: videoTranscripts.text,
    })
    .from(storyfileQuestions)
    .innerJoin(storyfileTopics, eq(storyfileTopics.id, storyfileQuestions.storyfileTopicId))
    .leftJoin(mediaAssets, eq(mediaAssets.storyfileQuestionId, storyfileQuestions.id))
    .leftJoin(videoTranscripts, eq(videoTranscripts.assetId, mediaAssets.id))
    .where(
      and(
        eq(storyfileQuestions.storyfileId, storyfileId),
        editedSince === undefined
          ? undefined
          : sql`${storyfileQuestions.updatedAt} >= ${editedSince}::timestamptz`,
      ),
    )
    // One order for one script: the snapshot's, whose fingerprint keys the trained state.
    .orderBy(storyfileQuestions.id);
  return rows.map((row) => ({
    ...row,
    // An asset without a video file cannot be played, so it does not count as recorded.
    isRecorded: Boolean(row.files?.video),
    files: row.files ?? {},
    transcript: row.transcript ?? '',
  }));
}

/**
 * The owner's threshold and play risk, each `'auto'` where not set (no row, or null): the matcher
 * calibrates itself.
 */
async function readMatchingSetting(
  db: Database,
  storyfileId: string,
): Promise<{ threshold: ThresholdSetting; playRisk: PlayRiskSetting }> {
  const [row] = await db
    .select({
      threshold: storyfileMatchingSettings.threshold,
      playRisk: storyfileMatchingSettings.playRisk,
    })
    .from(storyfileMatchingSettings)
    .where(eq(storyfileMatchingSettings.storyfileId, storyfileId));
  return { threshold: row?.threshold ?? 'auto', playRisk: row?.playRisk ?? 'auto' };
}

/**
 * One matcher per storyfile, built lazily from every question of its script and kept in this process.
 * Each ask compares the stored stamp with the database's; on a change the matcher is updated in
 * place (only changed answers are re-indexed), so edits need no cross-module hook and replicas
 * agree as soon as they next ask. `embedder`, when given, is every matcher's sentence-embedding
 * seam (`@conversa/matching`'s `Embedder`). With `vectors` (the sentence model), a matcher whose
 * phrasings have no vectors yet gets them made in the background (read back from PostgreSQL, else
 * embedded in batches and stored) and answers by words alone meanwhile.
 */
export function createMatcherCache(options: {
  vocabulary: StoryfileVocabulary;
  embedder?: Embedder | undefined;
  vectors?: SentenceVectors | undefined;
  /**
   * The bytes this cache's matchers may take (its share of MATCHER_CACHE_MB, `matcher-bytes.ts`'s
   * estimate); the least recently asked go first. Unset: no bound.
   */
  budgetBytes?: number | undefined;
  /**
   * How often (ms) a storyfile's chat log is read again for what its visitors asked
   * (MATCHER_VISITOR_LOG_SECONDS; `visitor-log.ts`). Unset: never (the log is not read).
   */
  visitorLogIntervalMs?: number | undefined;
  logger?: { warn(message: string): void } | undefined;
}) {
  const { vocabulary, embedder, vectors } = options;
  const visitorLog =
    options.visitorLogIntervalMs === undefined
      ? undefined
      : createVisitorLogRefresher({
          intervalMs: options.visitorLogIntervalMs,
          vectors,
          logger: options.logger,
        });
  const budgetBytes = options.budgetBytes ?? Number.POSITIVE_INFINITY;
  /** The storyfiles' matchers, least recently asked first. */
  const cache = new Map<string, StoryfileMatcher>();
  const sizeOf = createEntrySizes(embedder);
  let held: HeldMatchers = { bytes: 0, storyfiles: 0, evictions: 0 };
  const fitToBudget = createBudgetFit(cache, sizeOf, budgetBytes);
  /** Drops the least recently asked matchers over the budget (never the one being asked). */
  const keepWithinBudget = (storyfileId: string): void => {
    const now = fitToBudget(storyfileId);
    held = { ...now, evictions: held.evictions + now.evictions };
  };
  /** Vector preparations in flight, per storyfile (one at a time; the next ask starts another). */
  const preparing = new Map<string, Promise<void>>();

  /**
   * The answers (by identity: every change replaces the map) whose phrasings and passages were all
   * found with a vector: an ask on an unchanged script then checks nothing (splitting 400
   * transcripts into passages on every ask cost a quarter of the studio's CPU under load).
   */
  const vectorsComplete = new WeakMap<StoryfileMatcher, Map<string, MatchableAnswer>>();
  /** How many of a matcher's texts had a vector after its last preparation. */
  const knownVectors = new WeakMap<StoryfileMatcher, number>();

  /** Starts making the vectors a matcher lacks, unless that is already under way. */
  function prepareVectors(storyfileId: string, entry: StoryfileMatcher): void {
    if (!vectors || preparing.has(storyfileId) || vectorsComplete.get(entry) === entry.answers) {
      return;
    }
    // A transcript's passages are embedded ahead like phrasings; the matcher's embedding state
    // counts phrasings alone, so passages without a vector are looked up here.
    const { phrasings, passages } = listEntryTexts(entry);
    const has = (text: string) => vectors.matcherEmbedder.embed(text.trim()) !== undefined;
    // The matcher's embedding state, without building a matcher that was not built yet.
    if (OFF_TOPIC_QUESTIONS.every(has) && phrasings.every(has)) {
      // A model loading or failed makes no passage now; a degraded one (too slow for questions,
      // issue 67) still does, so the script is marked complete and not looked at on every ask.
      const status = vectors.report().status;
      if (status !== 'ready' && status !== 'degraded') {
        return;
      }
      if (passages.every((passage) => vectors.matcherEmbedder.embed(passage) !== undefined)) {
        vectorsComplete.set(entry, entry.answers);
        return;
      }
    }
    const texts = [...OFF_TOPIC_QUESTIONS, ...phrasings, ...passages];
    const job = vectors
      .preparePhrasings(texts)
      // The vectors change the scores: the automatic threshold is chosen now, before the next
      // visitor asks (a 400-answer script with transcripts takes seconds to calibrate; a visitor
      // who paid for it waited that long, and so did every ask behind it).
      .then(() => {
        // Only vectors that arrived change what a scorer thread builds: a preparation that found
        // nothing new must not make every thread build and calibrate the matcher again.
        const known = texts.filter((text) => vectors.matcherEmbedder.embed(text.trim())).length;
        if (known !== knownVectors.get(entry)) {
          knownVectors.set(entry, known);
          entry.version = nextVersion();
        }
        // Only a matcher built on the event loop (no scorer threads, or the settings read it).
        entry.builtMatcher()?.getThreshold();
      })
      .catch(() => undefined)
      .finally(() => preparing.delete(storyfileId));
    preparing.set(storyfileId, job);
  }
  /**
   * Stamp reads in flight, per storyfile: asks that arrive while one runs share it (a class of 200
   * asking at once reads the stamp a few times, not 200). An ask may thus see the script as it was
   * when that read began, at most one query's time earlier.
   */
  const stampReads = new Map<string, Promise<MatcherStamp>>();
  const readStampOnce = (db: Database, storyfileId: string): Promise<MatcherStamp> => {
    let read = stampReads.get(storyfileId);
    if (!read) {
      read = readMatcherStamp(db, vocabulary, storyfileId).finally(() =>
        stampReads.delete(storyfileId),
      );
      stampReads.set(storyfileId, read);
    }
    return read;
  };

  return {
    async getMatcher(db: Database, storyfileId: string): Promise<StoryfileMatcher> {
      const entry = await getOrBuild(db, storyfileId);
      prepareVectors(storyfileId, entry);
      visitorLog?.refresh(db, storyfileId, entry.visitorQuestions);
      keepWithinBudget(storyfileId);
      return entry;
    },

    /** What the cache holds now (estimated bytes, storyfiles) and its evictions since the start. */
    report(): HeldMatchers {
      return held;
    },

    /**
     * Resolves once the vectors being made for this storyfile's matcher are in (tests, benchmarks:
     * the matcher scores with them from its next question).
     */
    async settleVectors(storyfileId: string): Promise<void> {
      await preparing.get(storyfileId);
    },

    /** Resolves once a read of the storyfile's visitor log in flight is done (tests). */
    async settleVisitorLog(storyfileId: string): Promise<void> {
      await visitorLog?.settle(storyfileId);
    },

    /** Drops every cached matcher (tests). */
    clear(): void {
      cache.clear();
    },
  };

  async function getOrBuild(db: Database, storyfileId: string): Promise<StoryfileMatcher> {
    const { stamp, publishedInkVersionId } = await readStampOnce(db, storyfileId);
    const cached = cache.get(storyfileId);
    if (cached) {
      cache.delete(storyfileId);
      cache.set(storyfileId, cached);
      cached.publishedInkVersionId = publishedInkVersionId;
      if (cached.stamp === stamp) {
        return cached;
      }
    }
    // Only existing questions edited (a review round on 2,000 answers): read those alone.
    const editedSince = cached ? findEditedSince(cached.stamp, stamp) : undefined;
    if (cached && editedSince !== undefined) {
      const edited = await loadMatchableAnswers(db, storyfileId, editedSince);
      // From here on no await, as below.
      const entry = cache.get(storyfileId) ?? cached;
      const answers = new Map(entry.answers);
      for (const row of edited) {
        const previous = answers.get(row.questionId);
        // The labels did not change (their part of the stamp is the same): keep what was learned.
        const answer = { ...row, learned: previous?.learned ?? [] };
        if (!previous || !isSameAnswer(previous, answer)) {
          entry.builtMatcher()?.upsertAnswer(toAnswerInput(answer));
        }
        answers.set(answer.questionId, answer);
      }
      entry.answers = answers;
      entry.stamp = stamp;
      entry.version = nextVersion();
      cache.set(storyfileId, entry);
      return entry;
    }
    const [rows, { threshold, playRisk }, categories, heardAsRules, learned, visitorQuestions] =
      await Promise.all([
        loadMatchableAnswers(db, storyfileId),
        readMatchingSetting(db, storyfileId),
        vocabulary.loadCategories(db, storyfileId),
        vocabulary.loadHeardAsRules(db, storyfileId),
        loadLearnedQuestions(db, storyfileId, vectors),
        loadStoredVisitorLog(db, storyfileId),
      ]);
    const categoriesKey = JSON.stringify(categories);
    // From here on no await: a concurrent rebuild cannot interleave its edits with these.
    const entry =
      cache.get(storyfileId) ??
      createCachedMatcher(
        {
          stamp,
          version: 0,
          threshold,
          playRisk,
          answers: new Map<string, MatchableAnswer>(),
          categoriesKey,
          categories,
          heardAsRules,
          publishedInkVersionId,
          visitorQuestions,
          pressed: learned.pressed,
        },
        embedder,
      );
    // Edits reach a matcher built already; one not built yet is built with them.
    const built = entry.builtMatcher();
    entry.heardAsRules = heardAsRules;
    entry.publishedInkVersionId = publishedInkVersionId;
    built?.setThreshold(threshold);
    built?.setPlayRisk(playRisk);
    entry.threshold = threshold;
    entry.playRisk = playRisk;
    built?.setVisitorQuestions(visitorQuestions);
    entry.visitorQuestions = visitorQuestions;
    if (entry.categoriesKey !== categoriesKey) {
      // Categories change the terms of every phrasing: the matcher re-indexes them all.
      built?.setCategories(categories);
      entry.categoriesKey = categoriesKey;
      entry.categories = categories;
    }
    entry.pressed = learned.pressed;
    const next = new Map(
      rows.map((row) => [
        row.questionId,
        { ...row, learned: learned.learned.get(row.questionId) ?? [] },
      ]),
    );
    for (const questionId of entry.answers.keys()) {
      if (!next.has(questionId)) {
        built?.removeAnswer(questionId);
      }
    }
    for (const answer of next.values()) {
      const previous = entry.answers.get(answer.questionId);
      if (!previous || !isSameAnswer(previous, answer)) {
        built?.upsertAnswer(toAnswerInput(answer));
      }
    }
    entry.answers = next;
    entry.stamp = stamp;
    entry.version = nextVersion();
    cache.set(storyfileId, entry);
    return entry;
  }
}

export type MatcherCache = ReturnType<typeof createMatcherCache>;
