// Test audio made at test time with Debian's espeak-ng and sox (which `npm test` installs):
// 16 kHz mono samples, -1..1, as the recognizer takes them.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function readSamples(wavFile: string): Promise<Float32Array> {
  const bytes = await readFile(wavFile);
  // sox writes a plain 44-byte header.
  const pcm = new Int16Array(bytes.buffer, bytes.byteOffset + 44, (bytes.length - 44) / 2);
  return Float32Array.from(pcm, (sample) => sample / 32_768);
}

/** A sentence said by espeak-ng at 145 words a minute, with `padSeconds` of silence before. */
export async function say(
  work: string,
  text: string,
  options: { voice?: string; padSeconds?: number } = {},
): Promise<Float32Array> {
  const spoken = path.join(work, 'spoken.wav');
  const padded = path.join(work, 'padded.wav');
  await run('espeak-ng', ['-v', options.voice ?? 'en-us', '-s', '145', '-w', spoken, text]);
  const pad = String(options.padSeconds ?? 0.3);
  await run('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', padded, 'pad', pad, '0.3']);
  return readSamples(padded);
}

/** Pink noise, no voice in it. */
export async function pinkNoise(work: string, seconds: number): Promise<Float32Array> {
  const noise = path.join(work, 'noise.wav');
  const format = ['-r', '16000', '-c', '1', '-b', '16'];
  await run('sox', ['-n', ...format, noise, 'synth', String(seconds), 'pinknoise', 'vol', '0.1']);
  return readSamples(noise);
}
