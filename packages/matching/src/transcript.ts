// What the person said (issue 40): an answer's transcript is evidence of its own of what the answer
// covers, scored apart from its phrasings. A visitor often asks about something the answer talks
// about ("do you like pizza?" of "what is your favourite food?"), which no phrasing of it says. Two
// signals, each 0–1 per answer:
// - words: the share of the question's content words (weighted by their rarity among the
//   transcripts) that the transcript uses;
// - meaning (with an embedder): the best cosine between the question and one passage (a sentence
//   or two) of the transcript, rescaled like the phrasings' similarities.
// The matcher lifts an answer by this evidence where it exceeds what its phrasings say
// (`MatcherTuning.transcriptWeight`), so a question that matches a phrasing stays as strong.
import type { AnswerRecord } from './answer-index.ts';
import { classifyTerm } from './function-words.ts';
import { tokenizeText } from './normalize.ts';
import { stemWithCache } from './stem.ts';
import type { Embedder } from './types.ts';
import { growFloat64 } from './typed-arrays.ts';
import { countStems, createTranscriptWords } from './transcript-words.ts';
import { dot, toUnit } from './vector-math.ts';

/** How a transcript's evidence is scored (see `MatcherTuning`). */
export interface TranscriptSettings {
  /** Share of the transcript score from passage vectors (the rest from words), when ready. */
  semanticShare: number;
  /** Cosine rescaled to 0 (unrelated), as `SemanticSettings.floor`. */
  floor: number;
  /** Passages are windows of this many sentences (1 = sentence by sentence). */
  passageSentences: number;
  /**
   * BM25's k1 for the words' share (term counts saturate, long transcripts are discounted by
   * `wordsLengthB`); 0 = a word counts once, present or not, whatever the transcript's length.
   */
  wordsK1: number;
  wordsLengthB: number;
  /** Share of the meaning from the cosine with the transcript's mean vector (rest: best passage). */
  centroidShare: number;
  /**
   * Hub correction: this share of a transcript's mean best-passage cosine with `references`
   * (questions it should not answer) is taken off its best-passage cosine, so that a long
   * transcript, whose best passage is close to any question, does not win by its length.
   */
  hubShare: number;
  references: readonly string[];
}

/** A transcript cut into passages: sentences, runs of very short ones joined. */
export function splitPassages(transcript: string, sentencesPerPassage = 1): string[] {
  const sentences: string[] = [];
  for (const raw of transcript.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=\S)/)) {
    const sentence = raw.trim();
    if (sentence === '') {
      continue;
    }
    const last = sentences.at(-1);
    // "Yes." or "Well, you know." alone says nothing: it joins the sentence before it.
    if (last !== undefined && sentence.split(' ').length < 4) {
      sentences[sentences.length - 1] = `${last} ${sentence}`;
    } else {
      sentences.push(sentence);
    }
  }
  if (sentencesPerPassage <= 1 || sentences.length <= 1) {
    return sentences;
  }
  const passages: string[] = [];
  for (let at = 0; at < sentences.length; at += sentencesPerPassage) {
    passages.push(sentences.slice(at, at + sentencesPerPassage).join(' '));
  }
  return passages;
}

/** The content words of a text, stemmed (function, question and framing words left out). */
export function contentStems(text: string): string[] {
  const stems: string[] = [];
  for (const token of tokenizeText(text)) {
    const stem = stemWithCache(token);
    if (classifyTerm(stem) === 'content') {
      stems.push(stem);
    }
  }
  return stems;
}

/**
 * What scoring keeps of a transcript: its content stems, each once in the order they first appear,
 * with how often it uses each, and its passages. A stored index (`script-index.ts`) carries it, so
 * a matcher built again takes it instead of reading the text.
 */
export interface AnalysedTranscript {
  stems: string[];
  counts: ArrayLike<number>;
  /** Its passages (`splitPassages`) as pairs of start and end offsets in its text. */
  passageBounds: Int32Array;
}

/** A transcript's analysis (its text with runs of white space as one space, trimmed). */
export function analyseTranscript(text: string, passageSentences: number): AnalysedTranscript {
  const passages = splitPassages(text, passageSentences);
  // Each passage is a run of the text's sentences, so it lies in the text after the one before.
  const passageBounds = new Int32Array(passages.length * 2);
  let from = 0;
  passages.forEach((passage, i) => {
    const start = text.indexOf(passage, from);
    if (start < 0) {
      throw new Error('a passage is not in its transcript: is its white space collapsed?');
    }
    from = start + passage.length;
    passageBounds[2 * i] = start;
    passageBounds[2 * i + 1] = from;
  });
  return { ...countStems(contentStems(text)), passageBounds };
}

