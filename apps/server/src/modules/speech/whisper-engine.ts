import { readFile } from 'node:fs/promises';
import {
  startWhisperThread,
  whisperModelDir,
  type WhisperModelId,
  type WhisperThread,
} from '@conversa/whisper';
import { AppError } from '../../http/errors.ts';
import { SPEECH_SERVICE_DOWN_MESSAGE } from './external-engine.ts';
import { readPcmWav } from './pauses.ts';
import type { SpeechEngine, SpeechTranscript } from './speech-engine.ts';
import { hasVoice } from './voice.ts';
import { buildWhisperPrompt } from './whisper-prompt.ts';

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export interface WhisperEngineOptions {
  model?: WhisperModelId;
  /** Another folder holding a converted model (benchmarks of a model not shipped). */
  modelDir?: string;
  /** onnxruntime's threads for one recording (default 2). */
  threads?: number;
  /** Beams searched; their distinct results are the readings (default 5). */
  beams?: number;
  /** Send the storyfile's custom words and phrasings as Whisper's prompt (default true). */
  usesPrompt?: boolean;
  /** `script`: its phrasings as sentences, then its custom words (the default); `words`: those. */
  prompt?: 'script' | 'words';
  /** The model thread's CPU priority (answer drafts: BACKGROUND_NICENESS); unset: the process's. */
  niceness?: number;
  /**
   * `words` (spoken questions, the default): lower case without punctuation, as the gateway's
   * answer has always been; `sentences` (answer drafts): as Whisper writes, with capitals and
   * punctuation, which become the captions.
   */
  writes?: 'words' | 'sentences';
  /** The window encoded (SPEECH_WHISPER_WINDOW for questions; drafts: full). */
  window?: 'full' | 'fit';
  /**
   * Each recording is one spoken question (the gateway's): a reading ends at the question's end
   * (`endsAtQuestion`), and no word is timed (the gateway's answer has no word times).
   */
  hearsQuestions?: boolean;
}

/** A question's words as the gateway answers them: lower case, no punctuation but apostrophes. */
export function toSpokenWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * OpenAI's Whisper (tiny.en by default), converted to ONNX by packages/whisper and run by
 * onnxruntime-node in a worker thread of its own (its `run` holds the thread that calls it): the
 * event loop only posts the samples and waits. The thread starts and loads the model on the
 * first recording (or `prepare`), then stays; one that fails to load is started again next time.
 */
export function createWhisperEngine(options: WhisperEngineOptions = {}): SpeechEngine & {
  /** Loads the model now; rejects when it cannot be loaded. */
  load(): Promise<WhisperThread>;
} {
  let loading: Promise<WhisperThread> | undefined;
  let thread: WhisperThread | undefined;
  let isLoaded = false;
  const load = () => {
    if (!loading) {
      const started = startWhisperThread({
        modelDir: options.modelDir ?? whisperModelDir(options.model ?? 'tiny.en'),
        threads: options.threads ?? 2,
        ...(options.niceness === undefined ? {} : { niceness: options.niceness }),
      });
      thread = started;
      loading = started.ready.then(() => {
        isLoaded = true;
        return started;
      });
      loading.catch(() => {
        loading = undefined;
        void started.close();
      });
    }
    return loading;
  };
  return {
    name: 'whisper',
    load,
    async prepare() {
      await load();
    },
    async close() {
      await thread?.close();
    },
    async transcribe(wavFile, vocabulary, signal): Promise<SpeechTranscript> {
      const wasLoaded = isLoaded;
      let model: WhisperThread;
      try {
        model = await load();
      } catch {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', SPEECH_SERVICE_DOWN_MESSAGE);
      }
      const audio = readPcmWav(await readFile(wavFile));
      // Whisper reads words into silence ("you", "Thank you."): a recording with no voice in it
      // is not sent to it, as no answer's silent piece is.
      if (!hasVoice(audio)) {
        return { text: '', confidence: null, alternatives: [], words: [] };
      }
      const samples = Float32Array.from(audio.samples, (sample) => sample / 32_768);
      const prompt =
        options.usesPrompt === false
          ? ''
          : buildWhisperPrompt(
              vocabulary.terms,
              options.prompt === 'words' ? [] : vocabulary.phrasings,
            );
      const started = performance.now();
      const heard = await model.recognize(samples, {
        ...(prompt ? { prompt } : {}),
        beams: options.beams ?? 5,
        window: options.window ?? 'full',
        ...(options.hearsQuestions ? { endsAtQuestion: true, wordTimes: false } : {}),
        signal,
      });
      const wallSeconds = (performance.now() - started) / 1000;
      const write = options.writes === 'sentences' ? (text: string) => text : toSpokenWords;
      return {
        text: write(heard.text),
        confidence: heard.text === '' ? null : round3(heard.confidence),
        alternatives: heard.readings.map((reading) => ({
          text: write(reading.text),
          confidence: round3(reading.share),
        })),
        words: heard.words
          .flatMap((word) => {
            const text = write(word.text);
            return text === '' ? [] : [{ ...word, text }];
          })
          .map((word) => ({
            text: word.text,
            startMs: word.startMs,
            endMs: word.endMs,
            confidence: round3(word.probability),
          })),
        timing: {
          isCold: !wasLoaded,
          isKeptRunning: true,
          wallSeconds,
          searchWallSeconds: wallSeconds,
          searchCpuSeconds: heard.timing.cpuSeconds,
        },
      };
    },
  };
}
