import type { Tensor } from 'onnxruntime-node';
import type { WhisperModel } from './model.ts';
import {
  gatherBeams,
  logSoftmax,
  sameTokens,
  shareReadings,
  sumOf,
  topIds,
  type Cache,
  type Hypothesis,
} from './beam-search.ts';
import {
  disagreesOnPrompt,
  isRepeating,
  promptSentenceStarts,
  questionTokenCap,
  readOnCut,
} from './reading-on.ts';
import { timeWords, type RecognizedWord } from './timed-words.ts';

export const SAMPLE_RATE = 16_000;
/** Whisper hears 30-second windows; a shorter recording is padded with silence to one. */
export const WINDOW_SAMPLES = 30 * SAMPLE_RATE;

/** Beams searched by default: OpenAI's choice for transcription (`beam_size=5`). */
export const DEFAULT_BEAMS = 5;
/** The readings returned, best first (the studio's reading choice weighs up to 5). */
const MAX_READINGS = 5;
/**
 * OpenAI's silence rule (`transcribe.py`): the window is taken as no speech when the model's
 * no-speech probability is above 0.6 and the text it read has an average log-probability below -1.
 */
const NO_SPEECH_THRESHOLD = 0.6;
const NO_SPEECH_LOGPROB = -1;
/**
 * A question a fitted window heard with less confidence than this is heard again in a full
 * window (Whisper's 30 s hear short questions better: issue 65's `bench:speech` runs).
 */
const FIT_MIN_CONFIDENCE = 0.6;

export interface RecognizeOptions {
  /**
   * Words to expect (names, the storyfile's questions): sent as the previous window's text, as
   * Whisper's `initial_prompt`; cut to the last 223 tokens.
   */
  prompt?: string;
  /** Beams searched (1 = greedy). */
  beams?: number;
  /** The window encoded: Whisper's 30 s (`full`, the default) or the recording and 1 s (`fit`). */
  window?: 'full' | 'fit';
  /**
   * One spoken question: a beam that reads on past it (another sentence after its question, the
   * question again, a sentence of the prompt: `reading-on.ts`) is ended where that starts. Off by
   * default: an answer's draft says many sentences, questions among them.
   */
  endsAtQuestion?: boolean;
  /** Word times by the alignment heads (one more decoder pass); true by default. */
  wordTimes?: boolean;
  signal?: AbortSignal;
}

export interface Reading {
  text: string;
  /** Its share of the readings found, 0–1, from their log-probabilities. */
  share: number;
  /** Its tokens' mean log-probability (OpenAI's `avg_logprob`). */
  averageLogprob: number;
}

export interface Recognition {
  /** The best reading; '' when the window held no speech. */
  text: string;
  /** exp(average log-probability) of the best reading, 0–1. */
  confidence: number;
  /** The distinct readings, best first, `text` among them; [] when no speech. */
  readings: Reading[];
  /** The best reading's words with their times; [] when not asked for or no speech. */
  words: RecognizedWord[];
  noSpeechProbability: number;
  /** A `fit` window's reading repeated itself, and the recording was heard again in a full one. */
  isHeardAgain?: boolean;
  /**
   * Milliseconds of each stage, decoder passes, and the process's CPU seconds meanwhile (all its
   * threads: onnxruntime's among them, and whatever else ran then).
   */
  timing: {
    encodeMs: number;
    decodeMs: number;
    alignMs: number;
    steps: number;
    cpuSeconds: number;
  };
}
function abortIfAsked(signal: AbortSignal | undefined) {
  if (signal?.aborted) {
    throw signal.reason instanceof Error
      ? signal.reason
      : new Error('The recognition was aborted.');
  }
}
/** Recognizes one recording of at most 30 s (16 kHz mono samples, -1..1). */
export async function recognize(
  model: WhisperModel,
  samples: Float32Array,
  options: RecognizeOptions = {},
): Promise<Recognition> {
  const heard = await recognizeWindow(model, samples, options);
  const isUnsure =
    options.endsAtQuestion === true &&
    heard.text !== '' &&
    (heard.confidence < FIT_MIN_CONFIDENCE || disagreesOnPrompt(heard.readings, options.prompt));
  if (options.window !== 'fit' || (!isRepeating(heard.text) && !isUnsure)) {
    return heard;
  }
  // A window shorter than Whisper's 30 s sometimes sets it repeating a phrase to the end of its
  // tokens ("what was the best game of your life what was the best game of your life…"): as
  // OpenAI's fallback on a high compression ratio, the recording is heard again, in a full window;
  // so is a question heard unsure (as OpenAI's fallback on a low mean log-probability), or whose
  // readings disagree on the storyfile's words (`disagreesOnPrompt`).
  const again = await recognizeWindow(model, samples, { ...options, window: 'full' });
  const timing = {
    encodeMs: heard.timing.encodeMs + again.timing.encodeMs,
    decodeMs: heard.timing.decodeMs + again.timing.decodeMs,
    alignMs: heard.timing.alignMs + again.timing.alignMs,
    steps: heard.timing.steps + again.timing.steps,
    cpuSeconds: heard.timing.cpuSeconds + again.timing.cpuSeconds,
  };
  return { ...again, timing, isHeardAgain: true };
}

