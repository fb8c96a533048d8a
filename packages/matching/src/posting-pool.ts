// Posting lists stored as chains of fixed-size chunks inside a few shared typed arrays. Hundreds of
// thousands of features each get a short list; as separate JS arrays they cost an allocation per
// growth step and dominated indexing time, while a shared pool grows by doubling a handful of arrays.

/** Entries per chunk; a chunk is the unit of allocation and of the chain. */
export const POSTING_CHUNK = 8;

/** Slots and weights of every feature's posting list, chained in chunks. */
export interface PostingPool {
  /** Current backing arrays; replaced when the pool grows, so read them after any append. */
  readonly slots: Int32Array;
  readonly weights: Float32Array;
  /** Next chunk of a chain, -1 at the end. */
  readonly nextChunk: Int32Array;
  /** First chunk of each feature's chain, -1 when empty. */
  readonly heads: Int32Array;
  readonly lengths: Int32Array;
  append(feature: number, slot: number, weight: number): void;
  remove(feature: number, slot: number): void;
}

function growInt32(
  array: Int32Array<ArrayBuffer>,
  size: number,
  fill: number,
): Int32Array<ArrayBuffer> {
  if (array.length >= size) {
    return array;
  }
  const grown = new Int32Array(Math.max(size, array.length * 2, 64)).fill(fill);
  grown.set(array);
  return grown;
}

function growFloat32(array: Float32Array<ArrayBuffer>, size: number): Float32Array<ArrayBuffer> {
  if (array.length >= size) {
    return array;
  }
  const grown = new Float32Array(Math.max(size, array.length * 2, 64));
  grown.set(array);
  return grown;
}

/** Creates an empty pool. */
export function createPostingPool(): PostingPool {
  let slots = new Int32Array(0);
  let weights = new Float32Array(0);
  let nextChunk = new Int32Array(0);
  let heads = new Int32Array(0);
  let tails = new Int32Array(0);
  let lengths = new Int32Array(0);
  let chunkCount = 0;
  const freeChunks: number[] = [];

  function ensureFeature(feature: number): void {
    if (feature >= heads.length) {
      heads = growInt32(heads, feature + 1, -1);
      tails = growInt32(tails, feature + 1, -1);
      lengths = growInt32(lengths, feature + 1, 0);
    }
  }

  function allocateChunk(): number {
    const reused = freeChunks.pop();
    if (reused !== undefined) {
      nextChunk[reused] = -1;
      return reused;
    }
    const chunk = chunkCount++;
    nextChunk = growInt32(nextChunk, chunkCount, -1);
    slots = growInt32(slots, chunkCount * POSTING_CHUNK, 0);
    weights = growFloat32(weights, chunkCount * POSTING_CHUNK);
    nextChunk[chunk] = -1;
    return chunk;
  }

  function append(feature: number, slot: number, weight: number): void {
    ensureFeature(feature);
    const length = lengths[feature]!;
    if (length % POSTING_CHUNK === 0) {
      const chunk = allocateChunk();
      const tail = tails[feature]!;
      if (tail >= 0) {
        nextChunk[tail] = chunk;
      } else {
        heads[feature] = chunk;
      }
      tails[feature] = chunk;
    }
    const at = tails[feature]! * POSTING_CHUNK + (length % POSTING_CHUNK);
    slots[at] = slot;
    weights[at] = weight;
    lengths[feature] = length + 1;
  }

  function remove(feature: number, slot: number): void {
    if (feature >= heads.length) {
      return;
    }
    const length = lengths[feature]!;
    let found = -1;
    let chunk = heads[feature]!;
    let seen = 0;
    while (chunk >= 0 && found < 0) {
      const end = Math.min(POSTING_CHUNK, length - seen);
      for (let i = 0; i < end; i++) {
        if (slots[chunk * POSTING_CHUNK + i] === slot) {
          found = chunk * POSTING_CHUNK + i;
          break;
        }
      }
      seen += end;
      chunk = nextChunk[chunk]!;
    }
    if (found < 0) {
      return;
    }
    // Order inside a posting does not matter, so the last entry fills the hole.
    const tail = tails[feature]!;
    const last = tail * POSTING_CHUNK + ((length - 1) % POSTING_CHUNK);
    slots[found] = slots[last]!;
    weights[found] = weights[last]!;
    lengths[feature] = length - 1;
    if ((length - 1) % POSTING_CHUNK === 0) {
      unlinkTail(feature, tail);
    }
  }

  function unlinkTail(feature: number, tail: number): void {
    const head = heads[feature]!;
    if (head === tail) {
      heads[feature] = -1;
      tails[feature] = -1;
    } else {
      let previous = head;
      while (nextChunk[previous] !== tail) {
        previous = nextChunk[previous]!;
      }
      nextChunk[previous] = -1;
      tails[feature] = previous;
    }
    freeChunks.push(tail);
  }

  return {
    get slots() {
      return slots;
    },
    get weights() {
      return weights;
    },
    get nextChunk() {
      return nextChunk;
    },
    get heads() {
      return heads;
    },
    get lengths() {
      return lengths;
    },
    append,
    remove,
  };
}
