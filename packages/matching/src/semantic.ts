import type { AnswerRecord, PhrasingRecord } from './answer-index.ts';
import { trainRidge } from './ridge.ts';
import type { RidgeModel } from './ridge.ts';
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
  /**
   * Share (0-1) of the mean of the script's phrasing vectors taken off every vector, the question's
   * included, before cosines: what all of a storyfile's phrasings share (its subject, the model's
   * own bias) then no longer makes every answer look close. 0 leaves vectors as they are.
   */
  centering?: number;
  /**
   * Weight of each answer's cohesion (how close its phrasings are to one another) against the
   * script's mean cohesion, taken off its cosine: a question must come closer to an answer whose
   * phrasings say the same thing than to one whose phrasings range wide. 0 turns it off.
   */
  cohesionWeight?: number;
  /**
   * Share (0-1) of the semantic score that comes from the storyfile's own classifier (kernel ridge
   * regression on the phrasings' vectors, `src/ridge.ts`) rather than from cosines. 0 turns it off.
   */
  classifierWeight?: number;
  /** The classifier's ridge λ (regularisation). */
  classifierRidge?: number;
  /** The classifier's kernel: cosine + `classifierMix` × exp(`classifierGamma` (cosine − 1)). */
  classifierGamma?: number;
  classifierMix?: number;
  /** Above this many phrasings the classifier is not trained (its cost grows as their cube). */
  classifierMaxPhrasings?: number;
  /**
   * Further training rows per answer (its transcript's mean passage vector, issue 40): an answer of
   * one phrasing with a transcript then has something to learn from. Read when the classifier is
   * trained; `invalidateClassifier` after they change.
   */
  extraRows?: () => ReadonlyMap<AnswerRecord, readonly Float32Array[]>;
  /** `classifierWeight` of a classifier trained with extra rows (transcripts); default the same. */
  classifierWeightWithExtras?: number;
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
  /** Drops the trained classifier (its extra rows changed). */
  invalidateClassifier(): void;
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

/** One element type on both sides, so the loop stays monomorphic (it runs for every row, every ask). */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    sum += a[i]! * b[i]!;
  }
  return sum;
}

interface Classifier {
  model: RidgeModel;
  /** Training rows' unit vectors, in training order. */
  rows: Float32Array[];
  classOf: Map<AnswerRecord, number>;
  rowsOf: Map<AnswerRecord, number[]>;
  rowOf: Map<PhrasingRecord, number>;
  out: Float64Array;
  /** The question's cosine to each training row, rewritten every ask (no allocation per ask). */
  cosines: Float64Array;
  /** Its share of the semantic score (`classifierWeightWithExtras` when trained with extra rows). */
  weight: number;
}

