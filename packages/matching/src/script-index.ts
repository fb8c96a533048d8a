// A matcher's index of its script, stored (issue 69): what analysing its texts gave, each
// phrasing's terms and features and each transcript's stems and passages, in typed arrays and a
// few joined strings. A matcher of the same script built again takes its texts as the index says
// (`restoreScriptIndex`) instead of normalising, stemming and splitting them again: at 300
// answers with transcripts, most of a cold build. The caller keys it as the trained state (a
// server stores it in it: `TrainedState.index`), by everything the matcher is built from; this
// file checks only that it fits the answers' shape.
import { CHAR_FAMILY, FAMILY_COUNT, WORD_FAMILY } from './features.ts';
import type { FeatureKey } from './features.ts';
import type { IndexedText } from './answer-index.ts';
import { upsertAnswer } from './matcher-index.ts';
import type { AnalysedAnswer } from './matcher-index.ts';
import { listLearnedTexts, listPhrasingTexts } from './matcher-state.ts';
import type { MatcherState } from './matcher-state.ts';
import type { AnalysedTranscript } from './transcript.ts';
import type { AnswerInput } from './types.ts';

/**
 * Bumped whenever analysing a text gives something else (normalising, stemming, the features, the
 * categories' folding, the passages): an index of another format is not restored. The test of
 * this file pins one analysis, so that such a change fails it.
 */
export const SCRIPT_INDEX_FORMAT = 1;

/** Answers, phrasings and transcripts in the order the exporting matcher held them. */
export interface ScriptIndex {
  format: number;
  /** Per feature id, its family (`FAMILIES`). */
  families: Uint8Array;
  /** The word and bigram features' keys, in id order, joined by new lines. */
  textKeys: string;
  /** The character n-gram features' keys, in id order. */
  charKeys: Int32Array;
  /** Per answer, its phrasings (`listPhrasingTexts` then `listLearnedTexts`). */
  phrasingCounts: Int32Array;
  /** Per phrasing, where its terms end in `termIds`. */
  termEnds: Int32Array;
  /** Its terms, as the ids of their word features (which share one string per term). */
  termIds: Int32Array;
  /** Per phrasing, where its features end in `featureIds` and `termCounts`. */
  featureEnds: Int32Array;
  featureIds: Int32Array;
  termCounts: Uint8Array;
  /** Per answer, 1 when its transcript was indexed. */
  hasTranscript: Uint8Array;
  /** The transcripts' content stems, each once, joined by new lines. */
  stems: string;
  /** Per answer, where its transcript's stems end in `stemIds` and `stemCounts`. */
  stemEnds: Int32Array;
  stemIds: Int32Array;
  stemCounts: Int32Array;
  /** Per answer, where its passages end in `passageBounds` (start and end offsets, in pairs). */
  passageEnds: Int32Array;
  passageBounds: Int32Array;
}

function splitLines(joined: string, count: number): string[] {
  return count === 0 ? [] : joined.split('\n');
}

