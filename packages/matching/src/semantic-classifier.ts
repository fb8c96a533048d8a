// The storyfile's own classifier over sentence vectors: kernel ridge regression (`ridge.ts`) on
// its phrasings' vectors (and its transcripts' extra rows), trained in a canonical order so that an
// edited script and the same script built afresh train the same model.
import type { AnswerRecord, PhrasingRecord } from './answer-index.ts';
import { restoreRidge, trainRidge } from './ridge.ts';
import type { RidgeModel, RidgeSettings, RidgeWeights } from './ridge.ts';
import type { SemanticSettings } from './semantic-settings.ts';
import { dot } from './vector-math.ts';

/** A trained classifier with the rows it was trained on and its per-ask scratch. */
export interface Classifier {
  model: RidgeModel;
  /** Training rows' unit vectors, in training order. */
  rows: Float32Array[];
  classOf: Map<AnswerRecord, number>;
  rowsOf: Map<AnswerRecord, number[]>;
  rowOf: Map<PhrasingRecord, number>;
  /** The extra rows (transcripts' centroids) by their vector, whose cosines others reuse. */
  rowOfVector: Map<Float32Array, number>;
  out: Float64Array;
  /** The question's cosine to each training row, rewritten every ask (no allocation per ask). */
  cosines: Float64Array;
  /** Its share of the semantic score (`classifierWeightWithExtras` when trained with extra rows). */
  weight: number;
}

/** What a classifier's weights are stored as (`Matcher.exportTrained`): the ridge model's α. */
export interface TrainedClassifier {
  size: number;
  classes: number;
  alpha: RidgeWeights;
}

/**
 * Trains the classifier of these phrasings (`rawVectors`' keys; `vectorOf` gives the vector each is
 * trained on), or null when it is off, there are too many rows, an answer has fewer than two, or
 * the training fails. With `trained` (the weights of this classifier trained before) it is
 * restored from them instead, or null when they do not fit these rows.
 */
export function trainSemanticClassifier(
  rawVectors: ReadonlyMap<PhrasingRecord, Float32Array>,
  vectorOf: (record: PhrasingRecord) => Float32Array | undefined,
  settings: SemanticSettings,
  trained?: TrainedClassifier,
): Classifier | null {
  const classifierWeight = settings.classifierWeight ?? 0;
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
    return null;
  }
  // An answer of a single phrasing has nothing to learn from but that phrasing: its output
  // would be its similarity shrunk, below its neighbours' cosines or learned outputs alike. So the
  // classifier takes part only when every answer has at least two phrasings; a new user's script
  // of one phrasing per question scores by cosines alone, as without it.
  if ([...perAnswer.values()].some((phrasings) => phrasings < 2)) {
    return null;
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
    rows.push(vectorOf(record)!);
  });
  // Passage rows after the phrasings, answers in id order: the same script trains the same model.
  const extraAnswers = [...extras.keys()]
    .filter((answer) => classOf.has(answer))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rowOfVector = new Map<Float32Array, number>();
  for (const answer of extraAnswers) {
    for (const vector of extras.get(answer)!) {
      rowOfVector.set(vector, rows.length);
      rowsOf.get(answer)!.push(rows.length);
      labels.push(classOf.get(answer)!);
      rows.push(vector);
    }
  }
  const ridgeSettings: RidgeSettings = {
    ridge: settings.classifierRidge ?? 1,
    kernelGamma: settings.classifierGamma ?? 0,
    kernelMix: settings.classifierMix ?? 0,
  };
  const model = trained
    ? trained.size === rows.length && trained.classes === classOf.size
      ? restoreRidge(trained.alpha, trained.size, trained.classes, ridgeSettings)
      : undefined
    : trainRidge(rows, labels, classOf.size, ridgeSettings);
  if (!model) {
    return null;
  }
  const weight =
    extraCount > 0 ? (settings.classifierWeightWithExtras ?? classifierWeight) : classifierWeight;
  return {
    model,
    rows,
    classOf,
    rowsOf,
    rowOf,
    rowOfVector,
    out: new Float64Array(classOf.size),
    cosines: new Float64Array(rows.length),
    weight,
  };
}

/** Each answer's classifier output for the question (by class), excluded phrasings left out. */
export function classifyQuestion(
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
