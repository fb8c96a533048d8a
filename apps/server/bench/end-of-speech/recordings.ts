// bench:end-of-speech's data (bench/end-of-speech.ts): a person's readings and espeak-ng's
// questions, padded and noised per condition, as 16 kHz samples.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mixNoise, run, WORDS_PER_MINUTE } from '../speech/recordings.ts';
import { LEAD_SECONDS, PERSON_DIRS, TRAIL_SECONDS, SENTENCES, type CONDITIONS } from './options.ts';

export async function readSamples(file: string): Promise<Float32Array> {
  const out = `${file}.f32`;
  await run('sox', [file, '-r', '16000', '-c', '1', '-t', 'f32', '-e', 'floating-point', out]);
  const raw = await readFile(out);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
}

export interface Recording {
  label: string;
  samples: Float32Array;
  /** The end of the last word (espeak's trimmed length), or null for a person's recording. */
  speechEndMs: number | null;
  /** What was said (espeak-ng's), or null. */
  sentence: string | null;
}

/** A condition's recordings: a person's as recorded (trail padded), or espeak-ng's, padded and noised. */
export async function makeRecordings(
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
