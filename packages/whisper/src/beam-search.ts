/** The beam search's pieces: hypotheses, their scores and the decoder's cache per beam. */

export interface Hypothesis {
  tokens: number[];
  logprobs: number[];
  sum: number;
}

/** The decoder's self-attention keys and values: layers × beams × length × width. */
export interface Cache {
  keys: Float32Array;
  values: Float32Array;
  beams: number;
  length: number;
}

/** log-softmax of one row with the suppressed tokens at -Infinity. */
export function logSoftmax(row: Float32Array, suppressed: Uint8Array): Float32Array {
  let max = -Infinity;
  for (let id = 0; id < row.length; id += 1) {
    if (!suppressed[id] && row[id]! > max) {
      max = row[id]!;
    }
  }
  let sum = 0;
  for (let id = 0; id < row.length; id += 1) {
    if (!suppressed[id]) {
      sum += Math.exp(row[id]! - max);
    }
  }
  const log = Math.log(sum) + max;
  const out = new Float32Array(row.length);
  for (let id = 0; id < row.length; id += 1) {
    out[id] = suppressed[id] ? -Infinity : row[id]! - log;
  }
  return out;
}

/** The `count` best ids of a row, best first. */
export function topIds(row: Float32Array, count: number): number[] {
  const best: number[] = [];
  for (let id = 0; id < row.length; id += 1) {
    const value = row[id]!;
    if (value === -Infinity) {
      continue;
    }
    if (best.length < count || value > row[best[best.length - 1]!]!) {
      let at = best.length < count ? best.length : best.length - 1;
      best[at] = id;
      while (at > 0 && row[best[at - 1]!]! < value) {
        best[at] = best[at - 1]!;
        best[at - 1] = id;
        at -= 1;
      }
    }
  }
  return best;
}

/** The cache rows of the chosen beams, in order (layers × beams × length × width). */
export function gatherBeams(cache: Cache, sources: number[], layers: number, width: number): Cache {
  const block = cache.length * width;
  const reorder = (data: Float32Array) => {
    const out = new Float32Array(layers * sources.length * block);
    for (let layer = 0; layer < layers; layer += 1) {
      sources.forEach((source, beam) => {
        const from = (layer * cache.beams + source) * block;
        out.set(data.subarray(from, from + block), (layer * sources.length + beam) * block);
      });
    }
    return out;
  };
  return {
    keys: reorder(cache.keys),
    values: reorder(cache.values),
    beams: sources.length,
    length: cache.length,
  };
}
