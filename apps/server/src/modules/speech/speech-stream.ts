import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MAX_SPEECH_BYTES,
  MAX_SPEECH_SECONDS,
  type SpeechStreamServerMessage,
  type SpeechToTextResponse,
} from '@conversa/contracts';
import { AppError } from '../../http/errors.ts';
import { withParentDeathSignal } from '../../media/ffmpeg.ts';
import {
  SPEECH_EMPTY_MESSAGE,
  SPEECH_NOT_AUDIO_MESSAGE,
  SPEECH_TOO_LARGE_MESSAGE,
  SPEECH_TOO_LONG_MESSAGE,
  speechConversionArgs,
} from './audio.ts';
import { SPEECH_SERVICE_DOWN_MESSAGE } from './external-engine.ts';
import type { SpeechEngine, StoryfileVocabulary } from './speech-engine.ts';

/** 16 kHz mono 16-bit samples: the recognizers' input, bytes a second. */
const PCM_BYTES_PER_SECOND = 16_000 * 2;
/**
 * Longest a stream may stay open: the longest question and a little for the network. Past it the
 * stream is refused as too long, so an idle socket holds no converter.
 */
export const SPEECH_STREAM_LIMIT_MS = (MAX_SPEECH_SECONDS + 5) * 1000;
/** What a stream still open at its limit is told: how long it was open, not the question's 30 s. */
export function speechStreamOpenTooLongMessage(limitMs: number): string {
  return `A spoken question can stay open at most ${Math.round(limitMs / 1000)} seconds; this one was open that long without ending.`;
}
/**
 * A decode asked while ffmpeg still converts the last piece waits until ffmpeg has written samples
 * since that piece and then been quiet this long (it turns a 250-ms piece into samples in about a
 * millisecond), at most SETTLE_LIMIT_MS.
 */
const SETTLE_QUIET_MS = 30;
const SETTLE_LIMIT_MS = 300;
/**
 * Before ffmpeg's first samples the wait is longer: starting the process and its decoder took
 * over 300 ms on a busy machine, and a decode asked then had nothing to recognize (400, empty).
 */
const FIRST_SAMPLES_LIMIT_MS = 3000;
/**
 * Decodes one stream may ask (a pause a second over the longest question): each costs a search,
 * and a dropped one its decoder, so a socket cannot ask for them without end.
 */
export const MAX_STREAM_DECODES = MAX_SPEECH_SECONDS;
export const SPEECH_STREAM_DECODES_MESSAGE = `A spoken question can ask for its words at most ${MAX_STREAM_DECODES} times.`;

/** A stream's answers, in order; `isLast` closes the socket after it. */
export type SpeechStreamAnswer = (message: SpeechStreamServerMessage, isLast: boolean) => void;

/**
 * One spoken question heard while it is recorded (issue 42, item 3). `write` takes the
 * recording's pieces as MediaRecorder cuts them; `decode(id)` recognizes the samples converted so
 * far (the visitor paused), `cancel()` drops that decode (they spoke again), `end(id)` recognizes
 * the whole recording and is the stream's last answer. `close()` ends everything (the socket
 * closed): ffmpeg and a running decode killed, the folder deleted; `closed` settles then.
 */
export interface SpeechStream {
  write(chunk: Buffer): void;
  decode(id: number): void;
  cancel(): void;
  end(id: number): void;
  close(): void;
  readonly closed: Promise<void>;
}

/**
 * The container of a recording's first piece, told to ffmpeg so it need not probe: probing a pipe
 * waits for 2 KB, half a second of Opus, before the first sample. Unknown: ffmpeg probes.
 */
function containerOf(first: Buffer): string[] {
  if (first.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) {
    return ['-f', 'matroska'];
  }
  return first.subarray(0, 4).toString('latin1') === 'OggS' ? ['-f', 'ogg'] : [];
}

/** The upload's conversion (convertToSpeechWav), from a pipe to a pipe of raw samples. */
function streamConversionArgs(first: Buffer): string[] {
  return speechConversionArgs([...containerOf(first), '-i', 'pipe:0'], ['-f', 's16le', 'pipe:1']);
}

