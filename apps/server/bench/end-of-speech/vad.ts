// bench:end-of-speech's measurement (bench/end-of-speech.ts): Silero VAD v5 through onnxruntime-web
// as the browser runs it, the pauses it hears, and when the endpointer and the level rule end.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as ort from 'onnxruntime-web';
import {
  NON_SPEECH_PROBABILITY,
  SPEECH_PROBABILITY,
  SpeechEndpointer,
} from '../../../web/src/lib/recorded-speech.ts';
import { SAMPLE_RATE, FRAME_SAMPLES, CONTEXT_SAMPLES, FRAME_MS, LEVEL_STEP_MS } from './options.ts';

const require = createRequire(import.meta.url);

export async function loadSilero(): Promise<ort.InferenceSession> {
  const vadDist = path.dirname(require.resolve('@ricky0123/vad-web'));
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  return ort.InferenceSession.create(await readFile(path.join(vadDist, 'silero_vad_v5.onnx')));
}

/** Silero v5's speech probability for each 32 ms frame, as vad-web computes it; and ms per frame. */
export async function speechProbabilities(
  session: ort.InferenceSession,
  samples: Float32Array,
): Promise<{ probabilities: number[]; msPerFrame: number[] }> {
  let state: ort.Tensor = new ort.Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]);
  const sr = new ort.Tensor('int64', BigInt64Array.from([16_000n]));
  let context = new Float32Array(CONTEXT_SAMPLES);
  const probabilities: number[] = [];
  const msPerFrame: number[] = [];
  for (let start = 0; start + FRAME_SAMPLES <= samples.length; start += FRAME_SAMPLES) {
    const frame = samples.subarray(start, start + FRAME_SAMPLES);
    const input = new Float32Array(CONTEXT_SAMPLES + FRAME_SAMPLES);
    input.set(context, 0);
    input.set(frame, CONTEXT_SAMPLES);
    context = frame.slice(-CONTEXT_SAMPLES);
    const began = performance.now();
    const out = await session.run({
      input: new ort.Tensor('float32', input, [1, input.length]),
      state,
      sr,
    });
    msPerFrame.push(performance.now() - began);
    state = out.stateN!;
    probabilities.push((out.output as ort.Tensor).data[0] as number);
  }
  return { probabilities, msPerFrame };
}

/** The end of the last frame the VAD calls speech, ms. */
export function lastSpeechEndMs(probabilities: number[]): number {
  let last = -1;
  for (const [frame, probability] of probabilities.entries()) {
    if (probability >= SPEECH_PROBABILITY) {
      last = frame;
    }
  }
  return (last + 1) * FRAME_MS;
}

/** The longest non-speech run (the endpointer's hysteresis) between the first and last speech. */
export function longestInnerPauseMs(probabilities: number[]): number {
  let speaking = false;
  let heard = false;
  let run = 0;
  let longest = 0;
  for (const probability of probabilities) {
    speaking = probability >= (speaking ? NON_SPEECH_PROBABILITY : SPEECH_PROBABILITY);
    if (speaking) {
      if (heard) {
        longest = Math.max(longest, run);
      }
      heard = true;
      run = 0;
    } else {
      run += FRAME_MS;
    }
  }
  return longest;
}

/**
 * Where the hook sends its speculative recording: the end of the frame at which the last pause
 * before the VAD's end began (a pause that speech interrupted drops its speculation), or null.
 */
export function speculatedAtMs(probabilities: number[]): number | null {
  const endpointer = new SpeechEndpointer();
  endpointer.useVoiceActivity();
  let speculatedAt: number | null = null;
  for (const [frame, probability] of probabilities.entries()) {
    const wasSpeaking = endpointer.isSpeaking;
    const decision = endpointer.pushSpeechProbability(probability, FRAME_MS);
    if (decision !== 'listening') {
      return endpointer.endOfSpeech ? speculatedAt : null;
    }
    if (wasSpeaking && !endpointer.isSpeaking) {
      speculatedAt = (frame + 1) * FRAME_MS;
    } else if (!wasSpeaking && endpointer.isSpeaking) {
      speculatedAt = null;
    }
  }
  return null;
}

/** When the endpointer ends the question (ms from the start), or null if it did not. */
export function endedAtMs(push: (endpointer: SpeechEndpointer) => Iterable<number>): number | null {
  const endpointer = new SpeechEndpointer();
  for (const atMs of push(endpointer)) {
    if (endpointer.endOfSpeech) {
      return atMs;
    }
  }
  return null;
}

export function levelsOf(samples: Float32Array): number[] {
  const step = (SAMPLE_RATE * LEVEL_STEP_MS) / 1000;
  const levels: number[] = [];
  for (let end = step; end <= samples.length; end += step) {
    const window = samples.subarray(Math.max(0, end - 1024), end);
    let sum = 0;
    for (const sample of window) {
      sum += sample * sample;
    }
    levels.push(Math.sqrt(sum / window.length));
  }
  return levels;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
