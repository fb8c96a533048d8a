// The browser's end of speech (issue 42, item 3), measured off-line: a person reading (the LibriVox
// sentences and spoken card names Debian's pocketsphinx-testdata ships, if installed), and the files
// the speech bench makes: espeak-ng questions with pauses inside them (commas, two clauses), in
// quiet, pink noise at 20 dB and brown noise at 15 dB. Each is run through the same Silero VAD v5 model and
// onnxruntime-web the browser loads, 512 samples at a time, and through apps/web's endpointer.
// Prints the longest pause the VAD hears inside a question (what the hangover must exceed), the
// time from the last word to the question's end with the VAD and with the level rule it replaces,
// and the VAD's CPU per frame. Not a test: `npm run bench:end-of-speech`.
//
// With `--recognize` it also times the studio's recognition after the end (issue 42, item 3),
// for every third espeak-ng recording in quiet and in pink noise: a studio (its own embedded
// PostgreSQL, port BENCH_POSTGRES_PORT or 54377, or DATABASE_URL) with the Life Story template's
// storyfile hears, one at a time, the recording as the hook sends it without speculation (all of
// it up to the VAD's end, WebM/Opus) and with it (the part up to where the last pause began, sent
// then). Prints the last word → recognized text both ways, side by side, with the load average.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { SpeechToTextResponse } from '@conversa/contracts';
import * as ort from 'onnxruntime-web';
import {
  END_OF_SPEECH_HANGOVER_MS,
  NON_SPEECH_PROBABILITY,
  SPEECH_PROBABILITY,
  SpeechEndpointer,
} from '../../web/src/lib/recorded-speech.ts';
import type { EmbeddedDatabase } from '../src/db/embedded.ts';
import { LIFE_STORY_TEMPLATE } from '../src/modules/library/templates/life-story.ts';
import type { RunningStudio } from '../src/server.ts';
import { splitIntoWords } from '../src/modules/speech/language-model.ts';
import { call, wordEdits } from './speech/measures.ts';
import { mixNoise, run, UNSEEN_VOICES, VOICES, WORDS_PER_MINUTE } from './speech/recordings.ts';
import { prepareBenchDatabase, seedPublishedStoryfile, startBenchStudio } from './support.ts';

const { values: args } = parseArgs({ options: { recognize: { type: 'boolean', default: false } } });
/** The conditions whose recordings are recognized with --recognize, every `RECOGNIZE_EVERY`th. */
const RECOGNIZED_CONDITIONS = new Set(['quiet', 'pink noise, 20 dB']);
const RECOGNIZE_EVERY = 3;

const require = createRequire(import.meta.url);
const SAMPLE_RATE = 16_000;
const FRAME_SAMPLES = 512;
const CONTEXT_SAMPLES = 64;
const FRAME_MS = (FRAME_SAMPLES / SAMPLE_RATE) * 1000;
/** The level rule's window: the hook reads 1,024 samples every 50 ms. */
const LEVEL_STEP_MS = 50;
const LEAD_SECONDS = 0.5;
/** A person's readings, as recorded (16 kHz): `apt-get install pocketsphinx-testdata`. */
const PERSON_DIRS = ['librivox', 'cards'].map((name) =>
  path.join('/usr/share/pocketsphinx/test/data', name),
);
const TRAIL_SECONDS = 2.5;

/** Questions a visitor might ask with a pause inside: commas, a lead-in, two clauses. */
const SENTENCES = [
  'Where did you grow up?',
  'Tell me, when you were a child, where did you live?',
  'I wanted to ask you something. What was your first job?',
  'So, what do you remember about your grandparents?',
  'If you could go back, would you change anything, and why?',
  'What was it like, living through the war?',
];

const CONDITIONS = [
  { name: 'a person reading (LibriVox, cards)', noise: 'person', voices: [] },
  { name: 'quiet', noise: undefined, voices: VOICES },
  { name: 'pink noise, 20 dB', noise: { noise: 'pinknoise', snrDb: 20 }, voices: VOICES },
  { name: 'brown noise, 15 dB', noise: { noise: 'brownnoise', snrDb: 15 }, voices: UNSEEN_VOICES },
] as const;

