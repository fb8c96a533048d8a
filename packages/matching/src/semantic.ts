// The sentence-vector index of a matcher: its phrasings' unit vectors (centered on the script's
// mean when asked), each answer's centroid and cohesion, and the semantic score of every answer
// for a question, cosines blended with the classifier's output (`semantic-classifier.ts`).
import type { AnswerRecord, PhrasingRecord } from './answer-index.ts';
import { classifyQuestion, trainSemanticClassifier } from './semantic-classifier.ts';
import type { Classifier, TrainedClassifier } from './semantic-classifier.ts';
import type { SemanticSettings } from './semantic-settings.ts';
import type { Embedder } from './types.ts';
import { dot, toUnit } from './vector-math.ts';

export type { SemanticSettings } from './semantic-settings.ts';

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
  /** The largest cosine of a unit vector with any phrasing's own (uncentered) vector; -1 without. */
  nearestRawCosine(unit: Float32Array): number;
  /** Drops the trained classifier (its extra rows changed). */
  invalidateClassifier(): void;
  /** The trained classifier's weights, when it was trained (or restored) and takes part. */
  exportClassifier(): TrainedClassifier | undefined;
  /**
   * Restores the classifier from weights exported by a matcher of the same phrasings and vectors,
   * on its next use (trained instead when they do not fit; and again to leave phrasings out).
   */
  importClassifier(trained: TrainedClassifier): void;
  /**
   * The cosine of `query` (the question `scoreAll` scored last) with one of the classifier's extra
   * rows (a transcript's centroid), computed already; undefined for any other vector or question.
   */
  knownCosine(vector: Float32Array, query: Float32Array): number | undefined;
}