async function recognizeWindow(
  model: WhisperModel,
  samples: Float32Array,
  options: RecognizeOptions,
): Promise<Recognition> {
  if (samples.length > WINDOW_SAMPLES) {
    throw new RangeError('Whisper hears at most 30 seconds at once.');
  }
  const { ort, info, vocabulary } = model;
  const special = vocabulary.special;
  const layers = info.dimensions.n_text_layer;
  const width = info.dimensions.n_text_state;
  const beamCount = Math.max(1, options.beams ?? DEFAULT_BEAMS);
  const signal = options.signal;

  const cpuStarted = process.cpuUsage();
  const encodeStarted = performance.now();
  // Whisper was trained on 30-s windows, a short recording padded with silence; `fit` encodes
  // the recording and a second of silence after it instead (a fraction of the work).
  const windowSamples =
    options.window === 'fit'
      ? Math.min(WINDOW_SAMPLES, Math.ceil(samples.length / SAMPLE_RATE + 1) * SAMPLE_RATE)
      : WINDOW_SAMPLES;
  const audio = new Float32Array(windowSamples);
  audio.set(samples);
  const encoded = await model.encoder.run({
    audio: new ort.Tensor('float32', audio, [1, windowSamples]),
  });
  const crossK = encoded.cross_k as Tensor;
  const crossV = encoded.cross_v as Tensor;
  const encodeMs = performance.now() - encodeStarted;
  abortIfAsked(signal);

  const decodeStarted = performance.now();
  let steps = 0;
  // The window's start (the prompt and the start of the transcript) is every beam's prefix: its
  // keys and values go to the decoder once for all beams, never copied into each beam's cache.
  let prefixK = new ort.Tensor('float32', new Float32Array(0), [layers, 1, 0, width]);
  let prefixV = prefixK;
  const step = async (tokens: number[][], cache: Cache) => {
    steps += 1;
    const beams = tokens.length;
    const fresh = tokens[0]!.length;
    const ids = BigInt64Array.from(tokens.flat(), (id) => BigInt(id));
    const shape = [layers, beams, cache.length, width];
    const out = await model.decoder.run({
      tokens: new ort.Tensor('int64', ids, [beams, fresh]),
      prefix_k: prefixK,
      prefix_v: prefixV,
      self_k: new ort.Tensor('float32', cache.keys, shape),
      self_v: new ort.Tensor('float32', cache.values, shape),
      cross_k: crossK,
      cross_v: crossV,
    });
    abortIfAsked(signal);
    return {
      logits: (out.logits as Tensor).data as Float32Array,
      cache: {
        keys: (out.new_self_k as Tensor).data as Float32Array,
        values: (out.new_self_v as Tensor).data as Float32Array,
        beams,
        length: cache.length + fresh,
      },
    };
  };

  // The window's start: the prompt as the previous text, then the start of the transcript, whose
  // output tells whether there is speech at all; then the task tokens and "no timestamps".
  const promptIds = options.prompt?.trim()
    ? vocabulary.encode(` ${options.prompt.trim()}`).slice(-(info.dimensions.n_text_ctx / 2 - 1))
    : [];
  const start = [
    ...(promptIds.length > 0 ? [special.startOfPrevious, ...promptIds] : []),
    special.startOfTranscript,
  ];
  const task = [
    ...(info.englishOnly || special.english === null ? [] : [special.english, special.transcribe]),
    special.noTimestamps,
  ];
  const empty: Cache = {
    keys: new Float32Array(0),
    values: new Float32Array(0),
    beams: 1,
    length: 0,
  };
  const opened = await step([start], empty);
  prefixK = new ort.Tensor('float32', opened.cache.keys, [layers, 1, start.length, width]);
  prefixV = new ort.Tensor('float32', opened.cache.values, [layers, 1, start.length, width]);
  const vocabularySize = info.dimensions.n_vocab;
  const noSpeechProbability = (() => {
    const row = opened.logits.subarray(0, vocabularySize);
    const max = row.reduce((a, b) => Math.max(a, b), -Infinity);
    let sum = 0;
    for (const value of row) {
      sum += Math.exp(value - max);
    }
    return Math.exp(row[special.noSpeech]! - max) / sum;
  })();
  let current = await step([task], empty);

  const suppressed = new Uint8Array(vocabularySize);
  for (const id of info.suppressTokens) {
    suppressed[id] = 1;
  }
  for (let id = special.endOfText + 1; id < vocabularySize; id += 1) {
    suppressed[id] = 1;
  }
  const suppressedAtBegin = suppressed.slice();
  for (const id of info.suppressAtBegin) {
    suppressedAtBegin[id] = 1;
  }

  const seconds = samples.length / SAMPLE_RATE;
  const maxTokens = Math.min(
    info.dimensions.n_text_ctx / 2,
    options.endsAtQuestion ? questionTokenCap(seconds) : Math.ceil(seconds * 8) + 16,
  );
  const promptStarts = promptSentenceStarts(options.prompt);
  let live: Hypothesis[] = [{ tokens: [], logprobs: [], sum: 0, endLogprobs: [] }];
  const finished: Hypothesis[] = [];
  // A reading is listed once: a beam cut where another ended is that ending again.
  const addFinished = (hypothesis: Hypothesis) => {
    const isKnown = finished.some((done) => sameTokens(done.tokens, hypothesis.tokens));
    if (!isKnown && finished.length < beamCount) {
      finished.push(hypothesis);
    }
  };
  while (live.length > 0 && finished.length < beamCount) {
    const candidates: (Hypothesis & { source: number; token: number })[] = [];
    live.forEach((hypothesis, source) => {
      const row = current.logits.subarray(source * vocabularySize, (source + 1) * vocabularySize);
      const logprobs = logSoftmax(
        row,
        hypothesis.tokens.length === 0 ? suppressedAtBegin : suppressed,
      );
      const endLogprobs = [...hypothesis.endLogprobs, logprobs[special.endOfText]!];
      for (const token of topIds(logprobs, beamCount + 1)) {
        const logprob = logprobs[token]!;
        candidates.push({
          source,
          token,
          tokens: hypothesis.tokens,
          logprobs: [...hypothesis.logprobs, logprob],
          sum: hypothesis.sum + logprob,
          endLogprobs,
        });
      }
    });
    candidates.sort((a, b) => b.sum - a.sum);
    const next: typeof candidates = [];
    for (const [rank, candidate] of candidates.entries()) {
      if (candidate.token === special.endOfText) {
        // An ending counts only when it ranks among the beams (as Hugging Face's beam search
        // rules): a poor early ending would otherwise fill the list before the sentence is done.
        if (rank < beamCount) {
          addFinished(candidate);
        }
      } else if (next.length < beamCount) {
        const tokens = [...candidate.tokens, candidate.token];
        const kept = options.endsAtQuestion
          ? readOnCut(
              tokens.map((token) => vocabulary.piece(token)),
              promptStarts,
            )
          : undefined;
        if (kept === undefined) {
          next.push({ ...candidate, tokens });
        } else {
          // The beam has read on past the question (another sentence, the question again, a
          // prompt's sentence): it ends where that starts, its reading the question alone.
          // Scored as those tokens and then the end, whose log-probability there is known.
          const logprobs = [...candidate.logprobs.slice(0, kept), candidate.endLogprobs[kept]!];
          const cut = {
            ...candidate,
            tokens: tokens.slice(0, kept),
            logprobs,
            sum: sumOf(logprobs),
          };
          addFinished(cut);
        }
      }
    }
    if (next.length === 0 || next[0]!.tokens.length > maxTokens) {
      finished.push(...next);
      break;
    }
    live = next;
    const cache = gatherBeams(
      current.cache,
      next.map((candidate) => candidate.source),
      layers,
      width,
    );
    current = await step(
      next.map((candidate) => [candidate.token]),
      cache,
    );
  }
  const decodeMs = performance.now() - decodeStarted;

  // Ranked by mean log-probability per token, as OpenAI's maximum-likelihood ranker does.
  const ranked = finished
    .map((hypothesis) => ({
      hypothesis,
      averageLogprob: hypothesis.sum / Math.max(1, hypothesis.logprobs.length),
      text: vocabulary.decode(hypothesis.tokens).trim(),
    }))
    .sort((a, b) => b.averageLogprob - a.averageLogprob);
  const best = ranked[0];
  const cpuSeconds = () => {
    const used = process.cpuUsage(cpuStarted);
    return (used.user + used.system) / 1e6;
  };
  const timing = { encodeMs, decodeMs, alignMs: 0, steps, cpuSeconds: 0 };
  if (
    !best ||
    best.text === '' ||
    (noSpeechProbability > NO_SPEECH_THRESHOLD && best.averageLogprob < NO_SPEECH_LOGPROB)
  ) {
    timing.cpuSeconds = cpuSeconds();
    return { text: '', confidence: 0, readings: [], words: [], noSpeechProbability, timing };
  }
  const readings = shareReadings(ranked, MAX_READINGS);

  // A question's confidence is its words' alone: a window fitted to a question makes Whisper want
  // to read on, so the end's log-probability says how much it wanted to, not how well it heard.
  const wordLogprobs = best.hypothesis.logprobs.slice(0, best.hypothesis.tokens.length);
  const wordsAverage = sumOf(wordLogprobs) / Math.max(1, wordLogprobs.length);
  let words: RecognizedWord[] = [];
  if (options.wordTimes !== false) {
    const alignStarted = performance.now();
    words = await timeWords(model, best.hypothesis, samples.length, task, crossK, crossV);
    timing.alignMs = performance.now() - alignStarted;
  }
  timing.cpuSeconds = cpuSeconds();
  return {
    text: best.text,
    confidence: Math.exp(options.endsAtQuestion ? wordsAverage : best.averageLogprob),
    readings,
    words,
    noSpeechProbability,
    timing,
  };
}
