/** The beam search's pieces: hypotheses, their scores and the decoder's cache per beam. */

export interface Hypothesis {
  tokens: number[];
  logprobs: number[];
  sum: number;
  /** The end of text's log-probability after each count of its tokens (0, 1, …). */
  endLogprobs: number[];
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

export const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

export const sameTokens = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((token, index) => token === b[index]);

/**
 * The distinct readings of the ranked hypotheses (best first), at most `max`, with their shares.
 * Readings differing only in case or punctuation are one reading, written as the best wrote it,
 * its weight theirs together. Each weight is taken as if the reading were as long as the best:
 * a short reading's fewer tokens would otherwise make it the likeliest of all.
 */
export function shareReadings(
  ranked: readonly { hypothesis: Hypothesis; averageLogprob: number; text: string }[],
  max: number,
): { text: string; share: number; averageLogprob: number }[] {
  const best = ranked[0];
  if (!best) {
    return [];
  }
  const length = Math.max(1, best.hypothesis.logprobs.length);
  const wordsOf = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const byWords = new Map<string, { text: string; averageLogprob: number; weight: number }>();
  for (const entry of ranked) {
    const key = wordsOf(entry.text);
    if (key === '') {
      continue;
    }
    const weight = Math.exp((entry.averageLogprob - best.averageLogprob) * length);
    const known = byWords.get(key);
    if (known) {
      known.weight += weight;
    } else {
      byWords.set(key, { text: entry.text, averageLogprob: entry.averageLogprob, weight });
    }
  }
  const kept = [...byWords.values()].slice(0, max);
  const total = kept.reduce((sum, entry) => sum + entry.weight, 0);
  return kept.map(({ text, averageLogprob, weight }) => ({
    text,
    share: weight / total,
    averageLogprob,
  }));
}
