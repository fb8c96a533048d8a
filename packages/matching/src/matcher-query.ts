// A question prepared for scoring: its features' ids and their weights in the blend of families,
// and the scratch arrays the scoring writes into, grown to the index's size.
import { extractFeatures } from './features.ts';
import type { FeatureKey } from './features.ts';
import { weighTermCount } from './matcher-state.ts';
import type { MatcherState, PreparedQuery } from './matcher-state.ts';
import { logRarities } from './visitor-log.ts';

/**
 * A question's features, with each known feature's factor (its weight times idf and prior,
 * scaled by its family's share of the blend); unseen words only pull the norms down.
 */
export function prepareQuery(state: MatcherState, text: string): PreparedQuery {
  const features = extractFeatures(text, state.categoryIndex, state.featureSettings);
  const ids: number[] = [];
  const factors: number[] = [];
  const familyScales = new Float64Array(state.familyCount);
  let weightSum = 0;
  const occurrencesById = new Map<number, number>();
  // What the storyfile's visitors asked: a feature most of them use weighs less (issue 50).
  const rarityOf = logRarities(state);
  const rarityById = new Map<number, number>();
  features.occurrences.forEach((occurrences, family) => {
    occurrencesById.clear();
    const unseen = new Map<FeatureKey, number>();
    for (const key of occurrences) {
      const id = state.index.lookupFeature(family, key);
      if (id === undefined) {
        unseen.set(key, (unseen.get(key) ?? 0) + 1);
      } else {
        occurrencesById.set(id, (occurrencesById.get(id) ?? 0) + 1);
        if (rarityOf && !rarityById.has(id)) {
          rarityById.set(id, rarityOf(family, key));
        }
      }
    }
    let normSquared = 0;
    // Words the storyfile never uses still count in the question's norm, pulling scores down.
    for (const [key, count] of unseen) {
      const weight =
        weighTermCount(count) * state.index.getUnseenIdf() * (rarityOf?.(family, key) ?? 1);
      normSquared += weight * weight;
    }
    for (const [id, count] of occurrencesById) {
      const idf = state.index.getIdf(id);
      const weight = weighTermCount(count) * idf * (rarityById.get(id) ?? 1);
      normSquared += weight * weight;
      ids.push(id);
      // Light words count fully in the norms (the question is still made of them) but weigh less
      // in what the question shares with a phrasing: sharing "how" and "you" says little.
      factors.push(weight * idf * state.index.getPrior(id));
    }
    // Families absent from the question (a one-word question has no bigram) drop out of the blend.
    if (normSquared > 0) {
      familyScales[family] = 1 / Math.sqrt(normSquared);
      weightSum += state.tuning.familyWeights[family] ?? 0;
    }
  });
  for (let family = 0; family < state.familyCount; family++) {
    familyScales[family] =
      weightSum > 0
        ? (familyScales[family]! * (state.tuning.familyWeights[family] ?? 0)) / weightSum
        : 0;
  }
  for (let i = 0; i < ids.length; i++) {
    factors[i] = factors[i]! * familyScales[state.index.families[ids[i]!]!]!;
  }
  return { features, ids, factors };
}

/** Grows the scoring's scratch arrays (never shrinks them) to the index's phrasings, answers and features. */
export function ensureScratch(state: MatcherState): void {
  const phrasingSlots = state.index.phrasings.length;
  if (state.phrasingScores.length < phrasingSlots) {
    state.phrasingScores = new Float64Array(
      Math.max(phrasingSlots, state.phrasingScores.length * 2, 64),
    );
  }
  const answerSlots = state.index.coarseInverseProfileNorms[0]!.length;
  if (state.answerScores.length < answerSlots) {
    const size = Math.max(answerSlots, state.answerScores.length * 2, 64);
    state.answerScores = new Float64Array(size);
    state.profileScores = new Float64Array(size);
    state.semanticScores = new Float64Array(size);
    state.transcriptScores = new Float64Array(size);
  }
  const featureCount = state.index.countFeatures();
  if (sharedQueryFactors.length < featureCount) {
    sharedQueryFactors = new Float64Array(
      Math.max(featureCount, sharedQueryFactors.length * 2, 256),
    );
  }
  state.queryFactors = sharedQueryFactors;
}

/**
 * The question's factor per feature id, all zero between questions: one array shared by every
 * matcher of the thread (a question is scored to its end before another starts), where each kept
 * its own (a double per feature: 80 KB at 300 answers, issue 69).
 */
let sharedQueryFactors = new Float64Array(0);
