import { sql } from 'drizzle-orm';
import {
  CLUSTER_HALF_LIFE_DAYS,
  CLUSTER_WEIGHTS,
  CLUSTER_WINDOW_DAYS,
  type ReviewClusterList,
} from '@conversa/contracts';
import { getStoryfileMatcher, type ConversationEngine } from '../conversations/index.ts';
import { MAX_SUGGESTED_GROUPS, suggestAlternates } from './alternate-suggestions.ts';
import { createClusterCache, type QuestionGroup } from './clustering.ts';
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

/**
 * Groups of the storyfile's open exchanges that fell back (off topic or not recorded), got low
 * confidence or a thumbs down over the last `CLUSTER_WINDOW_DAYS` days. SQL groups them by the
 * matcher's normalised text and sums weight × decay (`getDecayedWeight`, the same formula);
 * `clusterQuestions` then merges paraphrases (cached while the groups and categories stay the
 * same), folding the storyfile's categories and with the engine's embedder, as its matcher does.
 * With an embedder, each group's representative is offered as an alternate of the recorded
 * question it means the same as (`looksLike`).
 */
export async function listReviewClusters(
  engine: ConversationEngine,
  storyfileId: string,
  now = new Date(),
): Promise<ReviewClusterList> {
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
  const suggested = engine.embedder
    ? suggestAlternates(
        engine.embedder,
        clusters.slice(0, MAX_SUGGESTED_GROUPS).map((cluster) => cluster.representative),
        (await getStoryfileMatcher(engine, storyfileId)).answers.values(),
      )
    : [];
  return {
    items: clusters.map((cluster, index) => ({
      ...cluster,
      looksLike: suggested[index] ?? null,
      rank: Math.round(cluster.rank * 1e6) / 1e6,
      firstSeen: cluster.firstSeen.toISOString(),
      lastSeen: cluster.lastSeen.toISOString(),
    })),
  };
}
