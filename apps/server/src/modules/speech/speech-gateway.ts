import { randomUUID } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { availableParallelism, tmpdir } from 'node:os';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  MAX_SPEECH_BYTES,
  type SpeechReading,
  type SpeechToTextResponse,
} from '@conversa/contracts';
import type { SpeechConfig } from '../../config/env.ts';
import { AppError } from '../../http/errors.ts';
import {
  SPEECH_EMPTY_MESSAGE,
  SPEECH_NOT_AUDIO_MESSAGE,
  SPEECH_TOO_LARGE_MESSAGE,
  convertToSpeechWav,
} from './audio.ts';
import { createFairShare } from './fair-share.ts';
import { SPEECH_SERVICE_DOWN_MESSAGE } from './external-engine.ts';
import { createConfiguredEngine, type RecognizerReport } from './recognizers.ts';
import type { DecodeTiming, SpeechEngine, StoryfileVocabulary } from './speech-engine.ts';
import { openSpeechStream, type SpeechStream, type SpeechStreamAnswer } from './speech-stream.ts';

/**
 * Each recognized recording's stages, published on a diagnostics channel (`node:diagnostics_channel`;
 * free while nobody listens): `npm run bench:speech -- --stages` prints them.
 */
export const SPEECH_STAGES_CHANNEL = 'conversa:speech-stages';
const stagesChannel = channel(SPEECH_STAGES_CHANNEL);

/** Seconds each stage of one recording took (SPEECH_STAGES_CHANNEL). */
export interface SpeechStages {
  /** The storyfile's vocabulary read (the matcher cache's stamp; the model's key). */
  vocabularySeconds: number;
  /** Waiting for a free recognition slot (SPEECH_CONCURRENCY). */
  queuedSeconds: number;
  /** The recording written to the private folder. */
  writeSeconds: number;
  /** ffmpeg: the recording to 16 kHz mono WAV. */
  convertSeconds: number;
  /** The engine: the decoder asked, its readings read (the embedded one's costs in `decoder`). */
  recognizeSeconds: number;
  decoder: DecodeTiming | undefined;
  /** From the recording received to its readings (the answer's `processingSeconds` and more). */
  totalSeconds: number;
  audioSeconds: number;
}

/**
 * What the gateway reads of a storyfile and tells it: given by the assembly, from the modules that
 * hold the storyfile's script and its matcher (speech sits below them).
 */
export interface SpeechStoryfiles {
  /** The words a recognizer should expect for one storyfile (`buildStoryfileVocabulary`). */
  readVocabulary(storyfileId: string): Promise<StoryfileVocabulary>;
  /**
   * A question heard, before its ask arrives: its readings' sentence vectors are made meanwhile.
   * Never throws (a failure is the ask's to meet).
   */
  prepareHeard(
    storyfileId: string,
    heard: { text: string; alternatives: readonly SpeechReading[] },
  ): Promise<void>;
}

/** The answer to a request its client closed first (never delivered: nginx's code for it). */
export const SPEECH_REQUEST_CLOSED_MESSAGE =
  'The recording was not recognized: its request was closed first.';

function requestClosed(): AppError {
  return new AppError(499, 'CLIENT_CLOSED_REQUEST', SPEECH_REQUEST_CLOSED_MESSAGE);
}

export interface SpeechGateway {
  readonly engineName: SpeechEngine['name'];
  /** Which recognizer serves (Whisper, or pocketsphinx after Whisper failed to load). */
  report(): RecognizerReport;
  /**
   * Recognizes one recording for a storyfile; the recording is deleted before this settles.
   * `signal` is the request's: aborted when its client closes it (the browser dropped a
   * speculative recognition), ffmpeg and the recognizer are stopped and their files removed, and
   * a recording still waiting for its turn never starts.
   */
  transcribe(input: {
    storyfileId: string;
    audio: unknown;
    signal?: AbortSignal;
    /** Who asks (a player's address, a user): the recognizer's slots are shared fairly by it. */
    visitor: string;
  }): Promise<SpeechToTextResponse>;
  /**
   * Starts hearing a recording while it is made (issue 42, item 3; the WebSocket doors): the
   * storyfile's vocabulary read, ffmpeg started, the decoder made ready. See SpeechStream.
   */
  openStream(input: {
    storyfileId: string;
    answer: SpeechStreamAnswer;
    visitor: string;
  }): Promise<SpeechStream>;
  /** Ends the recognizers kept running (the studio stopping). */
  close?(): Promise<void>;
}

/**
 * The speech2text gateway: recordings converted by ffmpeg, then recognized by the embedded
 * pocketsphinx (the storyfile's own model) or the external server, at most `concurrency` at a
 * time. Both run as child processes or over the network, so the event loop only waits. A
 * recording lives in a private temporary folder for the length of its request and is never
 * stored.
 */
