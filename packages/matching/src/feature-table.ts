// The features an inverted index has seen (`answer-index.ts`): an id per family and key, given in
// the order features first appear, with each feature's family and prior weight. A stored index
// (`script-index.ts`) lists the keys in id order; interning them in that order into an empty
// table gives every feature its id again.
//
// Character n-grams are three quarters of a script's features, keyed by integers (`features.ts`).
// Once a matcher is built (`trim`, before its first question), they move from a map to two sorted
// typed arrays read by binary search: 8 bytes a feature where the map took about 30 (0.17 MB of a
// 300-answer matcher, issue 69). N-grams seen after that go to the map until the next `trim`.
import { CHAR_FAMILY, FAMILY_COUNT } from './features.ts';
import type { FeatureKey } from './features.ts';
import { codeOfValue, growScratch } from './index-scratch.ts';
import { growUint8 } from './typed-arrays.ts';

/** The map of new character n-grams is packed into the sorted arrays from this size on. */
const PACK_AT = 64;
/** Feature ids are below this while character n-grams are packed (4 million features). */
const ID_SPAN = 2 ** 22;

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
  /** Cuts the columns grown by doubling to the features there are, and packs the n-grams' keys. */
  trim(): void;
}

/** The index of `key` in the sorted `keys`, or -1. */
function search(keys: Int32Array, key: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = keys[middle]!;
    if (found < key) {
      low = middle + 1;
    } else if (found > key) {
      high = middle - 1;
    } else {
      return middle;
    }
  }
  return -1;
}

export function createFeatureTable(
  weighFeature: (family: number, key: FeatureKey) => number,
): FeatureTable {
  const ids = Array.from({ length: FAMILY_COUNT }, () => new Map<FeatureKey, number>());
  /** Character n-grams' keys packed by `trim`, sorted, and their ids. */
  let packedKeys = new Int32Array(0);
  let packedIds = new Int32Array(0);
  let families = new Uint8Array(0);
  let featureCount = 0;
  // Per feature: its prior weight, fixed when the feature is first seen, as an index into the
  // few distinct weights there are (one per kind of word: a byte a feature, not a double).
  let priorCodes = new Uint8Array(0);
  const priorValues: number[] = [];

  function lookup(family: number, key: FeatureKey): number | undefined {
    const id = ids[family]?.get(key);
    if (id !== undefined || family !== CHAR_FAMILY || packedKeys.length === 0) {
      return id;
    }
    const at = search(packedKeys, key as number);
    return at < 0 ? undefined : packedIds[at];
  }

  /** Moves the character n-grams of the map into the sorted arrays. */
  function pack(): void {
    const map = ids[CHAR_FAMILY]!;
    // Each key and id as one double, key × 2²² + id (exact: keys are 31-bit, ids below 2²²), so
    // one numeric sort orders them (a comparator sort took milliseconds at 7,500 n-grams).
    const pairs = new Float64Array(packedKeys.length + map.size);
    packedKeys.forEach((key, at) => {
      pairs[at] = key * ID_SPAN + packedIds[at]!;
    });
    let at = packedKeys.length;
    for (const [key, id] of map) {
      pairs[at++] = (key as number) * ID_SPAN + id;
    }
    pairs.sort();
    packedKeys = new Int32Array(pairs.length);
    packedIds = new Int32Array(pairs.length);
    pairs.forEach((pair, i) => {
      const key = Math.floor(pair / ID_SPAN);
      packedKeys[i] = key;
      packedIds[i] = pair - key * ID_SPAN;
    });
    ids[CHAR_FAMILY] = new Map();
  }

  return {
    get families() {
      return families;
    },
    count: () => featureCount,
    lookup,
    intern(family, key) {
      let id = lookup(family, key);
      if (id === undefined) {
        id = featureCount++;
        ids[family]!.set(key, id);
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
      packedIds.forEach((id, at) => {
        keys[id] = packedKeys[at]!;
      });
      return keys;
    },
    trim() {
      if (priorCodes.length > featureCount * 1.5 + 64) {
        families = families.slice(0, featureCount);
        priorCodes = priorCodes.slice(0, featureCount);
      }
      if (ids[CHAR_FAMILY]!.size >= PACK_AT && featureCount <= ID_SPAN) {
        pack();
      }
    },
  };
}
