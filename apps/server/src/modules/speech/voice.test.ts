import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPcmWav } from './pauses.ts';
import { hasVoice } from './voice.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'conversa-voice-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(file: string) {
  return readPcmWav(await readFile(file));
}

describe('whether a recording holds a voice', () => {
  it('hears espeak-ng speaking', async () => {
    const raw = path.join(dir, 'raw.wav');
    const wav = path.join(dir, 'speech.wav');
    await run('espeak-ng', ['-v', 'en-us', '-w', raw, 'I grew up in a small fishing village.']);
    await run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav]);
    expect(hasVoice(await read(wav))).toBe(true);
  });

  it.each([
    ['silence', ['4', 'sine', '440', 'vol', '0']],
    ['a room rumble', ['4', 'brownnoise', 'vol', '0.01']],
    ['hiss', ['4', 'pinknoise', 'vol', '0.05']],
    ['crackle', ['4', 'whitenoise', 'vol', '0.3', 'tremolo', '3', '90']],
  ])('hears none in %s', async (name, synth) => {
    const file = path.join(dir, `${name.replace(/\s/g, '-')}.wav`);
    await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file, 'synth', ...synth]);
    expect(hasVoice(await read(file))).toBe(false);
  });

  // Issue 52: a clip with a tone was sent to the recognizer, which read a word into it now and
  // then. A tone is as periodic as a vowel, at one pitch throughout.
  it.each([
    ['a 440 Hz test tone', ['4', 'sine', '440']],
    ['a 1 kHz test tone', ['4', 'sine', '1000']],
    ['a 200 Hz hum', ['4', 'sine', '200', 'vol', '0.3']],
    ['a square-wave beep', ['4', 'square', '300', 'vol', '0.3']],
  ])('hears none in %s', async (name, synth) => {
    const file = path.join(dir, `${name.replace(/\s/g, '-')}.wav`);
    await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file, 'synth', ...synth]);
    expect(hasVoice(await read(file))).toBe(false);
  });

  it('hears a voice after a tone', async () => {
    const raw = path.join(dir, 'raw-after.wav');
    const speech = path.join(dir, 'speech-after.wav');
    const tone = path.join(dir, 'tone-before.wav');
    const both = path.join(dir, 'tone-then-speech.wav');
    await run('espeak-ng', ['-v', 'en-us', '-w', raw, 'Thank you so much.']);
    await run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', speech]);
    await run('sox', [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      tone,
      'synth',
      '2',
      'sine',
      '440',
    ]);
    await run('sox', [tone, speech, both]);
    expect(hasVoice(await read(both))).toBe(true);
  });
});