interface TranscriptRecord {
  text: string;
  /** Its content stems' count (its length in words); the stems are in the index's `words`. */
  length: number;
  /** Unit mean of the passages' vectors, once they all have one. */
  centroid: Float32Array | undefined;
  /** Mean best-passage cosine with the reference questions (hub correction), once computed. */
  hub: number | undefined;
  /** The passages to embed, kept while some have no vector (`missing`). */
  passages: string[];
  /** Unit vectors of the passages that have one; complete when `missing` is 0. */
  vectors: (Float32Array | undefined)[];
  missing: number;
}

export interface TranscriptIndex {
  /**
   * Sets (or with undefined/blank text, clears) an answer's transcript; true when it changed.
   * `analysed`, when given, is its analysis as `analyse` gave it (it is not read again).
   */
  set(answer: AnswerRecord, transcript: string | undefined, analysed?: AnalysedTranscript): boolean;
  /** The answer's transcript analysed again (undefined without one), for a stored index. */
  analyse(answer: AnswerRecord): AnalysedTranscript | undefined;
  remove(answer: AnswerRecord): void;
  /** Asks the embedder again for missing passage vectors; true when any arrived. */
  sync(): boolean;
  /** Number of answers with a transcript. */
  count(): number;
  /**
   * Per answer with passage vectors, one training row for the storyfile's classifier: the unit mean
   * of its passages' vectors (one row whatever the transcript's length, so a script of long answers
   * stays within the classifier's size; measured as good as one row per passage).
   */
  classifierRows(): Map<AnswerRecord, Float32Array[]>;
  /** Passages still without a vector. */
  countMissing(): number;
  /**
   * Each answer's transcript score (0–1) into `scores` by answer slot, for the question's text and
   * unit vector (undefined: words only); `excludedAnswer` left out. Returns the slots it wrote.
   */
  scoreAll(
    text: string,
    query: Float32Array | undefined,
    scores: Float64Array,
    excludedAnswer: AnswerRecord | undefined,
    /** The question's cosine with a vector when already computed (a classifier row), else undefined. */
    knownCosine?: (vector: Float32Array) => number | undefined,
  ): number[];
  /** The largest cosine of a unit vector with any passage's (-1 without passages). */
  nearestCosine(unit: Float32Array): number;
}