export function createSpeechGateway(options: {
  storyfiles: SpeechStoryfiles;
  config: SpeechConfig;
  dataDir: string;
  /** The resolved ffmpeg binary (media's resolution); 'ffmpeg' on PATH when absent. */
  ffmpegPath?: string | undefined;
  /** Tests and the benchmark hand their own engine. */
  engine?: SpeechEngine;
}): SpeechGateway {
  const engine =
    options.engine ??
    createConfiguredEngine(
      options.config,
      {
        modelsDir: path.join(options.dataDir, 'speech', 'models'),
        warmDecoders: options.config.warmDecoders ?? 0,
      },
      {
        window: options.config.whisperWindow ?? 'full',
        beams: options.config.whisperBeams ?? 3,
        prompt: options.config.whisperPrompt ?? 'script',
        hearsQuestions: true,
      },
    );
  const fairShare = createFairShare(options.config.concurrency ?? availableParallelism());
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg';

  return {
    get engineName() {
      return engine.name;
    },
    report: () =>
      'report' in engine && typeof engine.report === 'function'
        ? (engine.report as () => RecognizerReport)()
        : { name: engine.name, status: 'ready', lastError: null },
    async openStream({ storyfileId, answer, visitor }) {
      const vocabulary = await options.storyfiles.readVocabulary(storyfileId);
      return openSpeechStream({
        vocabulary,
        engine,
        ffmpeg,
        limit: (task, signal) => fairShare.run({ visitor, storyfileId }, task, signal),
        answer: (message, isLast) => {
          answer(message, isLast);
          // As for an upload: the readings' vectors are made while the ask comes.
          if (message.type === 'heard') {
            void options.storyfiles.prepareHeard(storyfileId, {
              text: message.text,
              alternatives: message.alternatives ?? [],
            });
          }
        },
      });
    },
    async transcribe({ storyfileId, audio, signal, visitor }) {
      if (!Buffer.isBuffer(audio)) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', SPEECH_NOT_AUDIO_MESSAGE);
      }
      if (audio.length === 0) {
        throw new AppError(400, 'BAD_REQUEST', SPEECH_EMPTY_MESSAGE);
      }
      if (audio.length > MAX_SPEECH_BYTES) {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', SPEECH_TOO_LARGE_MESSAGE);
      }
      const received = performance.now();
      const vocabulary = await options.storyfiles.readVocabulary(storyfileId);
      const vocabularyRead = performance.now();
      const heard = fairShare.run(
        { visitor, storyfileId },
        async () => {
          if (signal?.aborted) {
            throw requestClosed();
          }
          const workDir = path.join(tmpdir(), `conversa-speech-${randomUUID()}`);
          const controller = new AbortController();
          const abort = () => controller.abort();
          signal?.addEventListener('abort', abort, { once: true });
          try {
            const begun = performance.now();
            await mkdir(workDir, { recursive: true, mode: 0o700 });
            const inputFile = path.join(workDir, 'recording');
            await writeFile(inputFile, audio, { mode: 0o600 });
            const written = performance.now();
            const started = process.hrtime.bigint();
            // The decoder loads its models while ffmpeg converts (when none is waiting already).
            const prepared = engine.prepare?.(vocabulary).catch(() => undefined);
            const { wavFile, seconds } = await convertToSpeechWav(
              ffmpeg,
              inputFile,
              workDir,
              controller.signal,
            );
            const converted = performance.now();
            await prepared;
            const { timing, ...transcript } = await engine
              .transcribe(wavFile, vocabulary, controller.signal)
              .catch((error: unknown) => {
                if (signal?.aborted) {
                  throw requestClosed();
                }
                if (error instanceof AppError) {
                  throw error;
                }
                // A decoder that is missing or crashed: the visitor is told, the typed box works.
                throw new AppError(503, 'SERVICE_UNAVAILABLE', SPEECH_SERVICE_DOWN_MESSAGE);
              });
            const recognized = performance.now();
            // The readings' sentence vectors are made while the words go back to the browser and
            // its ask comes (a dropped speculative recording costs only these few vectors).
            void options.storyfiles.prepareHeard(storyfileId, {
              text: transcript.text,
              alternatives: transcript.alternatives ?? [],
            });
            if (stagesChannel.hasSubscribers) {
              stagesChannel.publish({
                vocabularySeconds: (vocabularyRead - received) / 1000,
                queuedSeconds: (begun - vocabularyRead) / 1000,
                writeSeconds: (written - begun) / 1000,
                convertSeconds: (converted - written) / 1000,
                recognizeSeconds: (recognized - converted) / 1000,
                decoder: timing,
                totalSeconds: (recognized - received) / 1000,
                audioSeconds: seconds,
              } satisfies SpeechStages);
            }
            return {
              ...transcript,
              recognizer: engine.name,
              audioSeconds: Math.round(seconds * 100) / 100,
              processingSeconds: Math.round(Number(process.hrtime.bigint() - started) / 1e7) / 100,
            };
          } catch (error) {
            // ffmpeg killed by the closed request is not a recording ffmpeg could not read.
            throw signal?.aborted ? requestClosed() : error;
          } finally {
            signal?.removeEventListener('abort', abort);
            controller.abort();
            // The recording is never kept: its folder goes before the answer does.
            await rm(workDir, { recursive: true, force: true });
          }
        },
        signal,
      );
      // A recording whose request closed while it waited for its turn never started.
      return heard.catch((error: unknown) => {
        throw signal?.aborted ? requestClosed() : error;
      });
    },
    async close() {
      await engine.close?.();
    },
  };
}
