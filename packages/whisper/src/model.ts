import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as OnnxRuntime from 'onnxruntime-node';
import type { InferenceSession } from 'onnxruntime-node';
import { Vocabulary, type SpecialTokens } from './vocabulary.ts';

/** What models/convert.py wrote beside the ONNX files (`model.json`). */
export interface WhisperModelInfo {
  id: string;
  source: string;
  packages: string[];
  licence: string;
  englishOnly: boolean;
  dimensions: {
    n_mels: number;
    n_vocab: number;
    n_audio_ctx: number;
    n_audio_state: number;
    n_text_ctx: number;
    n_text_state: number;
    n_text_head: number;
    n_text_layer: number;
  };
  specialTokens: Record<string, number>;
  /** [decoder layer, head] pairs whose cross-attention follows the speech in time. */
  alignmentHeads: [number, number][];
  suppressTokens: number[];
  suppressAtBegin: number[];
  sha256: Record<string, string>;
}

/** The Whisper models shipped in this package (`models/<id>/`, each with its licence). */
export const WHISPER_MODELS = ['tiny.en'] as const;
export type WhisperModelId = (typeof WHISPER_MODELS)[number];

/** A loaded model: its two sessions and vocabulary. */
export interface WhisperModel {
  info: WhisperModelInfo;
  ort: typeof OnnxRuntime;
  encoder: InferenceSession;
  decoder: InferenceSession;
  vocabulary: Vocabulary;
  /** Wall-clock milliseconds the files took to load. */
  loadMs: number;
}

export interface LoadOptions {
  /** onnxruntime's threads for one recording (default 2). */
  threads?: number;
}

const packageRequire = createRequire(import.meta.url);

/** The folder of a shipped model, resolved through the package so a server bundle finds it. */
export function whisperModelDir(id: string): string {
  return path.join(
    path.dirname(packageRequire.resolve('@conversa/whisper/package.json')),
    'models',
    id,
  );
}

function specialTokens(info: WhisperModelInfo): SpecialTokens {
  const id = (name: string) => {
    const value = info.specialTokens[name];
    if (value === undefined) {
      throw new Error(`The Whisper model ${info.id} names no ${name} token.`);
    }
    return value;
  };
  return {
    endOfText: id('<|endoftext|>'),
    startOfTranscript: id('<|startoftranscript|>'),
    english: info.specialTokens['<|en|>'] ?? null,
    transcribe: id('<|transcribe|>'),
    startOfPrevious: id('<|startofprev|>'),
    noSpeech: id('<|nocaptions|>'),
    noTimestamps: id('<|notimestamps|>'),
    firstTimestamp: id('<|0.00|>'),
  };
}

/**
 * Turns off onnxruntime's telemetry to Microsoft (1.29 and later, Linux too) before the runtime
 * first starts in the process: a studio sends nothing anywhere unasked, and the uploading thread
 * races the process's exit. Set by the thread that starts the model's thread, since a worker
 * thread's `process.env` is its own copy; an operator's own value stays.
 */
export function disableOnnxRuntimeTelemetry(): void {
  process.env.ORT_DISABLE_TELEMETRY ??= '1';
}

/** Loads a converted model's files, checking each against the hash convert.py recorded. */
export async function loadWhisperModel(
  modelDir: string,
  options: LoadOptions = {},
): Promise<WhisperModel> {
  disableOnnxRuntimeTelemetry();
  const started = performance.now();
  const ort = await import('onnxruntime-node');
  const info = JSON.parse(
    await readFile(path.join(modelDir, 'model.json'), 'utf8'),
  ) as WhisperModelInfo;
  const read = async (name: string) => {
    const bytes = await readFile(path.join(modelDir, name));
    const expected = info.sha256[name];
    if (expected && createHash('sha256').update(bytes).digest('hex') !== expected) {
      throw new Error(`${name} of the Whisper model ${info.id} is not the file converted.`);
    }
    return bytes;
  };
  const [encoderBytes, decoderBytes, tokensText, tokenizerJson] = await Promise.all([
    read('encoder.onnx'),
    read('decoder.onnx'),
    read('tokens.txt').then((bytes) => bytes.toString('utf8')),
    read('tokenizer.json').then((bytes) => JSON.parse(bytes.toString('utf8')) as object),
  ]);
  const sessionOptions: InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    intraOpNumThreads: options.threads ?? 2,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    // onnxruntime's threads spin while they wait for work by default: on a machine whose cores
    // are busy (a browser, the database, another recognition) the spinning takes the very cores
    // the other threads wait for.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
  const [encoder, decoder] = await Promise.all([
    ort.InferenceSession.create(encoderBytes, sessionOptions),
    ort.InferenceSession.create(decoderBytes, sessionOptions),
  ]);
  const tokens = tokensText.split('\n');
  if (tokens.at(-1) === '') {
    tokens.pop();
  }
  const vocabulary = new Vocabulary(tokens, tokenizerJson, specialTokens(info));
  return { info, ort, encoder, decoder, vocabulary, loadMs: performance.now() - started };
}