/** The plain 44-byte WAV header of 16 kHz mono 16-bit samples (the upload's, `+bitexact`). */
export function speechWavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(PCM_BYTES_PER_SECOND / 2, 24);
  header.writeUInt32LE(PCM_BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

function toError(id: number | null, error: AppError): SpeechStreamServerMessage {
  return { type: 'error', id, statusCode: error.status, error: error.code, message: error.message };
}

/**
 * Opens one stream: ffmpeg starts on the first piece, reading its standard input, and the engine
 * gets ready for the storyfile (a warm decoder loads its models) while the visitor speaks.
 * Decodes go through the gateway's `limit` (SPEECH_CONCURRENCY) and the engine's own
 * `transcribe`, so a streamed question is heard by the same warm decoders, with the same
 * readings, as an upload of the same samples. The samples live in memory (30 s at most: 960 KB)
 * and each decode's WAV in a private folder (mode 700) until it is read; nothing is stored.
 */
export function openSpeechStream(options: {
  vocabulary: StoryfileVocabulary;
  engine: SpeechEngine;
  ffmpeg: string;
  /** Runs a decode in its turn; `signal` drops one still waiting. */
  limit: <T>(task: () => Promise<T>, signal: AbortSignal) => Promise<T>;
  answer: SpeechStreamAnswer;
  /** How long it may stay open (SPEECH_STREAM_LIMIT_MS; tests shorten it). */
  openLimitMs?: number;
}): SpeechStream {
  const { engine, vocabulary, answer } = options;
  const stream = new AbortController();
  const workDir = path.join(tmpdir(), `conversa-speech-${randomUUID()}`);
  let madeWorkDir: Promise<void> | undefined;
  const samples: Buffer[] = [];
  let sampleBytes = 0;
  let receivedBytes = 0;
  let lastOutputAt = 0;
  let lastWriteAt = 0;
  let writesInFlight = 0;
  let isEnded = false;
  let isFinished = false;
  let decodes = 0;
  /** The decode under way (the last one asked), and its own abort. */
  let pending: { id: number; controller: AbortController } | null = null;

  /** ffmpeg, started on the first piece (its container read from it), and its exit: true if 0. */
  let converter = null as { input: Writable; converted: Promise<boolean> } | null;

  function startConverter(first: Buffer) {
    const command = withParentDeathSignal(options.ffmpeg, streamConversionArgs(first));
    const child = spawn(command.command, command.args, { stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdin.on('error', () => undefined);
    child.stdout.on('data', (chunk: Buffer) => {
      lastOutputAt = performance.now();
      samples.push(chunk);
      sampleBytes += chunk.length;
      if (sampleBytes > MAX_SPEECH_SECONDS * PCM_BYTES_PER_SECOND) {
        fail(null, new AppError(413, 'PAYLOAD_TOO_LARGE', SPEECH_TOO_LONG_MESSAGE));
      }
    });
    const converted = new Promise<boolean>((resolve) => {
      child.once('error', () => resolve(false));
      child.once('close', (code) => resolve(code === 0));
    });
    stream.signal.addEventListener('abort', () => child.kill('SIGKILL'), { once: true });
    // ffmpeg gives up on what it cannot read before the end when it can (else at the end).
    void converted.then((isOk) => {
      if (!isOk && !stream.signal.aborted && !isEnded) {
        fail(null, new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', SPEECH_NOT_AUDIO_MESSAGE));
      }
    });
    return { input: child.stdin, converted };
  }
  // The decoder loads its models while the visitor speaks (when none is waiting already).
  void engine.prepare?.(vocabulary).catch(() => undefined);
  const openLimitMs = options.openLimitMs ?? SPEECH_STREAM_LIMIT_MS;
  const deadline = setTimeout(
    () =>
      fail(null, new AppError(408, 'REQUEST_TIMEOUT', speechStreamOpenTooLongMessage(openLimitMs))),
    openLimitMs,
  );

  function send(message: SpeechStreamServerMessage, isLast: boolean) {
    if (isFinished) {
      return;
    }
    if (isLast) {
      isFinished = true;
      shutDown();
    }
    answer(message, isLast);
  }

  /** The stream is refused: its last answer, everything stopped. */
  function fail(id: number | null, error: AppError) {
    send(toError(id, error), true);
  }

  function dropPending() {
    if (pending) {
      pending.controller.abort();
      pending = null;
      // A decoder stopped mid-search is replaced now, while the visitor speaks on.
      void engine.prepare?.(vocabulary).catch(() => undefined);
    }
  }

  /** Waits until ffmpeg has turned the pieces written so far into samples. */
  async function settle(): Promise<void> {
    const begun = performance.now();
    const limit = sampleBytes === 0 ? FIRST_SAMPLES_LIMIT_MS : SETTLE_LIMIT_MS;
    while (performance.now() - begun < limit) {
      if (
        writesInFlight === 0 &&
        lastOutputAt > lastWriteAt &&
        performance.now() - lastOutputAt >= SETTLE_QUIET_MS
      ) {
        return;
      }
      await sleep(5);
    }
  }

  async function recognize(
    id: number,
    signal: AbortSignal,
    asked: number,
  ): Promise<SpeechToTextResponse> {
    const bytes = sampleBytes;
    if (bytes === 0) {
      throw new AppError(400, 'BAD_REQUEST', SPEECH_EMPTY_MESSAGE);
    }
    const pcm = Buffer.concat(samples, bytes);
    return options.limit(async () => {
      if (signal.aborted) {
        throw new Error('This decode was dropped');
      }
      madeWorkDir ??= mkdir(workDir, { recursive: true, mode: 0o700 }).then(() => undefined);
      await madeWorkDir;
      const wavFile = path.join(workDir, `decode-${id}-${randomUUID()}.wav`);
      try {
        await writeFile(wavFile, Buffer.concat([speechWavHeader(pcm.length), pcm]), {
          mode: 0o600,
        });
        // Dropped meanwhile: no search for nobody (a decoder only hears an abort once asked).
        if (signal.aborted) {
          throw new Error('This decode was dropped');
        }
        const { text, confidence, alternatives } = await engine.transcribe(
          wavFile,
          vocabulary,
          signal,
        );
        return {
          text,
          confidence,
          alternatives,
          recognizer: engine.name,
          audioSeconds: Math.round((pcm.length / PCM_BYTES_PER_SECOND) * 100) / 100,
          processingSeconds: Math.round(performance.now() - asked) / 1000,
        };
      } finally {
        await rm(wavFile, { force: true });
      }
    }, signal);
  }

  /** One decode: its answer, unless a newer decode, a cancel or the close dropped it. */
  async function run(id: number, isLast: boolean, prepare: () => Promise<void>) {
    dropPending();
    const controller = new AbortController();
    const entry = { id, controller };
    pending = entry;
    const asked = performance.now();
    try {
      await prepare();
      const heard = await recognize(id, controller.signal, asked);
      if (!controller.signal.aborted) {
        send({ type: 'heard', id, ...heard }, isLast);
      }
    } catch (error) {
      if (controller.signal.aborted || stream.signal.aborted) {
        return;
      }
      // A recognizer missing or crashed: the visitor is told, the typed box works.
      const refusal =
        error instanceof AppError
          ? error
          : new AppError(503, 'SERVICE_UNAVAILABLE', SPEECH_SERVICE_DOWN_MESSAGE);
      send(toError(id, refusal), isLast);
    } finally {
      if (pending === entry) {
        pending = null;
      }
    }
  }

  function shutDown() {
    clearTimeout(deadline);
    pending?.controller.abort();
    pending = null;
    stream.abort();
  }

  const closed = (async () => {
    await new Promise<void>((resolve) => stream.signal.addEventListener('abort', () => resolve()));
    await converter?.converted;
    await madeWorkDir?.catch(() => undefined);
    await rm(workDir, { recursive: true, force: true });
  })();

  return {
    closed,
    write(chunk) {
      if (isFinished) {
        return;
      }
      receivedBytes += chunk.length;
      if (receivedBytes > MAX_SPEECH_BYTES) {
        fail(null, new AppError(413, 'PAYLOAD_TOO_LARGE', SPEECH_TOO_LARGE_MESSAGE));
        return;
      }
      if (chunk.length === 0) {
        return;
      }
      converter ??= startConverter(chunk);
      lastWriteAt = performance.now();
      writesInFlight += 1;
      converter.input.write(chunk, () => {
        writesInFlight -= 1;
      });
    },
    decode(id) {
      if (isFinished || isEnded) {
        return;
      }
      decodes += 1;
      if (decodes > MAX_STREAM_DECODES) {
        fail(id, new AppError(429, 'TOO_MANY_REQUESTS', SPEECH_STREAM_DECODES_MESSAGE));
        return;
      }
      void run(id, false, settle);
    },
    cancel() {
      dropPending();
    },
    end(id) {
      if (isFinished || isEnded) {
        return;
      }
      isEnded = true;
      if (!converter) {
        fail(id, new AppError(400, 'BAD_REQUEST', SPEECH_EMPTY_MESSAGE));
        return;
      }
      const { input, converted } = converter;
      input.end();
      // The whole recording: ffmpeg finishes its last piece and exits, so the samples are the
      // upload's to the last one.
      void run(id, true, async () => {
        if (!(await converted) && !stream.signal.aborted) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', SPEECH_NOT_AUDIO_MESSAGE);
        }
      });
    },
    close() {
      isFinished = true;
      shutDown();
    },
  };
}
