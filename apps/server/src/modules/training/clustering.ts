import { CLUSTER_HALF_LIFE_DAYS, CLUSTER_WEIGHTS } from '@conversa/contracts';
import { createMatcher, type Category, type Embedder } from '@conversa/matching';
import { meaningScoresOf } from './meaning-scores.ts';

const DAY_MS = 86_400_000;

/** A signal's weight: thumbs down 3, fallback 2, low confidence 1 (the strongest that applies). */
export function getSignalWeight(signal: {
  isThumbsDown: boolean;
  isFallback: boolean;
  isLow: boolean;
}): number {
  if (signal.isThumbsDown) {
    return CLUSTER_WEIGHTS.thumbsDown;
  }
  if (signal.isFallback) {
    return CLUSTER_WEIGHTS.fallback;
  }
  return signal.isLow ? CLUSTER_WEIGHTS.low : 0;
}

/** Weight × recency decay: a signal counts half as much every `CLUSTER_HALF_LIFE_DAYS` days. */
export function getDecayedWeight(weight: number, askedAt: Date, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - askedAt.getTime()) / DAY_MS);
  return weight * 0.5 ** (ageDays / CLUSTER_HALF_LIFE_DAYS);
}

/** Exchanges with one normalised text: the unit the clustering merges. */
export interface QuestionGroup {
  key: string;
  text: string;
  count: number;
  visitorKeys: readonly string[];
  firstSeen: Date;
  lastSeen: Date;
  rank: number;
  entryIds: readonly string[];
}

export interface QuestionCluster {
  key: string;
  representative: string;
  count: number;
  visitors: number;
  /** Who asked (their visitor keys): what sums of clusters count once each. */
  visitorKeys: string[];
  firstSeen: Date;
  lastSeen: Date;
  rank: number;
  entryIds: string[];
  questions: { text: string; count: number }[];
}

/**
 * The matcher's score at which a question joins a group: a paraphrase of the group's questions
 * ("what crops did you grow on the farm" / "which crops were grown on your farm"), not merely one
 * shared topic word.
 */
export const CLUSTER_JOIN_SCORE = 0.3;

/**
 * Which groups form which cluster: each cluster's group keys, its founding group first, then the
 * groups that joined it in the order they joined. Depends only on the groups' texts and their
 * order (`orderGroups`), so it can be reused while those stay the same (`createClusterCache`).
 */
export type ClusterMembership = string[][];

/**
 * What the storyfile's own matcher is built with, so that clustering reads questions as asking
 * does: the custom categories it folds (the namespace's and the storyfile's own) and the embedder
 * the conversation engine was given, if any.
 */
export interface ClusteringOptions {
  categories?: readonly Category[];
  embedder?: Embedder;
}

/** Strongest first: by rank, then size (the order `assignClusters` takes groups in). */
export function orderGroups(groups: readonly QuestionGroup[]): QuestionGroup[] {
  return [...groups].sort((a, b) => b.rank - a.rank || b.count - a.count);
}

/** Cosine of two sentence vectors (0 when either is all zeros). */
export function computeCosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

/**
 * Groups similar questions: each group, strongest first, joins the existing cluster it is most like,
 * else starts one; a second pass lets a group that started alone join a cluster that grew after it
 * was placed (paraphrases of paraphrases). With an embedder in force, likeness is meaning: the
 * closest member's cosine, at its model's `cluster` bar or above (a question the embedder has no
 * vector for yet is placed by words, as without one). Without, it is the matcher's own
 * normalisation and scoring, categories folded as the storyfile's matcher folds them, at
 * `CLUSTER_JOIN_SCORE` or above; joined questions become phrasings of their cluster.
 */
