import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runMediaTool } from '../../media/ffmpeg.ts';
import type { DecodeTiming, SpeechReading, SpeechTranscript, TimedWord } from './speech-engine.ts';

/** Where Debian's pocketsphinx and pocketsphinx-en-us put the decoder and the US English model. */
export const POCKETSPHINX_DEFAULTS = {
  binary: '/usr/bin/pocketsphinx_batch',
  acousticModel: '/usr/share/pocketsphinx/model/en-us/en-us',
  generalLanguageModel: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  dictionary: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
} as const;

/** Readings asked of the decoder's n-best search (spellings of one reading are merged after). */
export const NBEST_SIZE = 10;
/** Readings returned in `alternatives`, best first. */
export const READING_LIMIT = 5;
/**
 * pocketsphinx's n-best scores are in its log base (1.0001) shifted by 10 bits; divided by its
 * acoustic scale (`-ascale`, 20) as its own posteriors are, their differences give each reading's
 * share of the list.
 */
const NBEST_SCORE_TO_NATS = (1024 * Math.log(1.0001)) / 20;

export interface DecoderModel {
  /** ARPA text or the binary trie of a language model. */
  languageModel: string;
  dictionary: string;
}

/** Words the decoder writes that are not speech: sentence marks, silence, noises. */
function isSpokenWord(word: string): boolean {
  return !/^[<[]/.test(word);
}

/** `word(2)` names the dictionary's second pronunciation of `word`. */
function baseWord(word: string): string {
  return word.replace(/\(\d+\)$/, '');
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Reads pocketsphinx_batch's CTM (`utterance channel start duration word posterior`, one line a
 * word of the best reading): the words with their times; the confidence is the mean posterior of
 * the words spoken (null when none was heard).
 */
export function parseCtm(ctm: string): {
  text: string;
  confidence: number | null;
  words: TimedWord[];
} {
  const words: TimedWord[] = [];
  for (const line of ctm.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 6 || !isSpokenWord(fields[4]!)) {
      continue;
    }
    const start = Number(fields[2]);
    const posterior = Math.min(1, Math.max(0, Number(fields[5])));
    words.push({
      text: baseWord(fields[4]!),
      startMs: Math.round(start * 1000),
      endMs: Math.round((start + Number(fields[3])) * 1000),
      confidence: round3(posterior),
    });
  }
  const confidences = words.map((word) => word.confidence ?? 0);
  const confidence =
    confidences.length === 0
      ? null
      : round3(confidences.reduce((total, value) => total + value, 0) / confidences.length);
  return { text: words.map((word) => word.text).join(' '), confidence, words };
}

/**
 * Reads pocketsphinx_batch's n-best file (`words… score` per line, best first): the distinct
 * readings, each with its share of the list (0–1, from the score differences), best first.
 */
export function parseNbest(nbest: string, limit = READING_LIMIT): SpeechReading[] {
  const scored: { text: string; score: number }[] = [];
  for (const line of nbest.split('\n')) {
    const fields = line.trim().split(/\s+/);
    const score = Number(fields.at(-1));
    if (fields.length < 2 || !Number.isFinite(score)) {
      continue;
    }
    // An empty reading is written `(null)`.
    const words = fields.slice(0, -1).filter((word) => isSpokenWord(word) && word !== '(null)');
    const text = words.map(baseWord).join(' ').toLowerCase();
    scored.push({ text, score });
  }
  if (scored.length === 0) {
    return [];
  }
  const best = Math.max(...scored.map((reading) => reading.score));
  const shares = new Map<string, number>();
  let total = 0;
  for (const reading of scored) {
    const weight = Math.exp((reading.score - best) * NBEST_SCORE_TO_NATS);
    total += weight;
    shares.set(reading.text, (shares.get(reading.text) ?? 0) + weight);
  }
  return [...shares]
    .filter(([text]) => text !== '')
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([text, weight]) => ({ text, confidence: round3(weight / total) }));
}

/**
 * The decoder's own count of one utterance's search (its log: `<utterance>: 4.2 seconds speech,
 * 1.1 seconds CPU, 1.3 seconds wall`): null when the log does not say.
 */
export function readUtteranceTime(
  log: string,
  utterance: string,
): { cpuSeconds: number; wallSeconds: number } | null {
  const match = new RegExp(
    `\\b${utterance.replace(/[^\w-]/g, '\\$&')}: [\\d.]+ seconds speech, ([\\d.]+) seconds CPU, ([\\d.]+) seconds wall`,
  ).exec(log);
  return match ? { cpuSeconds: Number(match[1]), wallSeconds: Number(match[2]) } : null;
}

/**
 * One utterance's readings from the decoder's CTM lines and n-best list: the best reading (the
 * CTM's) leads `alternatives`, even when the n-best search ranked its spelling otherwise.
 */
export function readDecoderOutput(ctm: string, nbest: string): SpeechTranscript {
  const best = parseCtm(ctm);
  const readings = parseNbest(nbest);
  const alternatives =
    best.text === ''
      ? readings
      : [
          {
            text: best.text,
            confidence: readings.find((reading) => reading.text === best.text)?.confidence ?? null,
          },
          ...readings.filter((reading) => reading.text !== best.text),
        ].slice(0, READING_LIMIT);
  return { text: best.text, confidence: best.confidence, alternatives, words: best.words };
}