/** The sentence-vector index of these phrasings, over the synchronous `Embedder` seam. */
export function createSemanticIndex(embedder: Embedder, settings: SemanticSettings): SemanticIndex {
  const rawVectors = new Map<PhrasingRecord, Float32Array>();
  const missing = new Set<PhrasingRecord>();
  const centering = settings.centering ?? 0;
  // Per answer, the sum of its phrasings' unit vectors (the centroid's direction); dropped on edits.
  // An answer of one vector has that vector as its sum, not a copy (issue 69).
  const sums = new Map<AnswerRecord, Float32Array>();
  // Per answer, the squared length of that sum: the same for every question, so computed once
  // (it was half of each question's centroid cosines).
  const sumNorms = new Map<AnswerRecord, number>();
  const cohesionWeight = settings.cohesionWeight ?? 0;
  // Per answer, the mean cosine of each phrasing to the others' centroid; dropped with its sum.
  const cohesions = new Map<AnswerRecord, number | undefined>();
  // With centering: the mean of the raw unit vectors and each phrasing's centered unit vector,
  // recomputed lazily after any change to the phrasings.
  let mean: Float64Array | undefined;
  let centered: Map<PhrasingRecord, Float32Array> | undefined;
  const classifierWeight = settings.classifierWeight ?? 0;
  // The classifier, trained lazily on the phrasings in a canonical order (answer id, then text) so
  // that an edited script and the same script built afresh train the same model; dropped on edits.
  let classifier: Classifier | undefined | null;
  /** Weights to restore the classifier from on its next use (`importClassifier`). */
  let restoreFrom: TrainedClassifier | undefined;
  /** The question whose cosines the classifier holds (`scoreAll`'s last, by identity). */
  let cosinesOf: Float32Array | undefined;

  function invalidate(): void {
    classifier = undefined;
    restoreFrom = undefined;
    cosinesOf = undefined;
    if (centering > 0) {
      mean = undefined;
      centered = undefined;
      sums.clear();
      sumNorms.clear();
      cohesions.clear();
    }
  }

  /** The classifier of the current phrasings, or null when it is off or cannot be trained. */
  function ensureClassifier(leavesOut: boolean): Classifier | null {
    // A restored classifier has no inverse kernel to leave phrasings out with: trained for that.
    if (classifier && leavesOut && !classifier.model.canLeaveOut) {
      classifier = undefined;
      restoreFrom = undefined;
    }
    // null is a verdict kept until the next edit (off, or cannot be trained), not "not yet".
    if (classifier === undefined) {
      const vectorOf = (record: PhrasingRecord) => vectors.get(record);
      classifier =
        (restoreFrom && trainSemanticClassifier(rawVectors, vectorOf, settings, restoreFrom)) ??
        trainSemanticClassifier(rawVectors, vectorOf, settings);
      restoreFrom = undefined;
      cosinesOf = undefined;
    }
    return classifier;
  }

  function shift(vector: Float32Array): Float32Array {
    if (!mean) {
      return vector;
    }
    const out = new Float32Array(vector.length);
    for (let i = 0; i < vector.length; i++) {
      out[i] = vector[i]! - centering * mean[i]!;
    }
    return toUnit(out);
  }

  function ensureCentered(): Map<PhrasingRecord, Float32Array> {
    if (centering === 0) {
      return rawVectors;
    }
    if (!centered) {
      let sum: Float64Array | undefined;
      for (const vector of rawVectors.values()) {
        sum ??= new Float64Array(vector.length);
        for (let i = 0; i < vector.length; i++) {
          sum[i] = sum[i]! + vector[i]!;
        }
      }
      mean = sum?.map((value) => value / rawVectors.size);
      centered = new Map();
      for (const [record, vector] of rawVectors) {
        centered.set(record, shift(vector));
      }
    }
    return centered;
  }

  const vectors = {
    get: (record: PhrasingRecord) => ensureCentered().get(record),
  };

  function rescale(cosine: number): number {
    return Math.min(1, Math.max(0, (cosine - settings.floor) / (1 - settings.floor)));
  }

  function add(record: PhrasingRecord): void {
    sums.delete(record.answer);
    sumNorms.delete(record.answer);
    cohesions.delete(record.answer);
    const vector = embedder.embed(record.text);
    if (vector) {
      invalidate();
      rawVectors.set(record, toUnit(vector));
    } else {
      missing.add(record);
    }
  }

  function sumOf(answer: AnswerRecord): Float32Array | undefined {
    let sum = sums.get(answer);
    if (!sum) {
      const withVectors = answer.phrasings
        .map((record) => vectors.get(record))
        .filter((vector) => vector !== undefined);
      if (withVectors.length === 1) {
        sum = withVectors[0]!;
      } else if (withVectors.length > 1) {
        sum = new Float32Array(withVectors[0]!.length);
        for (const vector of withVectors) {
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

  /**
   * Cosine between the question and the answer's centroid, `excluded` left out of it.
   * `onlyDot`: the question's dot product with the answer's one phrasing that has a vector, when it
   * has only one and none is excluded: the centroid's sum is that vector, so the product is the
   * same number and is not computed twice.
   */
  function centroidCosine(
    answer: AnswerRecord,
    query: Float32Array,
    excluded?: PhrasingRecord,
    onlyDot?: number,
  ): number {
    const sum = sumOf(answer);
    if (!sum) {
      return 0;
    }
    const left = excluded?.answer === answer ? vectors.get(excluded) : undefined;
    if (!left) {
      let normSquared = sumNorms.get(answer);
      if (normSquared === undefined) {
        normSquared = 0;
        for (let i = 0; i < sum.length; i++) {
          normSquared += sum[i]! * sum[i]!;
        }
        sumNorms.set(answer, normSquared);
      }
      const dotSum = onlyDot ?? dot(sum, query);
      return normSquared > 1e-12 ? dotSum / Math.sqrt(normSquared) : 0;
    }
    let dotSum = 0;
    let normSquared = 0;
    for (let i = 0; i < sum.length; i++) {
      const value = sum[i]! - (left ? left[i]! : 0);
      dotSum += value * query[i]!;
      normSquared += value * value;
    }
    return normSquared > 1e-12 ? dotSum / Math.sqrt(normSquared) : 0;
  }

  function cohesionOf(answer: AnswerRecord): number | undefined {
    if (cohesions.has(answer)) {
      return cohesions.get(answer);
    }
    let total = 0;
    let count = 0;
    for (const record of answer.phrasings) {
      const vector = vectors.get(record);
      if (vector) {
        total += centroidCosine(answer, vector, record);
        count++;
      }
    }
    const cohesion = count >= 2 ? total / count : undefined;
    cohesions.set(answer, cohesion);
    return cohesion;
  }

  return {
    add,
    remove(record) {
      if (rawVectors.delete(record)) {
        invalidate();
      }
      missing.delete(record);
      sums.delete(record.answer);
      sumNorms.delete(record.answer);
      cohesions.delete(record.answer);
    },
    sync() {
      for (const record of [...missing]) {
        const vector = embedder.embed(record.text);
        if (vector) {
          missing.delete(record);
          rawVectors.set(record, toUnit(vector));
          invalidate();
          sums.delete(record.answer);
          sumNorms.delete(record.answer);
          cohesions.delete(record.answer);
        }
      }
      return missing.size;
    },
    countMissing: () => missing.size,
    embedQuestion(text) {
      const vector = embedder.embed(text.trim());
      if (!vector) {
        return undefined;
      }
      ensureCentered();
      return shift(toUnit(vector));
    },
    scoreAll(answerIterable, query, scores, excluded, excludedAnswer) {
      const answers = [...answerIterable];
      const learnedWeight = settings.learnedWeight ?? 1;
      const centroidWeight = settings.centroidWeight;
      let meanCohesion = 0;
      if (cohesionWeight > 0) {
        let count = 0;
        for (const answer of answers) {
          const cohesion = cohesionOf(answer);
          if (cohesion !== undefined) {
            meanCohesion += cohesion;
            count++;
          }
        }
        meanCohesion = count > 0 ? meanCohesion / count : 0;
      }
      const leavesOut = excluded !== undefined || excludedAnswer !== undefined;
      const model = classifierWeight > 0 ? ensureClassifier(leavesOut) : null;
      const outputs = model ? classifyQuestion(model, query, excluded, excludedAnswer) : undefined;
      cosinesOf = outputs ? query : undefined;
      for (const answer of answers) {
        if (answer === excludedAnswer) {
          continue;
        }
        let best = -1;
        let withVector = 0;
        let lastDot = 0;
        for (const record of answer.phrasings) {
          const vector = vectors.get(record);
          if (vector) {
            withVector++;
            if (record !== excluded) {
              // A phrasing's row of the classifier is its vector: its cosine is computed already.
              const row = outputs ? model!.rowOf.get(record) : undefined;
              lastDot = row === undefined ? dot(query, vector) : model!.cosines[row]!;
              // A learned question counts `learnedWeight` of an author's phrasing (issue 50).
              best = Math.max(best, record.isLearned ? learnedWeight * lastDot : lastDot);
            }
          }
        }
        if (best === -1) {
          continue;
        }
        const isOnlyVector = withVector === 1 && excluded?.answer !== answer;
        const centroid =
          centroidWeight > 0
            ? centroidCosine(answer, query, excluded, isOnlyVector ? lastDot : undefined)
            : 0;
        const cohesion = cohesionWeight > 0 ? cohesionOf(answer) : undefined;
        const offset = cohesion === undefined ? 0 : cohesionWeight * (cohesion - meanCohesion);
        const cosineScore = rescale(
          (1 - centroidWeight) * best + centroidWeight * centroid - offset,
        );
        const label = model?.classOf.get(answer);
        scores[answer.slot] =
          outputs && model && label !== undefined
            ? (1 - model.weight) * cosineScore +
              model.weight * Math.min(1, Math.max(0, outputs[label]!))
            : cosineScore;
      }
    },
    invalidateClassifier() {
      classifier = undefined;
      restoreFrom = undefined;
      cosinesOf = undefined;
    },
    exportClassifier() {
      if (!classifier) {
        return undefined;
      }
      const { size, classes, alpha } = classifier.model;
      return { size, classes, alpha };
    },
    importClassifier(trained) {
      classifier = undefined;
      cosinesOf = undefined;
      restoreFrom = trained;
    },
    knownCosine(vector, query) {
      if (query !== cosinesOf || !classifier) {
        return undefined;
      }
      const row = classifier.rowOfVector.get(vector);
      return row === undefined ? undefined : classifier.cosines[row];
    },
    similarity(record, query) {
      const vector = vectors.get(record);
      return vector ? rescale(dot(query, vector)) : 0;
    },
    nearestRawCosine(unit) {
      let nearest = -1;
      for (const vector of rawVectors.values()) {
        nearest = Math.max(nearest, dot(unit, vector));
      }
      return nearest;
    },
  };
}
