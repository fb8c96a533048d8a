// bench:end-of-speech's --recognize (bench/end-of-speech.ts): a studio that hears a recording as
// the hook sends it (WebM/Opus), timed.
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { SpeechToTextResponse } from '@conversa/contracts';
import type { EmbeddedDatabase } from '../../src/db/embedded.ts';
import { LIFE_STORY_TEMPLATE } from '../../src/modules/library/templates/life-story.ts';
import type { RunningStudio } from '../../src/server.ts';
import { call } from '../speech/measures.ts';
import { run } from '../speech/recordings.ts';
import { prepareBenchDatabase, seedPublishedStoryfile, startBenchStudio } from '../support.ts';
import { SAMPLE_RATE } from './options.ts';

/** The first `ms` of 16 kHz samples encoded as Chromium's MediaRecorder sends them (WebM/Opus). */
export async function encodeWebm(samples: Float32Array, ms: number, file: string): Promise<Buffer> {
  const raw = `${file}.f32`;
  const end = Math.min(samples.length, Math.round((ms / 1000) * SAMPLE_RATE));
  await writeFile(raw, Buffer.from(samples.buffer, samples.byteOffset, end * 4));
  await run('ffmpeg', [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', raw],
    ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', file],
  ]);
  return readFile(file);
}

export interface Recognizer {
  /** Recognizes one recording through the studio's gateway: its words and wall time, ms. */
  hear(webm: Buffer): Promise<{ text: string; ms: number }>;
  stop(): Promise<void>;
}

export async function startRecognizer(): Promise<Recognizer> {
  const prepared = await prepareBenchDatabase('conversa_bench_end_of_speech', 'endOfSpeech');
  const embedded: EmbeddedDatabase | undefined = prepared.embedded;
  let studio: RunningStudio | undefined;
  try {
    studio = await startBenchStudio(prepared.url, 'end-of-speech', { MATCHER_EMBEDDER: 'none' });
    const storyfile = await seedPublishedStoryfile(studio, {
      name: LIFE_STORY_TEMPLATE.name,
      topics: LIFE_STORY_TEMPLATE.topics,
    });
    const url = `/v1/conversa/speech2text?storyfileId=${storyfile.id}`;
    const running = studio;
    return {
      async hear(webm) {
        const began = performance.now();
        const heard = await call<SpeechToTextResponse>(storyfile.owner, url, {
          body: webm,
          headers: { 'content-type': 'audio/webm;codecs=opus' },
        });
        return { text: heard.text, ms: performance.now() - began };
      },
      async stop() {
        await running.stop();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await studio?.stop();
    await embedded?.stop();
    throw error;
  }
}