async function loadSilero(): Promise<ort.InferenceSession> {
  const vadDist = path.dirname(require.resolve('@ricky0123/vad-web'));
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  return ort.InferenceSession.create(await readFile(path.join(vadDist, 'silero_vad_v5.onnx')));
}

/** Silero v5's speech probability for each 32 ms frame, as vad-web computes it; and ms per frame. */
async function speechProbabilities(
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
function lastSpeechEndMs(probabilities: number[]): number {
  let last = -1;
  for (const [frame, probability] of probabilities.entries()) {
    if (probability >= SPEECH_PROBABILITY) {
      last = frame;
    }
  }
  return (last + 1) * FRAME_MS;
}

async function readSamples(file: string): Promise<Float32Array> {
  const out = `${file}.f32`;
  await run('sox', [file, '-r', '16000', '-c', '1', '-t', 'f32', '-e', 'floating-point', out]);
  const raw = await readFile(out);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
}

interface Recording {
  label: string;
  samples: Float32Array;
  /** The end of the last word (espeak's trimmed length), or null for a person's recording. */
  speechEndMs: number | null;
  /** What was said (espeak-ng's), or null. */
  sentence: string | null;
}

/** A condition's recordings: a person's as recorded (trail padded), or espeak-ng's, padded and noised. */
async function makeRecordings(
  condition: (typeof CONDITIONS)[number],
  workRoot: string,
): Promise<Recording[]> {
  const recordings: Recording[] = [];
  const file = (name: string) => path.join(workRoot, `${recordings.length}-${name}`);
  if (condition.noise === 'person') {
    for (const dir of PERSON_DIRS.filter((candidate) => existsSync(candidate))) {
      for (const name of (await readdir(dir)).filter((entry) => entry.endsWith('.wav')).sort()) {
        await run('sox', [
          path.join(dir, name),
          file('padded.wav'),
          'pad',
          '0',
          String(TRAIL_SECONDS),
        ]);
        recordings.push({
          label: `${path.basename(dir)}/${name}`,
          samples: await readSamples(file('padded.wav')),
          speechEndMs: null,
          sentence: null,
        });
      }
    }
    return recordings;
  }
  for (const sentence of SENTENCES) {
    for (const voice of condition.voices) {
      for (const wordsPerMinute of WORDS_PER_MINUTE) {
        await run('espeak-ng', [
          ...['-v', voice, '-s', String(wordsPerMinute), '-w', file('raw.wav')],
          sentence,
        ]);
        await run('sox', [
          ...[file('raw.wav'), '-r', '16000', '-c', '1', '-b', '16', file('speech.wav')],
          ...['silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%'],
          ...['reverse', 'gain', '-n', '-6'],
        ]);
        const { stdout } = await run('soxi', ['-D', file('speech.wav')]);
        await run('sox', [
          ...[file('speech.wav'), file('padded.wav'), 'pad'],
          ...[String(LEAD_SECONDS), String(TRAIL_SECONDS)],
        ]);
        let heard = file('padded.wav');
        if (condition.noise) {
          await mixNoise(heard, file('noisy.wav'), condition.noise);
          heard = file('noisy.wav');
        }
        recordings.push({
          label: `"${sentence}", ${voice} at ${wordsPerMinute} wpm`,
          samples: await readSamples(heard),
          speechEndMs: (LEAD_SECONDS + Number(stdout.trim())) * 1000,
          sentence,
        });
      }
    }
  }
  return recordings;
}

/** The longest non-speech run (the endpointer's hysteresis) between the first and last speech. */
function longestInnerPauseMs(probabilities: number[]): number {
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
function speculatedAtMs(probabilities: number[]): number | null {
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

/** The first `ms` of 16 kHz samples encoded as Chromium's MediaRecorder sends them (WebM/Opus). */
async function encodeWebm(samples: Float32Array, ms: number, file: string): Promise<Buffer> {
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

interface Recognizer {
  /** Recognizes one recording through the studio's gateway: its words and wall time, ms. */
  hear(webm: Buffer): Promise<{ text: string; ms: number }>;
  stop(): Promise<void>;
}

async function startRecognizer(): Promise<Recognizer> {
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

/** When the endpointer ends the question (ms from the start), or null if it did not. */
function endedAtMs(push: (endpointer: SpeechEndpointer) => Iterable<number>): number | null {
  const endpointer = new SpeechEndpointer();
  for (const atMs of push(endpointer)) {
    if (endpointer.endOfSpeech) {
      return atMs;
    }
  }
  return null;
}

function levelsOf(samples: Float32Array): number[] {
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

async function main(): Promise<void> {
  console.log(
    `End of speech: a person's readings, then ${SENTENCES.length} questions × 3 voices × ${WORDS_PER_MINUTE.length} rates per condition; Silero VAD v5 (onnxruntime-web ${ort.env.versions.web}, WebAssembly, 1 thread); speech from ${SPEECH_PROBABILITY}, non-speech under ${NON_SPEECH_PROBABILITY}, hangover ${END_OF_SPEECH_HANGOVER_MS} ms`,
  );
  console.log(
    `Load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} (${availableParallelism()} cores)`,
  );
  const session = await loadSilero();
  const workRoot = await mkdtemp(path.join(tmpdir(), 'conversa-bench-end-of-speech-'));
  const allFrameMs: number[] = [];
  let recognizer: Recognizer | undefined;
  try {
    if (args.recognize) {
      console.log('Preparing the database and the studio (--recognize)');
      recognizer = await startRecognizer();
    }
    for (const condition of CONDITIONS) {
      const recordings = await makeRecordings(condition, workRoot);
      if (recordings.length === 0) {
        console.log(`\n${condition.name}: none (apt-get install pocketsphinx-testdata)`);
        continue;
      }
      const innerPauses: { ms: number; label: string }[] = [];
      const vadDelays: number[] = [];
      const levelDelays: number[] = [];
      let cut = 0;
      let vadNeverEnded = 0;
      let levelNeverEnded = 0;
      const recognized: {
        whole: number;
        speculative: number;
        sameWords: boolean;
        spokeAgain: boolean;
        words: number;
        wholeEdits: number;
        speculativeEdits: number;
      }[] = [];
      const isRecognized = recognizer !== undefined && RECOGNIZED_CONDITIONS.has(condition.name);
      if (isRecognized) {
        // The storyfile's language model is built on its first recording: built before timing.
        await recognizer!.hear(
          await encodeWebm(recordings[0]!.samples, 2_000, path.join(workRoot, 'warm.webm')),
        );
      }
      for (const [index, recording] of recordings.entries()) {
        const { probabilities, msPerFrame } = await speechProbabilities(session, recording.samples);
        allFrameMs.push(...msPerFrame);
        innerPauses.push({ ms: longestInnerPauseMs(probabilities), label: recording.label });
        const lastSpeechMs = lastSpeechEndMs(probabilities);
        const speechEndMs = recording.speechEndMs ?? lastSpeechMs;
        const vadEnd = endedAtMs(function* (endpointer) {
          endpointer.useVoiceActivity();
          for (const [frame, probability] of probabilities.entries()) {
            endpointer.pushSpeechProbability(probability, FRAME_MS);
            yield (frame + 1) * FRAME_MS;
          }
        });
        const levelEnd = endedAtMs(function* (endpointer) {
          for (const [step, level] of levelsOf(recording.samples).entries()) {
            endpointer.pushLevel(level, LEVEL_STEP_MS);
            yield (step + 1) * LEVEL_STEP_MS;
          }
        });
        if (vadEnd === null) {
          vadNeverEnded += 1;
        } else if (vadEnd < Math.min(speechEndMs, lastSpeechMs)) {
          cut += 1;
        } else {
          vadDelays.push(vadEnd - speechEndMs);
        }
        if (levelEnd === null) {
          levelNeverEnded += 1;
        } else {
          levelDelays.push(levelEnd - speechEndMs);
        }
        if (isRecognized && vadEnd !== null && index % RECOGNIZE_EVERY === 0) {
          const speculatedAt = speculatedAtMs(probabilities);
          const file = (name: string) => path.join(workRoot, `${index}-${name}.webm`);
          // One at a time, each on its own: the whole recording the hook sends without
          // speculation at the VAD's end, and the part it sends when the last pause began.
          const whole = await recognizer!.hear(
            await encodeWebm(recording.samples, vadEnd, file('whole')),
          );
          const part =
            speculatedAt === null
              ? null
              : await recognizer!.hear(
                  await encodeWebm(recording.samples, speculatedAt, file('part')),
                );
          const reference = splitIntoWords(recording.sentence ?? '');
          const edits = (text: string) => wordEdits(reference, splitIntoWords(text));
          recognized.push({
            words: reference.length,
            wholeEdits: edits(whole.text),
            speculativeEdits: edits((part ?? whole).text),
            whole: vadEnd - speechEndMs + whole.ms,
            // Awaited at the end if still in flight; without one, the whole recording at the end.
            speculative:
              part === null
                ? vadEnd - speechEndMs + whole.ms
                : Math.max(vadEnd, speculatedAt! + part.ms) - speechEndMs,
            sameWords: part === null || part.text === whole.text,
            spokeAgain: part === null,
          });
        }
      }
      const longest = innerPauses.reduce((a, b) => (b.ms > a.ms ? b : a));
      const voices = condition.voices.length > 0 ? ` (${condition.voices.join(', ')})` : '';
      console.log(`\n${condition.name}${voices}, ${recordings.length} recordings:`);
      console.log(
        `  longest pause the VAD hears inside one: ${Math.round(longest.ms)} ms (${longest.label}); median of each one's longest ${Math.round(median(innerPauses.map((entry) => entry.ms)))} ms`,
      );
      console.log(
        `  cut before the last word with a ${END_OF_SPEECH_HANGOVER_MS} ms hangover: ${cut}; not ended within the recording: ${vadNeverEnded}`,
      );
      console.log(
        `  last word → question ended: VAD median ${Math.round(median(vadDelays))} ms (max ${Math.round(Math.max(...vadDelays))}); level rule median ${Math.round(median(levelDelays))} ms (not ended: ${levelNeverEnded})`,
      );
      if (recognized.length > 0) {
        const whole = recognized.map((entry) => entry.whole);
        const speculative = recognized.map((entry) => entry.speculative);
        console.log(
          `  last word → recognized text (${recognized.length} recordings, one at a time; load average ${loadavg()
            .map((value) => value.toFixed(2))
            .join(', ')}):`,
        );
        console.log(
          `    without speculation (whole recording sent at the VAD's end): median ${Math.round(median(whole))} ms (max ${Math.round(Math.max(...whole))})`,
        );
        console.log(
          `    with speculation (sent when the last pause began):          median ${Math.round(median(speculative))} ms (max ${Math.round(Math.max(...speculative))}); same words as the whole: ${recognized.filter((entry) => entry.sameWords).length} of ${recognized.length}; no speculation to use: ${recognized.filter((entry) => entry.spokeAgain).length}`,
        );
        const words = recognized.reduce((total, entry) => total + entry.words, 0);
        const rate = (key: 'wholeEdits' | 'speculativeEdits') =>
          (recognized.reduce((total, entry) => total + entry[key], 0) / words).toFixed(2);
        console.log(
          `    word error rate: whole ${rate('wholeEdits')}, speculative ${rate('speculativeEdits')} (${words} words)`,
        );
      }
    }
    console.log(
      `\nVAD CPU: median ${median(allFrameMs).toFixed(2)} ms per ${FRAME_MS} ms frame (${((median(allFrameMs) / FRAME_MS) * 100).toFixed(1)}% of one core), ${allFrameMs.length} frames; load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await recognizer?.stop();
    await rm(workRoot, { recursive: true, force: true });
    await session.release();
  }
}

await main();
