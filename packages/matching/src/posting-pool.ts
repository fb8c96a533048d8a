// Posting lists stored as runs inside two shared typed arrays: each feature's entries lie next to
// each other (`starts[feature]`, `lengths[feature]`), so a question walks one run per feature.
// Hundreds of thousands of features each get a short list; as separate JS arrays they cost an
// allocation per growth step and dominated indexing time. A run that fills up moves to the end
// with twice the room, leaving a hole; `compact` packs the runs without holes or spare room (a
// 300-answer script's postings: 0.2 MB packed, 1.1 MB in the chunked pool this replaced, issue 69).
// An entry is a slot and a count (how often the slot's text uses the feature), which its reader
// weighs: two bytes, where a float32 weight took four.

import { growInt32, growUint16 } from './typed-arrays.ts';

/** Counts at most this (a text using a feature more often counts as many). */
export const MAX_POSTING_COUNT = 0xffff;

/** Slots and counts of every feature's posting list, each a run of the shared arrays. */
export interface PostingPool {
  /** Current backing arrays; replaced when the pool grows or compacts: read them after any edit. */
  readonly slots: Int32Array;
  readonly counts: Uint16Array;
  /** Where each feature's run begins (0 for a feature never seen). */
  readonly starts: Int32Array;
  readonly lengths: Int32Array;
  /** Adds the slot to the feature's list with its count (capped at `MAX_POSTING_COUNT`). */
  append(feature: number, slot: number, count: number): void;
  remove(feature: number, slot: number): void;
  /** Entries the arrays could hold beyond the postings (spare room at run ends, and holes). */
  countSpare(): number;
  /** Packs every run end to end in arrays of exactly the postings' size (no spare room left). */
  compact(): void;
}

/** Creates an empty pool. */
export function createPostingPool(): PostingPool {
  let slots = new Int32Array(0);
  let counts = new Uint16Array(0);
  let starts = new Int32Array(0);
  let lengths = new Int32Array(0);
  /**
   * Room of each feature's run (its length, or more); none after `compact`, when every run's room
   * is its length, until a run grows again (a held matcher's index is not edited again).
   */
  let capacities: Int32Array<ArrayBuffer> | undefined = new Int32Array(0);
  /** Features seen: the per-feature arrays' used length. */
  let featureCount = 0;
  /** Entries of the shared arrays in use by runs, holes included. */
  let end = 0;
  let postingCount = 0;

  function ensureFeature(feature: number): void {
    if (feature >= featureCount) {
      starts = growInt32(starts, feature + 1);
      lengths = growInt32(lengths, feature + 1);
      if (capacities) {
        capacities = growInt32(capacities, feature + 1);
      }
      featureCount = feature + 1;
    }
  }

  function roomOf(feature: number): number {
    return capacities ? capacities[feature]! : lengths[feature]!;
  }

  function setRoom(feature: number, room: number): void {
    capacities = growInt32(capacities ?? lengths.slice(), lengths.length);
    capacities[feature] = room;
  }

  /** Moves the feature's run to the end of the arrays with room for `capacity` entries. */
  function moveToEnd(feature: number, capacity: number): void {
    slots = growInt32(slots, end + capacity);
    counts = growUint16(counts, end + capacity);
    const start = starts[feature]!;
    const length = lengths[feature]!;
    slots.copyWithin(end, start, start + length);
    counts.copyWithin(end, start, start + length);
    starts[feature] = end;
    setRoom(feature, capacity);
    end += capacity;
  }

  function append(feature: number, slot: number, count: number): void {
    ensureFeature(feature);
    const length = lengths[feature]!;
    if (length === roomOf(feature)) {
      // A run at the very end grows in place; any other moves, leaving a hole.
      if (length > 0 && starts[feature]! + length === end) {
        slots = growInt32(slots, end + length);
        counts = growUint16(counts, end + length);
        setRoom(feature, length * 2);
        end += length;
      } else {
        moveToEnd(feature, Math.max(1, length * 2));
      }
    }
    const at = starts[feature]! + length;
    slots[at] = slot;
    counts[at] = Math.min(count, MAX_POSTING_COUNT);
    lengths[feature] = length + 1;
    postingCount++;
  }

  function remove(feature: number, slot: number): void {
    if (feature >= featureCount) {
      return;
    }
    const start = starts[feature]!;
    const last = start + lengths[feature]! - 1;
    for (let at = start; at <= last; at++) {
      if (slots[at] === slot) {
        // Order inside a posting does not matter, so the last entry fills the hole.
        slots[at] = slots[last]!;
        counts[at] = counts[last]!;
        lengths[feature] = last - start;
        postingCount--;
        return;
      }
    }
  }

  function compact(): void {
    const packedSlots = new Int32Array(postingCount);
    const packedCounts = new Uint16Array(postingCount);
    let at = 0;
    for (let feature = 0; feature < featureCount; feature++) {
      const start = starts[feature]!;
      const length = lengths[feature]!;
      packedSlots.set(slots.subarray(start, start + length), at);
      packedCounts.set(counts.subarray(start, start + length), at);
      starts[feature] = at;
      at += length;
    }
    slots = packedSlots;
    counts = packedCounts;
    starts = starts.slice(0, featureCount);
    lengths = lengths.slice(0, featureCount);
    capacities = undefined;
    end = postingCount;
  }

  return {
    get slots() {
      return slots;
    },
    get counts() {
      return counts;
    },
    get starts() {
      return starts;
    },
    get lengths() {
      return lengths;
    },
    append,
    remove,
    countSpare: () => slots.length - postingCount,
    compact,
  };
}
