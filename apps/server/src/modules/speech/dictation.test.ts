// An answer's draft keeps its words where they were said: captions are timed from it. Debian's
// espeak-ng and sox (which `npm test` installs) make the speech; pocketsphinx hears it.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TRANSCRIBE_NICENESS } from '../../../test/studio.ts';
import { DRAFT_HANG_MS } from '../../../test/transcript.fixtures.ts';
import { createDictation } from './dictation.ts';
import { readPcmWav, writePcmWav } from './pauses.ts';

const run = promisify(execFile);
const RATE = 16_000;
const PAUSE_SECONDS = 3;

let dir: string;

/** A sentence spoken by espeak-ng, as 16 kHz mono samples. */
async function speakSamples(text: string, name: string): Promise<Int16Array> {
  const raw = path.join(dir, `${name}-raw.wav`);
  const wav = path.join(dir, `${name}.wav`);
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
  await run('sox', [raw, '-r', String(RATE), '-c', '1', '-b', '16', wav]);
  return readPcmWav(await readFile(wav)).samples;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'conversa-dictation-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an answer drafted by the embedded recognizer', () => {
  it(
    'times the words after a pause from the start of the recording, pause included',
    async () => {
      const first = await speakSamples('I grew up on a farm in Iowa.', 'first');
      const second = await speakSamples('We had cows and a big red barn.', 'second');
      const samples = new Int16Array(first.length + PAUSE_SECONDS * RATE + second.length);
      samples.set(first, 0);
      const secondStartMs = ((first.length + PAUSE_SECONDS * RATE) / RATE) * 1000;
      samples.set(second, first.length + PAUSE_SECONDS * RATE);
      const file = path.join(dir, 'answer.wav');
      await writeFile(file, writePcmWav({ sampleRate: RATE, samples }));

      const draft = await createDictation({
        config: { concurrency: undefined, external: undefined },
        niceness: TEST_TRANSCRIBE_NICENESS,
      }).transcribeAnswer(file, { signal: new AbortController().signal });

      // The longest silence between two heard words is the pause, and the word after it starts
      // where the second sentence does (the decoder's own voice detector used to drop the silent
      // frames, and the second sentence read about 2.5 s early).
      const words = draft.words;
      expect(words.length).toBeGreaterThan(6);
      let gapAt = 1;
      for (let index = 1; index < words.length; index += 1) {
        const gap = words[index]!.startMs - words[index - 1]!.endMs;
        if (gap > words[gapAt]!.startMs - words[gapAt - 1]!.endMs) {
          gapAt = index;
        }
      }
      expect(words[gapAt]!.startMs - words[gapAt - 1]!.endMs).toBeGreaterThan(
        (PAUSE_SECONDS - 0.6) * 1000,
      );
      expect(Math.abs(words[gapAt]!.startMs - secondStartMs)).toBeLessThanOrEqual(400);
    },
    DRAFT_HANG_MS,
  );
});

describe('a recording with no speech in it (issue 52: a silent idle loop was drafted as "dog")', () => {
  /** Noise made by sox: 16 kHz mono, `effects` after the synth. */
  async function soxNoise(name: string, synth: string[]): Promise<string> {
    const file = path.join(dir, `${name}.wav`);
    await run('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', file, 'synth', ...synth]);
    return file;
  }

  it.each([
    ['a room rumble', ['8', 'brownnoise', 'vol', '0.01']],
    ['hiss', ['8', 'pinknoise', 'vol', '0.05']],
    // pocketsphinx read "thank" into this, at confidence 1, before the voice gate.
    ['crackle', ['8', 'whitenoise', 'vol', '0.3', 'tremolo', '3', '90']],
  ])(
    'gets no words from %s',
    async (name, synth) => {
      const file = await soxNoise(name.replace(/\s/g, '-'), synth);
      const draft = await createDictation({
        config: { concurrency: undefined, external: undefined },
        niceness: TEST_TRANSCRIBE_NICENESS,
      }).transcribeAnswer(file, { signal: new AbortController().signal });
      expect(draft.words).toEqual([]);
      expect(draft.text).toBe('');
    },
    DRAFT_HANG_MS,
  );
});