export function createTranscriptIndex(
  embedder: Embedder | undefined,
  settings: TranscriptSettings,
): TranscriptIndex {
  const records = new Map<AnswerRecord, TranscriptRecord>();
  /** Each content stem's transcripts, by answer slot, with its count in each. */
  const words = createTranscriptWords();
  /** Per answer slot: its transcript's length in content words (`TranscriptRecord.length`). */
  const lengthOfSlot: number[] = [];
  /** Per answer slot: its transcript's words score, summed while a question is scored. */
  let wordScores = new Float64Array(0);
  let missingTotal = 0;
  let lengthTotal = 0;
  let referenceVectors: Float32Array[] | undefined;

  function hubOf(record: TranscriptRecord): number {
    if (record.hub !== undefined) {
      return record.hub;
    }
    if (!referenceVectors && embedder) {
      const vectors = settings.references.map((text) => embedder.embed(text));
      if (vectors.every((vector) => vector !== undefined)) {
        referenceVectors = vectors.map(toUnit);
      }
    }
    if (!referenceVectors || referenceVectors.length === 0) {
      return 0;
    }
    let sum = 0;
    for (const reference of referenceVectors) {
      let best = -1;
      for (const vector of record.vectors) {
        if (vector) {
          best = Math.max(best, dot(vector, reference));
        }
      }
      sum += best;
    }
    record.hub = sum / referenceVectors.length;
    return record.hub;
  }

  function centroidOf(record: TranscriptRecord): Float32Array | undefined {
    const vectors = record.vectors.filter((vector) => vector !== undefined);
    if (vectors.length <= 1) {
      // One passage's centroid is its vector (shared, not copied).
      return vectors[0];
    }
    const mean = new Float32Array(vectors[0]!.length);
    for (const vector of vectors) {
      for (let i = 0; i < mean.length; i++) {
        mean[i] = mean[i]! + vector[i]!;
      }
    }
    return toUnit(mean);
  }

  function idf(stem: string): number {
    const df = words.countTranscripts(stem);
    return Math.log((records.size + 1) / (df + 1)) + 1;
  }

  function remove(answer: AnswerRecord): void {
    const record = records.get(answer);
    if (!record) {
      return;
    }
    words.remove(answer.slot, contentStems(record.text));
    missingTotal -= record.missing;
    lengthTotal -= record.length;
    records.delete(answer);
  }

  function embedMissing(record: TranscriptRecord): boolean {
    if (!embedder || record.missing === 0) {
      return false;
    }
    let arrived = false;
    record.passages.forEach((passage, i) => {
      if (record.vectors[i] === undefined) {
        const vector = embedder.embed(passage);
        if (vector) {
          record.vectors[i] = toUnit(vector);
          record.missing--;
          missingTotal--;
          arrived = true;
        }
      }
    });
    if (record.missing === 0) {
      record.passages = [];
    }
    if (arrived) {
      record.centroid = centroidOf(record);
      record.hub = undefined;
    }
    return arrived;
  }

  return {
    nearestCosine(unit) {
      let best = -1;
      for (const record of records.values()) {
        for (const vector of record.vectors) {
          if (vector) {
            best = Math.max(best, dot(unit, vector));
          }
        }
      }
      return best;
    },
    set(answer, transcript, analysed) {
      const text = transcript?.replace(/\s+/g, ' ').trim() ?? '';
      const current = records.get(answer);
      if ((current?.text ?? '') === text) {
        return false;
      }
      remove(answer);
      if (text === '') {
        return true;
      }
      const { stems, counts, passageBounds } =
        analysed ?? analyseTranscript(text, settings.passageSentences);
      const passages: string[] = [];
      for (let i = 0; i + 1 < passageBounds.length; i += 2) {
        passages.push(text.slice(passageBounds[i], passageBounds[i + 1]));
      }
      let length = 0;
      for (let i = 0; i < counts.length; i++) {
        length += counts[i]!;
      }
      const record: TranscriptRecord = {
        text,
        length,
        centroid: undefined,
        hub: undefined,
        passages: embedder ? passages : [],
        vectors: passages.map(() => undefined),
        missing: embedder ? passages.length : 0,
      };
      missingTotal += record.missing;
      lengthTotal += record.length;
      records.set(answer, record);
      words.add(answer.slot, stems, counts);
      lengthOfSlot[answer.slot] = length;
      wordScores = growFloat64(wordScores, answer.slot + 1);
      embedMissing(record);
      return true;
    },
    remove,
    analyse(answer) {
      const record = records.get(answer);
      return record && analyseTranscript(record.text, settings.passageSentences);
    },
    sync() {
      if (missingTotal === 0) {
        return false;
      }
      let arrived = false;
      for (const record of records.values()) {
        arrived = embedMissing(record) || arrived;
      }
      return arrived;
    },
    count: () => records.size,
    classifierRows() {
      const out = new Map<AnswerRecord, Float32Array[]>();
      for (const [answer, record] of records) {
        if (record.centroid) {
          out.set(answer, [record.centroid]);
        }
      }
      return out;
    },
    countMissing: () => missingTotal,
    scoreAll(text, query, scores, excludedAnswer, knownCosine) {
      const written: number[] = [];
      if (records.size === 0) {
        return written;
      }
      const stems = [...new Set(contentStems(text))];
      const weights = stems.map(idf);
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      const semanticShare = query ? settings.semanticShare : 0;
      const k1 = settings.wordsK1;
      const averageLength = Math.max(1, lengthTotal / records.size);
      const lengthB = settings.wordsLengthB;
      // BM25's saturation, scaled to 0–1 (a word found infinitely often counts its full idf).
      const saturated = (weight: number, count: number, length: number) =>
        (weight * count) / (count + k1 * (1 - lengthB + (lengthB * length) / averageLength));
      words.compact();
      stems.forEach((stem, i) => {
        const weight = weights[i]!;
        words.forEachUse(stem, (slot, count) => {
          wordScores[slot] =
            wordScores[slot]! + (k1 > 0 ? saturated(weight, count, lengthOfSlot[slot]!) : weight);
        });
      });
      for (const [answer, record] of records) {
        const wordsScore = total > 0 ? wordScores[answer.slot]! / total : 0;
        wordScores[answer.slot] = 0;
        if (answer === excludedAnswer) {
          continue;
        }
        let meaning = 0;
        if (query && semanticShare > 0) {
          let best = -1;
          for (const vector of record.vectors) {
            if (vector) {
              best = Math.max(best, dot(vector, query));
            }
          }
          if (settings.hubShare > 0) {
            best -= settings.hubShare * hubOf(record);
          }
          if (settings.centroidShare > 0 && record.centroid) {
            best =
              (1 - settings.centroidShare) * best +
              settings.centroidShare *
                (knownCosine?.(record.centroid) ?? dot(record.centroid, query));
          }
          meaning = Math.min(1, Math.max(0, (best - settings.floor) / (1 - settings.floor)));
        }
        const score = (1 - semanticShare) * wordsScore + semanticShare * meaning;
        if (score > 0) {
          scores[answer.slot] = score;
          written.push(answer.slot);
        }
      }
      return written;
    },
  };
}