/** Bytes before the samples of a WAV file (ffmpeg may write chunks beside `fmt `). */
export async function readWavHeaderSize(wavFile: string): Promise<number> {
  const handle = await open(wavFile, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    let offset = 12;
    while (offset + 8 <= bytesRead) {
      const id = head.toString('ascii', offset, offset + 4);
      const size = head.readUInt32LE(offset + 4);
      if (id === 'data') {
        return offset + 8;
      }
      offset += 8 + size + (size % 2);
    }
    return 44;
  } finally {
    await handle.close();
  }
}

/**
 * pocketsphinx_batch's search options for every decode (questions and drafts); its own defaults
 * otherwise. Chosen with `npm run bench:speech-decoder` and checked with `npm run bench:speech`
 * (see the module README).
 */
export const SEARCH_OPTIONS: readonly string[] = [];

/**
 * pocketsphinx_batch's arguments: the utterances named in `control` (one a line), read from
 * `inputDir` as 16 kHz mono 16-bit samples after `headerBytes` (0: headerless `.raw`), decoded
 * with `model`; the best reading's words in `outDir/words.ctm`, each utterance's n-best list in
 * `outDir/<utterance>.hyp`. The log goes to stderr: each utterance's time is read there.
 */
export function decoderArgs(input: {
  control: string;
  inputDir: string;
  model: DecoderModel;
  outDir: string;
  extension?: string;
  headerBytes?: number;
  acousticModel?: string;
  /** A speaker's MLLR transform of the acoustic model's means (`adaptation/`). */
  mllrFile?: string;
  keepsSilence?: boolean;
  /** Replaces SEARCH_OPTIONS (the decoder-options bench). */
  searchOptions?: readonly string[];
}): string[] {
  return [
    ...['-ctl', input.control],
    ...['-cepdir', input.inputDir, '-cepext', input.extension ?? '.raw'],
    ...['-adcin', 'yes', '-adchdr', String(input.headerBytes ?? 0)],
    ...['-hmm', input.acousticModel ?? POCKETSPHINX_DEFAULTS.acousticModel],
    ...(input.mllrFile ? ['-mllr', input.mllrFile] : []),
    ...['-lm', input.model.languageModel, '-dict', input.model.dictionary],
    ...['-ctm', path.join(input.outDir, 'words.ctm')],
    ...['-nbest', String(NBEST_SIZE), '-nbestdir', input.outDir],
    ...(input.keepsSilence ? ['-remove_silence', 'no'] : []),
    ...(input.searchOptions ?? SEARCH_OPTIONS),
  ];
}

/**
 * Decodes one 16 kHz mono WAV file with pocketsphinx_batch (a child process: the event loop only
 * waits) as one utterance: the best reading with its word times and posteriors (`-ctm`), and the
 * n-best list (`-nbest`) as `alternatives`, the best reading among them. Its files are written
 * beside the recording, in the gateway's private folder, and go with it.
 */
export async function runPocketsphinx(
  wavFile: string,
  model: DecoderModel,
  options: {
    binary?: string;
    acousticModel?: string;
    /** A speaker's MLLR transform (`adaptation/`). */
    mllrFile?: string;
    signal?: AbortSignal;
    /**
     * Decode silent frames too (`-remove_silence no`). By default the decoder's voice-activity
     * detector drops them, so each word's time counts speech alone: a word after a 0.7 s pause
     * reads about 0.7 s early. A question's times do not matter; an answer's captions do.
     */
    keepsSilence?: boolean;
    /** Decode at this CPU niceness (`runMediaTool`'s `niceness`): an answer's draft. */
    niceness?: number;
  } = {},
): Promise<SpeechTranscript & { timing: DecodeTiming }> {
  const directory = path.dirname(wavFile);
  const utterance = path.basename(wavFile, '.wav');
  const outDir = path.join(directory, `${utterance}.decoded`);
  await mkdir(outDir, { recursive: true });
  const control = path.join(outDir, 'control');
  const ctmFile = path.join(outDir, 'words.ctm');
  await writeFile(control, `${utterance}\n`);
  const begun = performance.now();
  const { stderr } = await runMediaTool(
    options.binary ?? POCKETSPHINX_DEFAULTS.binary,
    decoderArgs({
      control,
      inputDir: directory,
      extension: '.wav',
      headerBytes: await readWavHeaderSize(wavFile),
      model,
      outDir,
      ...(options.acousticModel ? { acousticModel: options.acousticModel } : {}),
      ...(options.mllrFile ? { mllrFile: options.mllrFile } : {}),
      ...(options.keepsSilence ? { keepsSilence: true } : {}),
    }),
    {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.niceness ? { niceness: options.niceness } : {}),
    },
  );
  const wallSeconds = (performance.now() - begun) / 1000;
  const files = await readdir(outDir);
  const nbestFile = files.find((file) => file.endsWith('.hyp'));
  const search = readUtteranceTime(stderr, utterance);
  return {
    ...readDecoderOutput(
      files.includes('words.ctm') ? await readFile(ctmFile, 'utf8') : '',
      nbestFile ? await readFile(path.join(outDir, nbestFile), 'utf8') : '',
    ),
    timing: {
      isCold: true,
      isKeptRunning: false,
      wallSeconds,
      searchWallSeconds: search?.wallSeconds ?? null,
      searchCpuSeconds: search?.cpuSeconds ?? null,
    },
  };
}
