import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  CLUSTER_HALF_LIFE_DAYS,
  CLUSTER_WEIGHTS,
  CLUSTER_WINDOW_DAYS,
  type ReviewClusterList,
} from '@conversa/contracts';
import {
  getStoryfileMatcher,
  type ConversationEngine,
  type MatchableAnswer,
} from '../conversations/index.ts';
import {
  MAX_SUGGESTED_GROUPS,
  suggestAlternates,
  type LooksLike,
} from './alternate-suggestions.ts';
import { createClusterCache, type QuestionCluster, type QuestionGroup } from './clustering.ts';
import { loadStoryfileCategories } from './storyfile-vocabulary.ts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';

/** Most distinct questions clustered at once (the strongest signals first). */
const MAX_CLUSTERED_QUESTIONS = 10_000;

/**
 * Memberships already worked out, per storyfile: the SQL runs on every request, the matcher-based
 * merging only when the groups it reads changed (a process-wide cache; the fingerprint makes a
 * stale entry a miss, never a wrong answer).
 */
const clusterCache = createClusterCache();

/** A cluster as the training module works with it: who asked, and the question it looks like. */
export type ReadCluster = QuestionCluster & { looksLike: LooksLike | null };

/**
 * Groups of the storyfile's open exchanges that fell back (off topic or not recorded), got low
 * confidence or a thumbs down over the last `CLUSTER_WINDOW_DAYS` days. SQL groups them by the
 * matcher's normalised text and sums weight × decay (`getDecayedWeight`, the same formula);
 * `clusterQuestions` then merges paraphrases (cached while the groups and categories stay the
 * same), folding the storyfile's categories and with the engine's embedder, as its matcher does.
 * With an embedder, each group's representative is offered as an alternate of the question it
 * means the same as (`looksLike`).
 */
export async function listReviewClusters(
  engine: ConversationEngine,
  storyfileId: string,
  now = new Date(),
): Promise<ReviewClusterList> {
  const clusters = await readReviewClusters(engine, storyfileId, now);
  return {
    items: clusters.map(({ visitorKeys: _visitorKeys, ...cluster }) => ({
      ...cluster,
      rank: Math.round(cluster.rank * 1e6) / 1e6,
      firstSeen: cluster.firstSeen.toISOString(),
      lastSeen: cluster.lastSeen.toISOString(),
    })),
  };
}

/**
 * The clusters of `listReviewClusters`, each of the first `MAX_SUGGESTED_GROUPS` with the
 * question it looks like: the closest in meaning (`suggestAlternates`), else, when the matcher
 * itself found an unrecorded question best for its exchanges (a not-recorded fallback), that one,
 * so that a studio without a sentence model still points to it.
 */
