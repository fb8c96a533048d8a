// The inverted index behind a matcher: feature ids and document frequencies, postings, slots,
// exact keys, and the norms of phrasings and answer profiles (exact on demand, approximate in bulk).
import { createFeatureTable } from './feature-table.ts';
import { FAMILY_COUNT } from './features.ts';
import type { FeatureKey, TextFeatures } from './features.ts';
import { createPostingPool } from './posting-pool.ts';
import { growFloat64, growInt32 } from './typed-arrays.ts';
import { MAX_TERM_COUNT, scratch, TERM_COUNT_WEIGHTS } from './index-scratch.ts';
import type {
  AnswerIndex,
  AnswerRecord,
  IdfLevel,
  IndexedText,
  PhrasingRecord,
} from './answer-index-types.ts';
import type { AnswerInput } from './types.ts';

export type * from './answer-index-types.ts';
export { TERM_COUNT_WEIGHTS } from './index-scratch.ts';

const MIN_EDITS_BEFORE_REFRESH = 64;
const REFRESH_EDIT_SHARE = 0.1;

/** Creates an empty inverted index. */
export function createAnswerIndex(
  idfLevel: IdfLevel,
  weighFeature: (family: number, key: FeatureKey) => number = () => 1,
): AnswerIndex {
  const familyCount = FAMILY_COUNT;
  const features = createFeatureTable(weighFeature);
  const postings = createPostingPool();
  let phrasingDf = new Int32Array(0);
  let answerDf = new Int32Array(0);
  const answers = new Map<string, AnswerRecord>();
  const answerSlots: (AnswerRecord | undefined)[] = [];
  const freeAnswerSlots: number[] = [];
  const phrasings: (PhrasingRecord | undefined)[] = [];
  const freePhrasingSlots: number[] = [];
  const exactIndex = new Map<string, PhrasingRecord[]>();
  let phrasingCount = 0;

  // Bumped whenever a document frequency or the document count changes.
  let statsVersion = 1;
  // idf depends on a feature's document frequency and the document count alone: one value per
  // frequency, made again when the count moves, where each feature kept its own (issue 69).
  let idfOfDf = new Float64Array(0);
  let idfDocuments = -1;

  const coarseInverseNorms = Array.from({ length: familyCount }, () => new Float64Array(0));
  const coarseInverseProfileNorms = Array.from({ length: familyCount }, () => new Float64Array(0));
  let answerSlotOf = new Int32Array(0);
  const staleProfiles = new Set<AnswerRecord>();
  const pendingPhrasings = new Set<PhrasingRecord>();
  let editsSinceRefresh = Number.POSITIVE_INFINITY;

  return {
    answers,
    phrasings,
    postings,
    features,
    get families() {
      return features.families;
    },
    coarseInverseNorms,
    coarseInverseProfileNorms,
    get answerSlotOf() {
      return answerSlotOf;
    },
    countPhrasings: () => phrasingCount,
    countFeatures: () => features.count(),
    lookupFeature: (family, key) => features.lookup(family, key),
    getPrior: (id) => features.prior(id),
    getIdf,
    getUnseenIdf: () => computeIdf(0),
    getAnswerBySlot: (slot) => answerSlots[slot],
    findExact: (exactKey) => exactIndex.get(exactKey) ?? [],
    ensureAnswer,
    internText,
    addPhrasing,
    removePhrasing,
    removeAnswer,
    prepareForQuery,
    getExactNorms,
    getExactProfileNorms,
    computeProfileNormsWithout: (answer, without) => computeProfileNorms(answer, without),
  };

  function countDocuments(): number {
    return idfLevel === 'answer' ? answers.size : phrasingCount;
  }

  function computeIdf(df: number): number {
    return Math.log((countDocuments() + 1) / (df + 1)) + 1;
  }

  function getIdf(featureId: number): number {
    const documents = countDocuments();
    if (idfDocuments !== documents) {
      idfOfDf = Float64Array.from({ length: documents + 1 }, (_, df) => computeIdf(df));
      idfDocuments = documents;
    }
    const df = idfLevel === 'answer' ? answerDf[featureId]! : phrasingDf[featureId]!;
    return idfOfDf[df] ?? computeIdf(df);
  }

  /** Cuts the per-feature columns, grown by doubling, to the features there are. */
  function trimFeatureColumns(): void {
    const size = features.count();
    if (phrasingDf.length > size * 1.5 + 64) {
      phrasingDf = phrasingDf.slice(0, size);
      answerDf = answerDf.slice(0, size);
    }
    features.trim();
  }

  /** Marks every feature of the answer's phrasings other than `except`. */
  function markAnswerFeatures(answer: AnswerRecord, except: PhrasingRecord | undefined): number {
    const epoch = ++scratch.epoch;
    const { marks } = scratch;
    for (const record of answer.phrasings) {
      if (record !== except) {
        for (let i = 0; i < record.featureIds.length; i++) {
          marks[record.featureIds[i]!] = epoch;
        }
      }
    }
    return epoch;
  }

  function noteEdit(): void {
    statsVersion++;
    editsSinceRefresh++;
  }

  function ensureAnswer(input: AnswerInput): AnswerRecord {
    let answer = answers.get(input.id);
    if (!answer) {
      const slot = freeAnswerSlots.pop() ?? answerSlots.length;
      answer = {
        id: input.id,
        slot,
        input,
        phrasings: [],
        profileNorms: new Float64Array(familyCount),
        profileNormsVersion: 0,
      };
      answers.set(input.id, answer);
      answerSlots[slot] = answer;
      for (let family = 0; family < familyCount; family++) {
        coarseInverseProfileNorms[family] = growFloat64(
          coarseInverseProfileNorms[family]!,
          slot + 1,
        );
      }
      noteEdit();
    }
    answer.input = input;
    return answer;
  }

  function writeCoarseNorms(record: PhrasingRecord): void {
    const norms = computeNorms(record.featureIds, record.termCounts);
    for (let family = 0; family < familyCount; family++) {
      const norm = norms[family]!;
      coarseInverseNorms[family]![record.slot] = norm > 0 ? 1 / norm : 0;
    }
  }

  function writeCoarseProfileNorms(answer: AnswerRecord): void {
    const norms = computeProfileNorms(answer);
    for (let family = 0; family < familyCount; family++) {
      const norm = norms[family]!;
      coarseInverseProfileNorms[family]![answer.slot] = norm > 0 ? 1 / norm : 0;
    }
  }

  /** Interns a text's features: their ids, each once, with its count in the text. */
  function internText(textFeatures: TextFeatures): IndexedText {
    const distinct: number[] = [];
    const { occurrences } = textFeatures;
    for (let family = 0; family < occurrences.length; family++) {
      for (const key of occurrences[family]!) {
        const id = features.intern(family, key);
        // Read after interning, which may grow the scratch.
        const { refCounts } = scratch;
        if (refCounts[id] === 0) {
          distinct.push(id);
        }
        refCounts[id]!++;
      }
    }
    const { refCounts } = scratch;
    const featureIds = Int32Array.from(distinct);
    const termCounts = new Uint8Array(distinct.length);
    for (let i = 0; i < distinct.length; i++) {
      const id = distinct[i]!;
      termCounts[i] = Math.min(refCounts[id]!, MAX_TERM_COUNT);
      refCounts[id] = 0;
    }
    return { terms: textFeatures.terms, featureIds, termCounts };
  }

  function addPhrasing(answer: AnswerRecord, text: string, indexed: IndexedText): void {
    const slot = freePhrasingSlots.pop() ?? phrasings.length;
    const { terms, featureIds: ids, termCounts: counts } = indexed;
    phrasingDf = growInt32(phrasingDf, features.count());
    answerDf = growInt32(answerDf, features.count());
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      postings.append(id, slot, counts[i]!);
      phrasingDf[id]!++;
    }
    const epoch = markAnswerFeatures(answer, undefined);
    const { marks } = scratch;
    for (let k = 0; k < ids.length; k++) {
      if (marks[ids[k]!] !== epoch) {
        answerDf[ids[k]!]!++;
      }
    }
    const exactKey = terms.join(' ');
    const record: PhrasingRecord = {
      slot,
      answer,
      text,
      terms,
      exactKey,
      featureIds: ids,
      termCounts: counts,
      norms: new Float64Array(familyCount),
      normsVersion: 0,
    };
    phrasings[slot] = record;
    answer.phrasings.push(record);
    const sameKey = exactIndex.get(exactKey);
    if (sameKey) {
      sameKey.push(record);
    } else {
      exactIndex.set(exactKey, [record]);
    }
    phrasingCount++;
    answerSlotOf = growInt32(answerSlotOf, slot + 1);
    answerSlotOf[slot] = answer.slot;
    for (let family = 0; family < familyCount; family++) {
      coarseInverseNorms[family] = growFloat64(coarseInverseNorms[family]!, slot + 1);
    }
    noteEdit();
    // Norms wait for the next question: a bulk import would otherwise compute them once per insert.
    pendingPhrasings.add(record);
    staleProfiles.add(answer);
  }

  function removePhrasing(record: PhrasingRecord): void {
    const { answer, slot } = record;
    if (phrasings[slot] !== record) {
      return;
    }
    const epoch = markAnswerFeatures(answer, record);
    const { marks } = scratch;
    for (let i = 0; i < record.featureIds.length; i++) {
      const id = record.featureIds[i]!;
      postings.remove(id, slot);
      phrasingDf[id]!--;
      if (marks[id] !== epoch) {
        answerDf[id]!--;
      }
    }
    const sameKey = exactIndex.get(record.exactKey)?.filter((other) => other !== record) ?? [];
    if (sameKey.length === 0) {
      exactIndex.delete(record.exactKey);
    } else {
      exactIndex.set(record.exactKey, sameKey);
    }
    answer.phrasings = answer.phrasings.filter((other) => other !== record);
    phrasings[slot] = undefined;
    for (let family = 0; family < familyCount; family++) {
      coarseInverseNorms[family]![slot] = 0;
    }
    freePhrasingSlots.push(slot);
    pendingPhrasings.delete(record);
    phrasingCount--;
    noteEdit();
    staleProfiles.add(answer);
  }

  function removeAnswer(answer: AnswerRecord): void {
    for (const record of [...answer.phrasings]) {
      removePhrasing(record);
    }
    answers.delete(answer.id);
    answerSlots[answer.slot] = undefined;
    for (let family = 0; family < familyCount; family++) {
      coarseInverseProfileNorms[family]![answer.slot] = 0;
    }
    freeAnswerSlots.push(answer.slot);
    staleProfiles.delete(answer);
    noteEdit();
  }

  function computeNorms(ids: Int32Array, counts: Uint8Array): Float64Array {
    const norms = new Float64Array(familyCount);
    const { families } = features;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const weight = TERM_COUNT_WEIGHTS[counts[i]!]! * getIdf(id);
      norms[families[id]!]! += weight * weight;
    }
    for (let family = 0; family < familyCount; family++) {
      norms[family] = Math.sqrt(norms[family]!);
    }
    return norms;
  }

  /** Norms of the profile vector: each feature weighted by how many phrasings contain it × idf. */
  function computeProfileNorms(answer: AnswerRecord, without?: PhrasingRecord): Float64Array {
    const { refCounts } = scratch;
    const touched: number[] = [];
    for (const record of answer.phrasings) {
      if (record === without) {
        continue;
      }
      for (let i = 0; i < record.featureIds.length; i++) {
        const id = record.featureIds[i]!;
        if (refCounts[id] === 0) {
          touched.push(id);
        }
        refCounts[id]!++;
      }
    }
    const norms = new Float64Array(familyCount);
    const { families } = features;
    for (const id of touched) {
      const weight = refCounts[id]! * getIdf(id);
      norms[families[id]!]! += weight * weight;
      refCounts[id] = 0;
    }
    for (let family = 0; family < familyCount; family++) {
      norms[family] = Math.sqrt(norms[family]!);
    }
    return norms;
  }

  function prepareForQuery(): void {
    // What indexing grew by doubling is given back before questions are asked (a matcher is held
    // for many questions, a scorer thread holds hundreds: issue 69).
    if (postings.countSpare() > postings.slots.length / 2) {
      postings.compact();
    }
    trimFeatureColumns();
    const limit = Math.max(MIN_EDITS_BEFORE_REFRESH, REFRESH_EDIT_SHARE * phrasingCount);
    if (editsSinceRefresh > limit) {
      for (const record of phrasings) {
        if (record) {
          writeCoarseNorms(record);
        }
      }
      for (const answer of answers.values()) {
        writeCoarseProfileNorms(answer);
      }
      staleProfiles.clear();
      pendingPhrasings.clear();
      editsSinceRefresh = 0;
      return;
    }
    for (const record of pendingPhrasings) {
      writeCoarseNorms(record);
    }
    pendingPhrasings.clear();
    for (const answer of staleProfiles) {
      writeCoarseProfileNorms(answer);
    }
    staleProfiles.clear();
  }

  function getExactNorms(record: PhrasingRecord): Float64Array {
    if (record.normsVersion !== statsVersion) {
      record.norms = computeNorms(record.featureIds, record.termCounts);
      record.normsVersion = statsVersion;
    }
    return record.norms;
  }

  function getExactProfileNorms(answer: AnswerRecord): Float64Array {
    if (answer.profileNormsVersion !== statsVersion) {
      answer.profileNorms = computeProfileNorms(answer);
      answer.profileNormsVersion = statsVersion;
    }
    return answer.profileNorms;
  }
}