export function assignClusters(
  ordered: readonly QuestionGroup[],
  options: ClusteringOptions = {},
): ClusterMembership {
  // No contrast: a group joins on its likeness to one cluster alone. With contrast, the only
  // cluster there is (nothing to contrast with) would win half again its score. No embedder
  // either: meaning is compared below, on its own, not blended into a word score.
  const matcher = createMatcher({
    threshold: CLUSTER_JOIN_SCORE,
    tuning: { contrastWeight: 0 },
    categories: [...(options.categories ?? [])],
  });
  const vectors = new Map<string, Float32Array>();
  const meaningBar = meaningScoresOf(options.embedder?.id).cluster;
  if (options.embedder) {
    for (const group of ordered) {
      const vector = options.embedder.embed(group.text);
      if (vector) {
        vectors.set(group.key, vector);
      }
    }
  }
  const clusters = new Map<string, { representative: string; members: QuestionGroup[] }>();
  const join = (key: string, group: QuestionGroup) => {
    const cluster = clusters.get(key)!;
    cluster.members.push(group);
    matcher.upsertAnswer({
      id: key,
      question: cluster.representative,
      alternates: cluster.members.slice(1).map((member) => member.text),
    });
  };
  const findByMeaning = (vector: Float32Array): string | undefined => {
    let best: string | undefined;
    let bestScore = meaningBar;
    for (const [key, cluster] of clusters) {
      for (const member of cluster.members) {
        const other = vectors.get(member.key);
        const score = other ? computeCosine(vector, other) : 0;
        if (score >= bestScore) {
          best = key;
          bestScore = score;
        }
      }
    }
    return best;
  };
  const findCluster = (group: QuestionGroup): string | undefined => {
    const vector = vectors.get(group.key);
    if (vector) {
      return findByMeaning(vector);
    }
    const { decision } = matcher.match(group.text, { limit: 1 });
    return decision.kind === 'answer' && clusters.has(decision.answerId)
      ? decision.answerId
      : undefined;
  };
  const loners: QuestionGroup[] = [];
  for (const group of ordered) {
    const joined = findCluster(group);
    if (joined !== undefined) {
      join(joined, group);
      continue;
    }
    clusters.set(group.key, { representative: group.text, members: [group] });
    loners.push(group);
    matcher.upsertAnswer({ id: group.key, question: group.text });
  }
  for (const group of loners) {
    const own = clusters.get(group.key);
    if (!own || own.members.length > 1) {
      continue;
    }
    matcher.removeAnswer(group.key);
    clusters.delete(group.key);
    const joined = findCluster(group);
    if (joined !== undefined) {
      join(joined, group);
    } else {
      clusters.set(group.key, own);
      matcher.upsertAnswer({ id: group.key, question: group.text });
    }
  }
  return [...clusters.values()].map((cluster) => cluster.members.map((member) => member.key));
}

/** The clusters of a membership, their figures summed from the groups as they are now. */
export function buildClusters(
  membership: ClusterMembership,
  groups: readonly QuestionGroup[],
): QuestionCluster[] {
  const byKey = new Map(groups.map((group) => [group.key, group]));
  return membership
    .map((keys) => {
      const members = keys.map((key) => byKey.get(key)!);
      const founder = members[0]!;
      const visitors = new Set(members.flatMap((member) => member.visitorKeys));
      return {
        key: founder.key,
        representative: founder.text,
        count: members.reduce((sum, member) => sum + member.count, 0),
        visitors: visitors.size,
        visitorKeys: [...visitors],
        firstSeen: new Date(Math.min(...members.map((member) => member.firstSeen.getTime()))),
        lastSeen: new Date(Math.max(...members.map((member) => member.lastSeen.getTime()))),
        rank: members.reduce((sum, member) => sum + member.rank, 0),
        entryIds: members.flatMap((member) => member.entryIds),
        questions: members
          .map((member) => ({ text: member.text, count: member.count }))
          .sort((a, b) => b.count - a.count)
          .slice(0, 20),
      };
    })
    .sort((a, b) => b.rank - a.rank || b.count - a.count || a.key.localeCompare(b.key));
}

/** Groups similar questions (`assignClusters`), sorted by rank, then size. */
export function clusterQuestions(
  groups: readonly QuestionGroup[],
  options: ClusteringOptions = {},
): QuestionCluster[] {
  return buildClusters(assignClusters(orderGroups(groups), options), groups);
}

/**
 * Cached cluster memberships per storyfile, keyed by what the clustering reads: the groups' keys
 * and texts in the order they are taken, the categories folded and the embedder. Every rank decays
 * by the same factor as time passes, so the order holds until an exchange is asked, reviewed or
 * rated in a way that changes a group, or a category changes; until then a request only sums the
 * groups' figures again. The result is the same as `clusterQuestions` on the same groups and
 * options.
 */
export function createClusterCache(maxStoryfiles = 50) {
  const cache = new Map<
    string,
    { fingerprint: string; embedder: Embedder | undefined; membership: ClusterMembership }
  >();
  return {
    cluster(
      storyfileId: string,
      groups: readonly QuestionGroup[],
      options: ClusteringOptions = {},
    ): QuestionCluster[] {
      const ordered = orderGroups(groups);
      const fingerprint = JSON.stringify([
        ordered.map((group) => [group.key, group.text]),
        options.categories ?? [],
      ]);
      let cached = cache.get(storyfileId);
      if (cached?.fingerprint !== fingerprint || cached.embedder !== options.embedder) {
        cached = {
          fingerprint,
          embedder: options.embedder,
          membership: assignClusters(ordered, options),
        };
      }
      cache.delete(storyfileId);
      cache.set(storyfileId, cached);
      while (cache.size > maxStoryfiles) {
        cache.delete(cache.keys().next().value!);
      }
      return buildClusters(cached.membership, groups);
    },
  };
}

export type ClusterCache = ReturnType<typeof createClusterCache>;