function concatInt32(parts: readonly ArrayLike<number>[]): Int32Array {
  const out = new Int32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The phrasings `upsertAnswer` adds for a new answer, in its order. */
function listWantedTexts(input: AnswerInput): string[] {
  return [...listPhrasingTexts(input), ...listLearnedTexts(input)];
}

/** What the matcher's index holds of its script, as its answers are now. */
export function exportScriptIndex(state: MatcherState): ScriptIndex {
  const { features } = state.index;
  const keys = features.listKeys();
  const families = features.families.slice(0, keys.length);
  const textKeys: string[] = [];
  const charKeys: number[] = [];
  keys.forEach((key, id) => {
    if (families[id] === CHAR_FAMILY) {
      charKeys.push(Number(key));
    } else {
      textKeys.push(String(key));
    }
  });
  const answers = [...state.index.answers.values()];
  const phrasingCounts = new Int32Array(answers.length);
  const hasTranscript = new Uint8Array(answers.length);
  const stemEnds = new Int32Array(answers.length);
  const passageEnds = new Int32Array(answers.length);
  const termEnds: number[] = [];
  const termIds: number[] = [];
  const featureEnds: number[] = [];
  const idParts: Int32Array[] = [];
  const countParts: Uint8Array[] = [];
  const stemIdsOf = new Map<string, number>();
  const stemIds: number[] = [];
  const stemCountParts: ArrayLike<number>[] = [];
  const boundParts: Int32Array[] = [];
  let featureEnd = 0;
  let passageEnd = 0;
  answers.forEach((answer, i) => {
    const byText = new Map(answer.phrasings.map((record) => [record.text, record]));
    const texts = listWantedTexts(answer.input);
    phrasingCounts[i] = texts.length;
    for (const text of texts) {
      const record = byText.get(text)!;
      for (const term of record.terms) {
        termIds.push(features.lookup(WORD_FAMILY, term)!);
      }
      termEnds.push(termIds.length);
      idParts.push(record.featureIds);
      countParts.push(record.termCounts);
      featureEnd += record.featureIds.length;
      featureEnds.push(featureEnd);
    }
    const transcript = state.transcripts.analyse(answer);
    if (transcript) {
      hasTranscript[i] = 1;
      for (const stem of transcript.stems) {
        let id = stemIdsOf.get(stem);
        if (id === undefined) {
          id = stemIdsOf.size;
          stemIdsOf.set(stem, id);
        }
        stemIds.push(id);
      }
      stemCountParts.push(transcript.counts);
      boundParts.push(transcript.passageBounds);
      passageEnd += transcript.passageBounds.length;
    }
    stemEnds[i] = stemIds.length;
    passageEnds[i] = passageEnd;
  });
  const termCounts = new Uint8Array(featureEnd);
  let at = 0;
  for (const part of countParts) {
    termCounts.set(part, at);
    at += part.length;
  }
  return {
    format: SCRIPT_INDEX_FORMAT,
    families,
    textKeys: textKeys.join('\n'),
    charKeys: Int32Array.from(charKeys),
    phrasingCounts,
    termEnds: Int32Array.from(termEnds),
    termIds: Int32Array.from(termIds),
    featureEnds: Int32Array.from(featureEnds),
    featureIds: concatInt32(idParts),
    termCounts,
    hasTranscript,
    stems: [...stemIdsOf.keys()].join('\n'),
    stemEnds,
    stemIds: Int32Array.from(stemIds),
    stemCounts: concatInt32(stemCountParts),
    passageEnds,
    passageBounds: concatInt32(boundParts),
  };
}

/** Whether every end lies between the one before and `total`, the last at `total`. */
function areEnds(ends: Int32Array, total: number): boolean {
  let previous = 0;
  for (const end of ends) {
    if (end < previous || end > total) {
      return false;
    }
    previous = end;
  }
  return previous === total;
}

/** Whether every id is a word feature's. */
function areWords(ids: Int32Array, families: Uint8Array): boolean {
  return ids.every((id) => families[id] === WORD_FAMILY);
}

function areBelow(values: ArrayLike<number>, limit: number): boolean {
  for (let i = 0; i < values.length; i++) {
    if (!(values[i]! >= 0 && values[i]! < limit)) {
      return false;
    }
  }
  return true;
}

/** The index's word and bigram keys and its stems, split. */
interface StoredLines {
  textKeys: string[];
  stems: string[];
}

/**
 * The index's lines when it has the shape of these answers' in an empty matcher of these
 * settings; undefined when it does not.
 */
function readFitting(
  state: MatcherState,
  answers: readonly AnswerInput[],
  stored: ScriptIndex,
): StoredLines | undefined {
  const count = answers.length;
  if (
    stored.format !== SCRIPT_INDEX_FORMAT ||
    state.index.answers.size > 0 ||
    state.index.features.count() > 0 ||
    new Set(answers.map((answer) => answer.id)).size !== count ||
    [stored.phrasingCounts, stored.hasTranscript, stored.stemEnds, stored.passageEnds].some(
      (column) => column.length !== count,
    )
  ) {
    return undefined;
  }
  const indexesTranscripts = state.tuning.transcriptWeight > 0;
  for (let i = 0; i < count; i++) {
    const input = answers[i]!;
    const hasTranscript = indexesTranscripts && /\S/.test(input.transcript ?? '');
    if (
      stored.phrasingCounts[i] !== listWantedTexts(input).length ||
      stored.hasTranscript[i] !== (hasTranscript ? 1 : 0)
    ) {
      return undefined;
    }
  }
  const featureCount = stored.families.length;
  const charCount = stored.families.filter((family) => family === CHAR_FAMILY).length;
  const phrasingCount = stored.phrasingCounts.reduce((sum, phrasings) => sum + phrasings, 0);
  const stems = splitLines(stored.stems, stored.stemIds.length);
  const textKeys = splitLines(stored.textKeys, featureCount - charCount);
  const isFitting =
    areBelow(stored.families, FAMILY_COUNT) &&
    stored.charKeys.length === charCount &&
    textKeys.length === featureCount - charCount &&
    stored.featureEnds.length === phrasingCount &&
    stored.termEnds.length === phrasingCount &&
    areEnds(stored.termEnds, stored.termIds.length) &&
    areWords(stored.termIds, stored.families) &&
    stored.termCounts.length === stored.featureIds.length &&
    areEnds(stored.featureEnds, stored.featureIds.length) &&
    areBelow(stored.featureIds, featureCount) &&
    stored.stemCounts.length === stored.stemIds.length &&
    areEnds(stored.stemEnds, stored.stemIds.length) &&
    areBelow(stored.stemIds, stems.length) &&
    stored.passageBounds.length % 2 === 0 &&
    areEnds(stored.passageEnds, stored.passageBounds.length);
  return isFitting ? { textKeys, stems } : undefined;
}

/**
 * Adds the answers, in order, to an empty matcher with their texts as the index analysed them;
 * false, with nothing added, when the index does not fit them (another format, or another shape).
 */
export function restoreScriptIndex(
  state: MatcherState,
  answers: readonly AnswerInput[],
  stored: ScriptIndex,
): boolean {
  const lines = readFitting(state, answers, stored);
  if (!lines) {
    return false;
  }
  const { textKeys, stems } = lines;
  // Interned in id order into an empty table, every feature gets its id again.
  const keys: FeatureKey[] = [];
  let nextText = 0;
  let nextChar = 0;
  for (const family of stored.families) {
    const key = family === CHAR_FAMILY ? stored.charKeys[nextChar++]! : textKeys[nextText++]!;
    keys.push(key);
    state.index.features.intern(family, key);
  }
  let phrasing = 0;
  answers.forEach((input, i) => {
    const phrasings: IndexedText[] = [];
    for (let k = 0; k < stored.phrasingCounts[i]!; k++, phrasing++) {
      const start = phrasing === 0 ? 0 : stored.featureEnds[phrasing - 1]!;
      const end = stored.featureEnds[phrasing]!;
      const termStart = phrasing === 0 ? 0 : stored.termEnds[phrasing - 1]!;
      const terms = Array.from(
        stored.termIds.subarray(termStart, stored.termEnds[phrasing]),
        (id) => keys[id] as string,
      );
      phrasings.push({
        terms,
        featureIds: stored.featureIds.subarray(start, end),
        termCounts: stored.termCounts.subarray(start, end),
      });
    }
    const analysed: AnalysedAnswer = { phrasings };
    if (stored.hasTranscript[i] === 1) {
      analysed.transcript = transcriptOf(stored, stems, i);
    }
    upsertAnswer(state, input, analysed);
  });
  return true;
}

function transcriptOf(stored: ScriptIndex, stems: string[], answer: number): AnalysedTranscript {
  const stemStart = answer === 0 ? 0 : stored.stemEnds[answer - 1]!;
  const stemEnd = stored.stemEnds[answer]!;
  const passageStart = answer === 0 ? 0 : stored.passageEnds[answer - 1]!;
  return {
    stems: Array.from(stored.stemIds.subarray(stemStart, stemEnd), (id) => stems[id]!),
    counts: stored.stemCounts.subarray(stemStart, stemEnd),
    passageBounds: stored.passageBounds.subarray(passageStart, stored.passageEnds[answer]),
  };
}
