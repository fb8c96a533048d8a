import type { AnswerRecord, PhrasingRecord } from './answer-index.ts';
import type { Embedder } from './types.ts';

/** How sentence vectors score an answer (see `MatcherTuning`). */
export interface SemanticSettings {
  /** Weight of the similarity to the answer's centroid against the best phrasing's. */
  centroidWeight: number;
  /**
   * Cosine that counts as "unrelated": similarities are rescaled from [floor, 1] to [0, 1] so that
   * the semantic score speaks on the lexical score's scale (two unrelated questions are at ~0.1-0.3
   * with USE lite, never 0).
   */
  floor: number;
}

/**
 * The sentence vectors of a matcher's phrasings, read through the synchronous `Embedder` seam. A
 * phrasing whose vector the embedder does not have yet is "missing" and asked again before each
 * question; the matcher scores semantically only once none is missing.
 */
export interface SemanticIndex {
  add(record: PhrasingRecord): void;
  remove(record: PhrasingRecord): void;
  /** Asks the embedder again for missing vectors; the number still missing. */
  sync(): number;
  countMissing(): number;
  /** The unit vector of a question, or undefined when the embedder has none. */
  embedQuestion(text: string): Float32Array | undefined;
  /**
   * Each answer's semantic score (0-1) for the question's unit vector, into `scores` by answer
   * slot, leaving out one phrasing (`excluded`) or one answer (`excludedAnswer`).
   */
  scoreAll(
    answers: Iterable<AnswerRecord>,
    query: Float32Array,
    scores: Float64Array,
    excluded: PhrasingRecord | undefined,
    excludedAnswer: AnswerRecord | undefined,
  ): void;
  /** Rescaled similarity (0-1) of one phrasing to the question; 0 without its vector. */
  similarity(record: PhrasingRecord, query: Float32Array): number;
}

function toUnit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    norm += vector[i]! * vector[i]!;
  }
  const unit = new Float32Array(vector.length);
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < vector.length; i++) {
      unit[i] = vector[i]! * scale;
    }
  }
  return unit;
}

function dot(a: Float32Array | Float64Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    sum += a[i]! * b[i]!;
  }
  return sum;
}

export function createSemanticIndex(embedder: Embedder, settings: SemanticSettings): SemanticIndex {
  const vectors = new Map<PhrasingRecord, Float32Array>();
  const missing = new Set<PhrasingRecord>();
  // Per answer, the sum of its phrasings' unit vectors (the centroid's direction); dropped on edits.
  const sums = new Map<AnswerRecord, Float64Array>();

  function rescale(cosine: number): number {
    return Math.min(1, Math.max(0, (cosine - settings.floor) / (1 - settings.floor)));
  }

  function add(record: PhrasingRecord): void {
    sums.delete(record.answer);
    const vector = embedder.embed(record.text);
    if (vector) {
      vectors.set(record, toUnit(vector));
    } else {
      missing.add(record);
    }
  }

  function sumOf(answer: AnswerRecord): Float64Array | undefined {
    let sum = sums.get(answer);
    if (!sum) {
      for (const record of answer.phrasings) {
        const vector = vectors.get(record);
        if (vector) {
          sum ??= new Float64Array(vector.length);
          for (let i = 0; i < vector.length; i++) {
            sum[i] = sum[i]! + vector[i]!;
          }
        }
      }
      if (sum) {
        sums.set(answer, sum);
      }
    }
    return sum;
  }

  /** Cosine between the question and the answer's centroid, `excluded` left out of it. */
  function centroidCosine(
    answer: AnswerRecord,
    query: Float32Array,
    excluded?: PhrasingRecord,
  ): number {
    const sum = sumOf(answer);
    if (!sum) {
      return 0;
    }
    const left = excluded?.answer === answer ? vectors.get(excluded) : undefined;
    let dotSum = 0;
    let normSquared = 0;
    for (let i = 0; i < sum.length; i++) {
      const value = sum[i]! - (left ? left[i]! : 0);
      dotSum += value * query[i]!;
      normSquared += value * value;
    }
    return normSquared > 1e-12 ? dotSum / Math.sqrt(normSquared) : 0;
  }

  return {
    add,
    remove(record) {
      vectors.delete(record);
      missing.delete(record);
      sums.delete(record.answer);
    },
    sync() {
      for (const record of [...missing]) {
        const vector = embedder.embed(record.text);
        if (vector) {
          missing.delete(record);
          vectors.set(record, toUnit(vector));
          sums.delete(record.answer);
        }
      }
      return missing.size;
    },
    countMissing: () => missing.size,
    embedQuestion(text) {
      const vector = embedder.embed(text.trim());
      return vector ? toUnit(vector) : undefined;
    },
    scoreAll(answers, query, scores, excluded, excludedAnswer) {
      const centroidWeight = settings.centroidWeight;
      for (const answer of answers) {
        if (answer === excludedAnswer) {
          continue;
        }
        let best = -1;
        for (const record of answer.phrasings) {
          const vector = record === excluded ? undefined : vectors.get(record);
          if (vector) {
            best = Math.max(best, dot(query, vector));
          }
        }
        if (best === -1) {
          continue;
        }
        const centroid = centroidWeight > 0 ? centroidCosine(answer, query, excluded) : 0;
        scores[answer.slot] = rescale((1 - centroidWeight) * best + centroidWeight * centroid);
      }
    },
    similarity(record, query) {
      const vector = vectors.get(record);
      return vector ? rescale(dot(query, vector)) : 0;
    },
  };
}
