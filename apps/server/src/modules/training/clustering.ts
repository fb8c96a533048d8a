import { CLUSTER_HALF_LIFE_DAYS, CLUSTER_WEIGHTS } from '@conversa/contracts';
import { createMatcher } from '@conversa/matching';

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
 * Groups similar questions with the matcher's own normalisation and scoring: groups are taken
 * strongest first; each joins the existing cluster whose questions it matches best at
 * `CLUSTER_JOIN_SCORE` or above, else starts one. Joined questions become phrasings of their
 * cluster, so a cluster gathers paraphrases of paraphrases. Sorted by rank, then size.
 */
export function clusterQuestions(groups: readonly QuestionGroup[]): QuestionCluster[] {
  const ordered = [...groups].sort((a, b) => b.rank - a.rank || b.count - a.count);
  // No contrast: a group joins on its likeness to one cluster alone. With contrast, the only
  // cluster there is (nothing to contrast with) would win half again its score.
  const matcher = createMatcher({ threshold: CLUSTER_JOIN_SCORE, tuning: { contrastWeight: 0 } });
  type Building = QuestionCluster & { phrasings: string[]; visitorSet: Set<string> };
  const clusters = new Map<string, Building>();
  const join = (cluster: Building, group: QuestionGroup) => {
    cluster.count += group.count;
    cluster.rank += group.rank;
    cluster.entryIds.push(...group.entryIds);
    cluster.questions.push({ text: group.text, count: group.count });
    group.visitorKeys.forEach((key) => cluster.visitorSet.add(key));
    if (group.firstSeen < cluster.firstSeen) {
      cluster.firstSeen = group.firstSeen;
    }
    if (group.lastSeen > cluster.lastSeen) {
      cluster.lastSeen = group.lastSeen;
    }
    cluster.phrasings.push(group.text);
    matcher.upsertAnswer({
      id: cluster.key,
      question: cluster.representative,
      alternates: cluster.phrasings,
    });
  };
  const findCluster = (text: string): Building | undefined => {
    const { decision } = matcher.match(text, { limit: 1 });
    return decision.kind === 'answer' ? clusters.get(decision.answerId) : undefined;
  };
  const loners: QuestionGroup[] = [];
  for (const group of ordered) {
    const joined = findCluster(group.text);
    if (joined) {
      join(joined, group);
      continue;
    }
    clusters.set(group.key, {
      key: group.key,
      representative: group.text,
      count: group.count,
      visitors: 0,
      firstSeen: group.firstSeen,
      lastSeen: group.lastSeen,
      rank: group.rank,
      entryIds: [...group.entryIds],
      questions: [{ text: group.text, count: group.count }],
      phrasings: [],
      visitorSet: new Set(group.visitorKeys),
    });
    loners.push(group);
    matcher.upsertAnswer({ id: group.key, question: group.text });
  }
  // Second pass: a group that started alone may match a cluster that grew after it was placed
  // (paraphrases of paraphrases); it then joins it, strongest first as before.
  for (const group of loners) {
    const own = clusters.get(group.key);
    if (!own || own.questions.length > 1) {
      continue;
    }
    matcher.removeAnswer(group.key);
    clusters.delete(group.key);
    const joined = findCluster(group.text);
    if (joined) {
      join(joined, group);
    } else {
      clusters.set(group.key, own);
      matcher.upsertAnswer({ id: group.key, question: group.text });
    }
  }
  return [...clusters.values()]
    .map(({ phrasings: _phrasings, visitorSet, ...cluster }) => ({
      ...cluster,
      visitors: visitorSet.size,
      questions: cluster.questions.sort((a, b) => b.count - a.count).slice(0, 20),
    }))
    .sort((a, b) => b.rank - a.rank || b.count - a.count || a.key.localeCompare(b.key));
}
