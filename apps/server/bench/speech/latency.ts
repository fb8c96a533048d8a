// The speech bench's latency (bench/speech.ts): a 4-second question timed one at a time through the
// gateway, after the end-of-speech pause and pressed stop, and uploaded beside streamed.
import { loadavg } from 'node:os';
import path from 'node:path';
import type { AskResponse, SpeechToTextResponse } from '@conversa/contracts';
import type { SpeechStages } from '../../src/modules/speech/speech-gateway.ts';
import type { TestBrowser } from '../../test/studio.ts';
import { LATENCY_QUESTION, LATENCY_RUNS, LATENCY_SPEECH_SECONDS, VOICINGS } from './options.ts';
import { makeRecording, run, type Recording } from './recordings.ts';
import { streamRecording } from './stream.ts';

/** The studio's gateway as the bench calls it, and the stages its diagnostics channel reported. */
export interface SpeechGateway {
  owner: TestBrowser;
  studioUrl: string;
  streamPath: string;
  questionIds: ReadonlyMap<string, string>;
  hear: (webm: Buffer) => Promise<SpeechToTextResponse>;
  ask: (
    text: string,
    inputMode: 'typed' | 'spoken',
    heard?: Partial<Pick<SpeechToTextResponse, 'alternatives' | 'confidence'>>,
  ) => Promise<AskResponse['decision']>;
  /** CPU of the ended children (ffmpeg, decoders) and of the decoders kept running. */
  allChildCpu: () => number;
  clearStages: () => void;
  takeStages: () => SpeechStages | undefined;
}

/** Times the 4-s question `LATENCY_RUNS` times each way; recordings are made under `workRoot`. */
export async function measureLatency(
  gateway: SpeechGateway,
  workRoot: string,
  endOfSpeechPause: number,
) {
  // A 4-second question, then the browser's end-of-speech pause; and the same question ended
  // by the visitor pressing stop (no pause). Timed one at a time: upload, recognition, ask.
  const latencyDir = path.join(workRoot, 'latency');
  await run('mkdir', ['-p', latencyDir]);
  const withPause = await makeRecording(latencyDir, LATENCY_QUESTION, VOICINGS[0]!, {
    seconds: LATENCY_SPEECH_SECONDS,
    trailSeconds: endOfSpeechPause,
  });
  const stopDir = path.join(workRoot, 'latency-stop');
  await run('mkdir', ['-p', stopDir]);
  const pressedStop = await makeRecording(stopDir, LATENCY_QUESTION, VOICINGS[0]!, {
    seconds: LATENCY_SPEECH_SECONDS,
    trailSeconds: 0.1,
  });
  const latencyExpected = gateway.questionIds.get(LATENCY_QUESTION);
  const timeOne = async (recording: Recording) => {
    const begun = performance.now();
    const childCpu = gateway.allChildCpu();
    const ownCpu = process.cpuUsage();
    gateway.clearStages();
    const result = await gateway.hear(recording.webm);
    const heardAt = performance.now();
    const decision = await gateway.ask(result.text, 'spoken', result);
    const own = process.cpuUsage(ownCpu);
    const seconds = (performance.now() - begun) / 1000;
    return {
      seconds,
      /** CPU of the studio's process and its ffmpeg and decoder: the time on an idle core. */
      cpuSeconds: gateway.allChildCpu() - childCpu + (own.user + own.system) / 1e6,
      recognizeSeconds: result.processingSeconds,
      isRight: decision.kind === 'answer' && decision.questionId === latencyExpected,
      stages: gateway.takeStages(),
      /** The upload and the answer's way back, beside the gateway's own stages. */
      hearSeconds: (heardAt - begun) / 1000,
      /** The spoken ask: the reading choice and the matcher, over HTTP. */
      askSeconds: (performance.now() - heardAt) / 1000,
    };
  };
  const pauseRuns = [];
  const stopRuns = [];
  for (let runIndex = 0; runIndex < LATENCY_RUNS; runIndex += 1) {
    pauseRuns.push(await timeOne(withPause));
    stopRuns.push(await timeOne(pressedStop));
  }
  // Issue 42, item 3: the same question as the players send it when the VAD hears the pause
  // begin, side by side: the recording so far uploaded (speculation without a socket), or
  // streamed while spoken (a piece every 250 ms, paced in real time) and decoded on the socket.
  // Timed from the end of speech to the recognized text, run after run, with the load.
  const sideBySide: { uploaded: number; streamed: number; load: number; isSame: boolean }[] = [];
  for (let runIndex = 0; runIndex < LATENCY_RUNS; runIndex += 1) {
    const load = loadavg()[0] ?? 0;
    const begun = performance.now();
    const uploaded = await gateway.hear(pressedStop.webm);
    const uploadedSeconds = (performance.now() - begun) / 1000;
    const streamed = await streamRecording(
      gateway.owner,
      gateway.studioUrl,
      gateway.streamPath,
      pressedStop.webm,
      uploaded.audioSeconds,
    );
    sideBySide.push({
      uploaded: uploadedSeconds,
      streamed: streamed.afterEndSeconds,
      load,
      isSame: streamed.heard.text === uploaded.text,
    });
  }
  return { pauseRuns, stopRuns, sideBySide };
}

/** One timed run of the 4-s question (measureLatency). */
export type LatencyRun = Awaited<ReturnType<typeof measureLatency>>['pauseRuns'][number];