export function createSemanticIndex(embedder: Embedder, settings: SemanticSettings): SemanticIndex {
  const rawVectors = new Map<PhrasingRecord, Float32Array>();
  const missing = new Set<PhrasingRecord>();
  const centering = settings.centering ?? 0;
  // Per answer, the sum of its phrasings' unit vectors (the centroid's direction); dropped on edits.
  const sums = new Map<AnswerRecord, Float64Array>();
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

  function invalidate(): void {
    classifier = undefined;
    if (centering > 0) {
      mean = undefined;
      centered = undefined;
      sums.clear();
      sumNorms.clear();
      cohesions.clear();
    }
  }

  /** The classifier of the current phrasings, or null when it is off or cannot be trained. */
  function ensureClassifier(): Classifier | null {
    if (classifier !== undefined) {
      return classifier;
    }
    classifier = null;
    const extras = settings.extraRows?.() ?? new Map<AnswerRecord, readonly Float32Array[]>();
    const records = [...rawVectors.keys()];
    const perAnswer = new Map<AnswerRecord, number>();
    for (const record of records) {
      perAnswer.set(record.answer, (perAnswer.get(record.answer) ?? 0) + 1);
    }
    let extraCount = 0;
    for (const [answer, vectors] of extras) {
      if (perAnswer.has(answer)) {
        perAnswer.set(answer, perAnswer.get(answer)! + vectors.length);
        extraCount += vectors.length;
      }
    }
    const count = rawVectors.size + extraCount;
    if (classifierWeight <= 0 || count === 0 || count > (settings.classifierMaxPhrasings ?? 800)) {
      return classifier;
    }
    // An answer of a single phrasing has nothing to learn from but that phrasing: its output
    // would be its similarity shrunk, below its neighbours' cosines or learned outputs alike. So the
    // classifier takes part only when every answer has at least two phrasings; a new user's script
    // of one phrasing per question scores by cosines alone, as without it.
    if ([...perAnswer.values()].some((phrasings) => phrasings < 2)) {
      return classifier;
    }
    records.sort((a, b) =>
      a.answer.id !== b.answer.id ? (a.answer.id < b.answer.id ? -1 : 1) : a.text < b.text ? -1 : 1,
    );
    const classOf = new Map<AnswerRecord, number>();
    const rowsOf = new Map<AnswerRecord, number[]>();
    const rowOf = new Map<PhrasingRecord, number>();
    const labels: number[] = [];
    const rows: Float32Array[] = [];
    records.forEach((record, row) => {
      let label = classOf.get(record.answer);
      if (label === undefined) {
        label = classOf.size;
        classOf.set(record.answer, label);
        rowsOf.set(record.answer, []);
      }
      labels.push(label);
      rowsOf.get(record.answer)!.push(row);
      rowOf.set(record, row);
      rows.push(vectors.get(record)!);
    });
    // Passage rows after the phrasings, answers in id order: the same script trains the same model.
    const extraAnswers = [...extras.keys()]
      .filter((answer) => classOf.has(answer))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const answer of extraAnswers) {
      for (const vector of extras.get(answer)!) {
        rowsOf.get(answer)!.push(rows.length);
        labels.push(classOf.get(answer)!);
        rows.push(vector);
      }
    }
    const model = trainRidge(rows, labels, classOf.size, {
      ridge: settings.classifierRidge ?? 1,
      kernelGamma: settings.classifierGamma ?? 0,
      kernelMix: settings.classifierMix ?? 0,
    });
    if (model) {
      const weight =
        extraCount > 0
          ? (settings.classifierWeightWithExtras ?? classifierWeight)
          : classifierWeight;
      classifier = {
        model,
        rows,
        classOf,
        rowsOf,
        rowOf,
        out: new Float64Array(classOf.size),
        cosines: new Float64Array(rows.length),
        weight,
      };
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
      let dotSum = 0;
      if (onlyDot !== undefined) {
        dotSum = onlyDot;
      } else {
        for (let i = 0; i < sum.length; i++) {
          dotSum += sum[i]! * query[i]!;
        }
      }
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

  /** Each answer's classifier output for the question (by class), excluded phrasings left out. */
  function classify(
    model: Classifier,
    query: Float32Array,
    excluded: PhrasingRecord | undefined,
    excludedAnswer: AnswerRecord | undefined,
  ): Float64Array {
    const { cosines } = model;
    for (let row = 0; row < model.rows.length; row++) {
      cosines[row] = dot(query, model.rows[row]!);
    }
    const left: number[] = [];
    const excludedRow = excluded ? model.rowOf.get(excluded) : undefined;
    if (excludedRow !== undefined) {
      left.push(excludedRow);
    }
    if (excludedAnswer) {
      left.push(...(model.rowsOf.get(excludedAnswer) ?? []));
    }
    model.model.predict(model.model.kernelRow(cosines), left, model.out);
    return model.out;
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
      const model = classifierWeight > 0 ? ensureClassifier() : null;
      const outputs = model ? classify(model, query, excluded, excludedAnswer) : undefined;
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
              best = Math.max(best, lastDot);
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
    },
    similarity(record, query) {
      const vector = vectors.get(record);
      return vector ? rescale(dot(query, vector)) : 0;
    },
  };
}