export async function readReviewClusters(
  engine: ConversationEngine,
  storyfileId: string,
  now = new Date(),
): Promise<ReadCluster[]> {
  const { db } = engine;
  const groupsRead = db.execute<{
    key: string;
    text: string;
    count: number;
    visitor_keys: string[];
    first_seen: Date | string;
    last_seen: Date | string;
    rank: number;
    entry_ids: string[];
  }>(sql`
    with signals as (
      select e.id, e.normalized_text, e.question_text, e.created_at, c.visitor_key,
        case when e.feedback = 'down' then ${CLUSTER_WEIGHTS.thumbsDown}::int
             when e.decision = 'fallback' then ${CLUSTER_WEIGHTS.fallback}::int
             else ${CLUSTER_WEIGHTS.low}::int end as weight
      from ${chatLogEntries} e join ${conversations} c on c.id = e.conversation_id
      where e.storyfile_id = ${storyfileId} and e.review_state = 'new'
        and e.normalized_text <> ''
        and e.created_at >= ${new Date(now.getTime() - CLUSTER_WINDOW_DAYS * 86_400_000).toISOString()}::timestamptz
        and (e.feedback = 'down'
             or (e.decision = 'fallback' and e.fallback_reason in ('off-topic', 'not-recorded'))
             or e.confidence = 'low')
    )
    select normalized_text as key, min(question_text) as text, count(*)::int as count,
      array_agg(distinct visitor_key) as visitor_keys, min(created_at) as first_seen,
      max(created_at) as last_seen,
      sum(weight * power(0.5, greatest(0, extract(epoch from (${now.toISOString()}::timestamptz - created_at)) / 86400.0)
        / ${CLUSTER_HALF_LIFE_DAYS}::float8))::float8 as rank,
      array_agg(id order by created_at) as entry_ids
    from signals group by normalized_text
    order by rank desc limit ${MAX_CLUSTERED_QUESTIONS}`);
  const [result, categories] = await Promise.all([
    groupsRead,
    loadStoryfileCategories(db, storyfileId),
  ]);
  const groups: QuestionGroup[] = result.rows.map((row) => ({
    key: row.key,
    text: row.text,
    count: row.count,
    visitorKeys: row.visitor_keys,
    firstSeen: new Date(row.first_seen),
    lastSeen: new Date(row.last_seen),
    rank: Number(row.rank),
    entryIds: row.entry_ids,
  }));
  const options = { categories, embedder: engine.embedder };
  const clusters = clusterCache.cluster(storyfileId, groups, options);
  const { answers } = await getStoryfileMatcher(engine, storyfileId);
  const suggested = clusters.slice(0, MAX_SUGGESTED_GROUPS);
  const byMeaning = suggestAlternates(
    engine.embedder,
    suggested.map((cluster) => cluster.representative),
    answers.values(),
  );
  const unexplained = suggested.filter((_, index) => byMeaning[index] === null);
  const byMatcher = await readNotRecordedMatches(engine, unexplained, answers);
  return clusters.map((cluster, index) => ({
    ...cluster,
    looksLike: byMeaning[index] ?? byMatcher.get(cluster.key) ?? null,
  }));
}

/**
 * For each cluster, the unrecorded question its exchanges fell back on most often as the best
 * match (`matched_question_id`), with the best score any of them gave it; none when no exchange
 * did, or the question is recorded or gone since.
 */
async function readNotRecordedMatches(
  engine: ConversationEngine,
  clusters: readonly QuestionCluster[],
  answers: ReadonlyMap<string, MatchableAnswer>,
): Promise<Map<string, LooksLike>> {
  const clusterOf = new Map(
    clusters.flatMap((cluster) => cluster.entryIds.map((id) => [id, cluster.key] as const)),
  );
  const found = new Map<string, LooksLike>();
  if (clusterOf.size === 0) {
    return found;
  }
  const rows = await engine.db
    .select({
      id: chatLogEntries.id,
      questionId: chatLogEntries.matchedQuestionId,
      score: chatLogEntries.score,
    })
    .from(chatLogEntries)
    .where(
      and(
        inArray(chatLogEntries.id, [...clusterOf.keys()]),
        isNotNull(chatLogEntries.matchedQuestionId),
      ),
    );
  const tallies = new Map<string, Map<string, { count: number; score: number }>>();
  for (const row of rows) {
    const answer = answers.get(row.questionId!);
    if (!answer || answer.isRecorded) {
      continue;
    }
    const key = clusterOf.get(row.id)!;
    const tally = tallies.get(key) ?? new Map<string, { count: number; score: number }>();
    const seen = tally.get(answer.questionId) ?? { count: 0, score: 0 };
    tally.set(answer.questionId, {
      count: seen.count + 1,
      score: Math.max(seen.score, row.score ?? 0),
    });
    tallies.set(key, tally);
  }
  for (const [key, tally] of tallies) {
    const [questionId, { score }] = [...tally].sort(
      ([a, x], [b, y]) => y.count - x.count || y.score - x.score || a.localeCompare(b),
    )[0]!;
    const answer = answers.get(questionId)!;
    found.set(key, {
      questionId,
      questionText: answer.text,
      score: Math.round(score * 1e4) / 1e4,
      isRecorded: false,
    });
  }
  return found;
}
