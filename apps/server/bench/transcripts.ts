// Transcript drafts (issue 41): how long a draft of a one-minute answer takes on this machine, how
// many of its words are wrong, and how close re-timed cues start to the truth after an author fixes
// the words. The answers are spoken by espeak-ng (several voices) with known sentence times, in
// pink noise, and one is read by a person: five LibriVox sentences (public domain) that Debian's
// pocketsphinx-testdata ships with their transcription (`apt-get install pocketsphinx-testdata`;
// left out, with a line saying so, when it is not installed). Nothing is downloaded.
//
// It first times the save's re-timing of 2,500 and 5,000 captions (transcripts/saves.ts);
// `--saves-only` stops there.
//
//   npm run bench:transcripts [-- --voices en-us,en-gb --snr 20 --external http://127.0.0.1:8080]
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { alignEditedCues } from '../src/modules/transcripts/align.ts';
import { buildCues } from '../src/modules/transcripts/cues.ts';
import { createDictation } from '../src/modules/speech/dictation.ts';
import { readPcmWav, writePcmWav } from '../src/modules/speech/pauses.ts';
import { childCpuSeconds, fixed, median, wordEdits } from './speech/measures.ts';
import { mixNoise } from './speech/recordings.ts';
import { measureSaves } from './transcripts/saves.ts';
import { writeBenchResults } from './support.ts';

const run = promisify(execFile);
const RATE = 16_000;

/** A one-minute answer, as a person tells the story of their life. */
const ANSWER = [
  'I was born in a small town in Ohio, not far from the river.',
  'My father worked at the steel mill and my mother taught school.',
  'We did not have much money, but there were always books in the house.',
  'When I was twelve we moved to Chicago for my father’s new job.',
  'I hated it at first because I missed my friends and the open fields.',
  'In high school I found the debate team, and that changed everything.',
  'I learned to listen to the other side before I answered.',
  'After college I joined the Peace Corps and spent two years in Kenya.',
  'I taught mathematics to children who walked an hour to get to class.',
  'They taught me more than I ever taught them, about patience and hope.',
  'When I came home I went to law school and became a public defender.',
  'I still think that every person deserves someone who stands up for them.',
];

const { values } = parseArgs({
  options: {
    voices: { type: 'string', default: 'en-us,en-us+f3,en-gb' },
    snr: { type: 'string', default: '20' },
    external: { type: 'string' },
    'saves-only': { type: 'boolean', default: false },
  },
});
const voices = values.voices.split(',').filter(Boolean);
const snrDb = Number(values.snr);

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

const LIBRIVOX_DIR = '/usr/share/pocketsphinx/test/data/librivox';

interface Spoken {
  wavFile: string;
  seconds: number;
  sentences: { text: string; startMs: number }[];
}

/** Joins sentences (16 kHz mono samples) with pauses of 0.35–1.1 s; the truth is where each starts. */
function joinSentences(spoken: { text: string; samples: Int16Array }[]): {
  samples: Int16Array;
  sentences: Spoken['sentences'];
} {
  const pieces: Int16Array[] = [];
  const sentences: Spoken['sentences'] = [];
  let offset = Math.round(0.5 * RATE);
  pieces.push(new Int16Array(offset));
  for (const [index, { text, samples }] of spoken.entries()) {
    sentences.push({ text, startMs: Math.round((offset / RATE) * 1000) });
    pieces.push(samples);
    const pause = Math.round((0.35 + ((index * 7) % 8) / 10.5) * RATE);
    pieces.push(new Int16Array(pause));
    offset += samples.length + pause;
  }
  const all = new Int16Array(offset);
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return { samples: all, sentences };
}

/** The LibriVox reading Debian ships, its sentences joined like an answer (no noise added). */
async function readHumanAnswer(dir: string): Promise<Spoken & { texts: string[] }> {
  const lines = (await readFile(path.join(LIBRIVOX_DIR, 'transcription'), 'utf8'))
    .split('\n')
    .map((line) => /^<s> (.*) <\/s> \((.+)\)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null);
  const spoken = await Promise.all(
    lines.map(async ([, text, id]) => ({
      text: text!,
      samples: readPcmWav(await readFile(path.join(LIBRIVOX_DIR, `${id}.wav`))).samples,
    })),
  );
  const { samples, sentences } = joinSentences(spoken);
  const wavFile = path.join(dir, 'human.wav');
  await writeFile(wavFile, writePcmWav({ sampleRate: RATE, samples }));
  return { wavFile, seconds: samples.length / RATE, sentences, texts: spoken.map((s) => s.text) };
}

