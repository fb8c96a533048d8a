// Test speech made at test time: espeak-ng says a sentence, ffmpeg encodes it as MediaRecorder
// would (WebM/Opus, Ogg/Opus) or keeps it WAV. Nothing is downloaded; Debian's espeak-ng and
// ffmpeg are installed by `npm test`.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type RecordingFormat = 'webm' | 'ogg' | 'wav';

export interface SpeakOptions {
  /** espeak-ng voice, e.g. `en-us`, `en-us+f3`, `en-gb`. */
  voice?: string;
  /** Words a minute (espeak's default 175). */
  wordsPerMinute?: number;
  format?: RecordingFormat;
  /** Silence before and after, seconds (a person presses, then speaks). */
  padSeconds?: number;
}

const ENCODERS: Record<RecordingFormat, string[]> = {
  webm: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm'],
  ogg: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'],
  wav: ['-c:a', 'pcm_s16le', '-ar', '48000', '-f', 'wav'],
};

/** A sentence spoken by espeak-ng, as a recording a browser could send. */
export async function speak(text: string, options: SpeakOptions = {}): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'conversa-speak-'));
  try {
    const spoken = path.join(dir, 'spoken.wav');
    await run('espeak-ng', [
      '-v',
      options.voice ?? 'en-us',
      '-s',
      String(options.wordsPerMinute ?? 175),
      '-w',
      spoken,
      text,
    ]);
    const pad = options.padSeconds ?? 0.3;
    const format = options.format ?? 'webm';
    const out = path.join(dir, `recording.${format}`);
    await run('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      spoken,
      '-af',
      `adelay=${Math.round(pad * 1000)}:all=1,apad=pad_dur=${pad}`,
      ...ENCODERS[format],
      '-y',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A tone of the given length (longer than a question may be), as WAV. */
export async function makeTone(seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'conversa-tone-'));
  try {
    const out = path.join(dir, 'tone.wav');
    await run('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}:sample_rate=16000`,
      '-y',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Noise and no words, as WebM/Opus: white noise in the voice's band pulsing at a syllable rate
 * (a room's babble, a hand on the microphone), which a recognizer hears as a word or two.
 */
export async function makeNoise(seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'conversa-noise-'));
  try {
    const out = path.join(dir, 'noise.webm');
    await run('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=white:amplitude=0.5:duration=${seconds}:sample_rate=48000:seed=7`,
      '-af',
      'tremolo=f=4:d=1,lowpass=f=2500,highpass=f=200',
      ...ENCODERS.webm,
      '-y',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
