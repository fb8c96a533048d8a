// The features an inverted index has seen (`answer-index.ts`): an id per family and key, given in
// the order features first appear, with each feature's family and prior weight. A stored index
// (`script-index.ts`) lists the keys in id order; interning them in that order into an empty
// table gives every feature its id again.
import { FAMILY_COUNT } from './features.ts';
import type { FeatureKey } from './features.ts';
import { codeOfValue, growScratch } from './index-scratch.ts';
import { growUint8 } from './typed-arrays.ts';

export interface FeatureTable {
  /** Feature family per feature id (longer than `count()` while grown by doubling). */
  readonly families: Uint8Array;
  /** Number of distinct features ever seen (feature ids are below this). */
  count(): number;
  lookup(family: number, key: FeatureKey): number | undefined;
  /** The feature's id, a new one when it was never seen. */
  intern(family: number, key: FeatureKey): number;
  /** A feature's prior weight (light words weigh less in what a question shares with a phrasing). */
  prior(id: number): number;
  /** Every feature's key, by id. */
  listKeys(): FeatureKey[];
  /** Cuts the columns grown by doubling to the features there are, when they are well over. */
  trim(): void;
}

export function createFeatureTable(
  weighFeature: (family: number, key: FeatureKey) => number,
): FeatureTable {
  const ids = Array.from({ length: FAMILY_COUNT }, () => new Map<FeatureKey, number>());
  let families = new Uint8Array(0);
  let featureCount = 0;
  // Per feature: its prior weight, fixed when the feature is first seen, as an index into the
  // few distinct weights there are (one per kind of word: a byte a feature, not a double).
  let priorCodes = new Uint8Array(0);
  const priorValues: number[] = [];

  return {
    get families() {
      return families;
    },
    count: () => featureCount,
    lookup: (family, key) => ids[family]?.get(key),
    intern(family, key) {
      const known = ids[family]!;
      let id = known.get(key);
      if (id === undefined) {
        id = featureCount++;
        known.set(key, id);
        families = growUint8(families, featureCount);
        families[id] = family;
        priorCodes = growUint8(priorCodes, featureCount);
        priorCodes[id] = codeOfValue(priorValues, weighFeature(family, key));
        growScratch(featureCount);
      }
      return id;
    },
    prior: (id) => priorValues[priorCodes[id]!]!,
    listKeys() {
      const keys = new Array<FeatureKey>(featureCount);
      for (const known of ids) {
        for (const [key, id] of known) {
          keys[id] = key;
        }
      }
      return keys;
    },
    trim() {
      if (priorCodes.length > featureCount * 1.5 + 64) {
        families = families.slice(0, featureCount);
        priorCodes = priorCodes.slice(0, featureCount);
      }
    },
  };
}
