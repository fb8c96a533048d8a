import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POCKETSPHINX_DEFAULTS, runPocketsphinx } from '../pocketsphinx.ts';
import { mixtureWeightsFile, parseSendump } from './mixture-weights.ts';
import { adaptToSpeaker, type CorrectedRecording } from './speaker-adaptation.ts';

// Real speech of one speaker: LJ Speech (public domain), benchmarks/speech/ljspeech-lj001.
const SPEAKER_DIR = fileURLToPath(
  new URL('../../../../../../benchmarks/speech/ljspeech-lj001/', import.meta.url),
);
const run = promisify(execFile);
let dir: string;
let recordings: CorrectedRecording[];
let later: string;

async function toWav(id: string): Promise<string> {
  const wavFile = path.join(dir, `${id}.wav`);
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-i', path.join(SPEAKER_DIR, `${id}.flac`)],
    ...['-ac', '1', '-ar', '16000', '-map_metadata', '-1', '-fflags', '+bitexact', wavFile],
  ]);
  return wavFile;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'conversa-adaptation-'));
  const truth = new Map(
    (await readFile(path.join(SPEAKER_DIR, 'transcripts.txt'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)]),
  );
  const ids = ['LJ001-0002', 'LJ001-0004', 'LJ001-0008', 'LJ001-0011', 'LJ001-0013'];
  recordings = await Promise.all(
    ids.map(async (id) => ({ id, wavFile: await toWav(id), text: truth.get(id)! })),
  );
  later = await toWav('LJ001-0029');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mixture weights from the en-us sendump', () => {
  it('writes every senone’s weights, each stream’s summing to about one', async () => {
    const sendump = parseSendump(
      await readFile(path.join(POCKETSPHINX_DEFAULTS.acousticModel, 'sendump')),
    );
    expect([sendump.features, sendump.codewords, sendump.senones]).toEqual([3, 128, 5126]);
    const file = mixtureWeightsFile(sendump);
    const start = file.indexOf('endhdr\n') + 'endhdr\n'.length;
    expect(file.readInt32LE(start)).toBe(0x11223344);
    expect([0, 1, 2, 3].map((index) => file.readUInt32LE(start + 4 + index * 4))).toEqual([
      5126,
      3,
      128,
      5126 * 3 * 128,
    ]);
    const weights = new Float32Array(
      file.buffer.slice(file.byteOffset + start + 20, file.byteOffset + file.length),
    );
    expect(weights).toHaveLength(5126 * 3 * 128);
    for (const row of [0, 1, 2, 7000, 5126 * 3 - 1]) {
      const sum = weights.slice(row * 128, row * 128 + 128).reduce((total, value) => total + value);
      expect(sum).toBeGreaterThan(0.85);
      expect(sum).toBeLessThan(1.01);
    }
  });
});

describe('adapting the recognizer to a speaker', () => {
  it('solves an MLLR transform from corrected recordings, and the decoder reads it', async () => {
    const adaptation = await adaptToSpeaker(recordings, {
      workDir: path.join(dir, 'mllr'),
      method: 'mllr',
    });
    expect(adaptation.recordings).toBe(5);
    expect(adaptation.acousticModel).toBe(POCKETSPHINX_DEFAULTS.acousticModel);
    // One class, three streams: a 39×39 transform's lines and its bias.
    const transform = await readFile(adaptation.mllrFile!, 'utf8');
    expect(transform.trim().split(/\s+/).length).toBeGreaterThan(3 * 13 * 14);
    const heard = await runPocketsphinx(
      later,
      {
        languageModel: POCKETSPHINX_DEFAULTS.generalLanguageModel,
        dictionary: POCKETSPHINX_DEFAULTS.dictionary,
      },
      { mllrFile: adaptation.mllrFile! },
    );
    // "But though on the whole, except in Italy, Gothic letter was most often used": a transform
    // gone wrong (a bad count, a wrong feature setting) leaves no word of it.
    expect(heard.text).toContain('except in italy');
    expect(heard.text).toContain('most often used');
  }, 240_000);

  it('writes a MAP copy of the model with the speaker’s means, leaving the base untouched', async () => {
    const adaptation = await adaptToSpeaker(recordings, {
      workDir: path.join(dir, 'map'),
      method: 'map',
    });
    expect(adaptation.mllrFile).toBeNull();
    expect(adaptation.acousticModel).toBe(path.join(dir, 'map', 'model'));
    const base = await readFile(path.join(POCKETSPHINX_DEFAULTS.acousticModel, 'means'));
    const adapted = await readFile(path.join(adaptation.acousticModel, 'means'));
    expect(adapted.length).toBe(base.length);
    expect(adapted.equals(base)).toBe(false);
    expect((await stat(path.join(adaptation.acousticModel, 'sendump'))).size).toBeGreaterThan(0);
  }, 240_000);

  it('leaves out a recording with no words and refuses when none is left', async () => {
    await expect(
      adaptToSpeaker([{ ...recordings[0]!, text: '' }], {
        workDir: path.join(dir, 'none'),
        method: 'mllr',
      }),
    ).rejects.toThrow('No corrected recording has words the recognizer can pronounce.');
  });
});