/** Each sentence spoken alone, then joined with pauses of 0.35–1.1 s, in pink noise at `snrDb`. */
async function speakAnswer(dir: string, voice: string): Promise<Spoken & { texts: string[] }> {
  const spoken: { text: string; samples: Int16Array }[] = [];
  for (const [index, text] of ANSWER.entries()) {
    const raw = path.join(dir, `s${index}.wav`);
    const wav = path.join(dir, `s${index}-16k.wav`);
    await run('espeak-ng', ['-v', voice, '-s', '160', '-w', raw, text]);
    // espeak's own silences are trimmed so the sentence starts where the truth says.
    await run('sox', [
      raw,
      '-r',
      String(RATE),
      '-c',
      '1',
      '-b',
      '16',
      wav,
      'silence',
      '1',
      '0.02',
      '0.5%',
      'reverse',
      'silence',
      '1',
      '0.02',
      '0.5%',
      'reverse',
    ]);
    spoken.push({ text, samples: readPcmWav(await readFile(wav)).samples });
  }
  const { samples: all, sentences } = joinSentences(spoken);
  const clean = path.join(dir, 'clean.wav');
  await writeFile(clean, writePcmWav({ sampleRate: RATE, samples: all }));
  const noisy = path.join(dir, `answer-${voice}.wav`);
  const seconds = all.length / RATE;
  await mixNoise(clean, noisy, { snrDb });
  return { wavFile: noisy, seconds, sentences, texts: ANSWER };
}

async function main() {
  const saves = measureSaves();
  console.log('A save re-timed with timing: align (median of 5, on the event loop):');
  console.table(saves);
  if (values['saves-only']) {
    console.log(`Figures written to ${writeBenchResults('transcript-saves', saves)}`);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'conversa-bench-transcripts-'));
  const engines = [
    {
      name: 'Whisper tiny.en (embedded)',
      config: { concurrency: undefined, external: undefined, recognizer: 'whisper' as const },
    },
    {
      name: 'pocketsphinx (embedded)',
      config: { concurrency: undefined, external: undefined, recognizer: 'pocketsphinx' as const },
    },
    ...(values.external
      ? [
          {
            name: `external (${values.external})`,
            config: {
              concurrency: undefined,
              external: {
                url: values.external,
                model: 'whisper-1',
                apiKey: undefined,
                timeoutSeconds: 60,
              },
            },
          },
        ]
      : []),
  ];
  const rows: Record<string, unknown>[] = [];
  try {
    for (const engine of engines) {
      const dictation = createDictation({ config: engine.config });
      const hasHuman = existsSync(path.join(LIBRIVOX_DIR, 'transcription'));
      if (!hasHuman) {
        console.log(
          `No human reading: ${LIBRIVOX_DIR} is missing (apt-get install pocketsphinx-testdata).`,
        );
      }
      for (const voice of [...(hasHuman ? ['human (LibriVox)'] : []), ...voices]) {
        const spoken = voice.startsWith('human')
          ? await readHumanAnswer(dir)
          : await speakAnswer(dir, voice);
        // pocketsphinx decodes in child processes, Whisper in this process's threads.
        const cpuBefore = childCpuSeconds();
        const ownCpuBefore = process.cpuUsage();
        const started = performance.now();
        const draft = await dictation.transcribeAnswer(spoken.wavFile, {
          signal: new AbortController().signal,
        });
        const wallSeconds = (performance.now() - started) / 1000;
        const ownCpu = process.cpuUsage(ownCpuBefore);
        const cpuSeconds = childCpuSeconds() - cpuBefore + (ownCpu.user + ownCpu.system) / 1e6;
        const reference = fold(spoken.texts.join(' '));
        const wer = wordEdits(reference, fold(draft.text)) / reference.length;
        // The author replaces the draft's words with the true sentences, one cue each, at times
        // of their own guessing (evenly over the answer); alignment re-times every cue.
        const guessStep = (spoken.seconds * 1000) / spoken.texts.length;
        const edited = spoken.texts.map((text, index) => ({
          text,
          startMs: Math.round(index * guessStep),
          endMs: Math.round((index + 1) * guessStep),
        }));
        const aligned = alignEditedCues(edited, buildCues(draft.words), draft.words);
        const startOffsets = aligned.map(
          (cue, index) => (cue.startMs - spoken.sentences[index]!.startMs) / 1000,
        );
        const startErrors = startOffsets.map(Math.abs);
        rows.push({
          engine: engine.name,
          voice,
          audioSeconds: Number(spoken.seconds.toFixed(1)),
          draftSeconds: Number(wallSeconds.toFixed(1)),
          cpuSeconds: Number(cpuSeconds.toFixed(1)),
          wer: Number(wer.toFixed(3)),
          alignedStartErrorMedianSeconds: Number(median(startErrors).toFixed(2)),
          alignedStartErrorMaxSeconds: Number(Math.max(...startErrors).toFixed(2)),
          // Signed: above 0, the cues start after the speech does.
          alignedStartOffsetMedianSeconds: Number(median(startOffsets).toFixed(2)),
        });
        console.log(
          `${engine.name} ${voice}: ${fixed(spoken.seconds, 1)} s of answer drafted in ${fixed(wallSeconds, 1)} s (${fixed(cpuSeconds, 1)} CPU s), WER ${fixed(wer, 3)}, aligned cue starts ${fixed(median(startErrors))} s from the truth (median; max ${fixed(Math.max(...startErrors))} s)`,
        );
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log('');
  console.table(rows);
  console.log(
    `Goals: a 1-minute answer drafted within 120 s on 2 cores; aligned cue starts within 0.3 s of the truth (median). Load average at the end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(
        ' ',
      )}. Speech: a person's reading (LibriVox, as recorded), espeak-ng voices ${voices.join(', ')} in pink noise at ${snrDb} dB SNR.`,
  );
  console.log(`Figures written to ${writeBenchResults('transcripts', rows)}`);
}

await main();
