import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speak } from '../../../test/speech.fixtures.ts';
import { convertToSpeechWav } from './audio.ts';
import { createEmbeddedEngine } from './embedded-engine.ts';
import { runPocketsphinx, type DecoderModel } from './pocketsphinx.ts';
import { createWarmDecoders, WARM_WAV_HEADER_BYTES } from './warm-decoder.ts';

const run = promisify(execFile);

/** This process's pocketsphinx_batch children reading a warm decoder's control pipe. */
async function warmDecoderProcesses(): Promise<number> {
  const { stdout } = await run('ps', ['-o', 'args=', '--ppid', String(process.pid)]);
  return stdout.split('\n').filter((line) => line.includes('conversa-decoder-')).length;
}

async function decoderFolders(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('conversa-decoder-'));
}

describe('warm decoders (pocketsphinx_batch waiting on its control pipe)', () => {
  let dir: string;
  let model: DecoderModel;
  const wavs: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'conversa-warm-test-'));
    model = await createEmbeddedEngine({ modelsDir: path.join(dir, 'models') }).getModel({
      storyfileId: 'warm',
      phrasings: ['where were you born', 'what was your first job', 'tell me about your family'],
      terms: [],
    });
    const signal = new AbortController().signal;
    for (const [index, text] of ['Where were you born?', 'What was your first job?'].entries()) {
      const recordingDir = path.join(dir, String(index));
      await run('mkdir', [recordingDir]);
      const recording = path.join(recordingDir, 'recording');
      await writeFile(recording, await speak(text));
      wavs.push((await convertToSpeechWav('ffmpeg', recording, recordingDir, signal)).wavFile);
    }
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('hears one recording after another with models loaded once, exactly as a fresh decoder does', async () => {
    const decoders = createWarmDecoders({ limit: 2 });
    try {
      await decoders.prepare(model);
      expect(await warmDecoderProcesses()).toBe(1);
      const first = await decoders.decode(model, wavs[0]!);
      const second = await decoders.decode(model, wavs[1]!);
      const again = await decoders.decode(model, wavs[0]!);
      // The decoder prepared while the recording was converted is the one that decodes.
      expect([first, second, again].map((heard) => heard.timing.isCold)).toEqual([
        false,
        false,
        false,
      ]);
      expect(await warmDecoderProcesses()).toBe(1);
      expect(first.text).toBe('where were you born');
      expect(second.text).not.toBe(first.text);
      // Readings, their shares of the n-best list and the words' times and posteriors: the same
      // as one pocketsphinx_batch started for the recording alone.
      for (const [index, heard] of [first, second].entries()) {
        const { timing: _fresh, ...fresh } = await runPocketsphinx(wavs[index]!, model);
        const { timing: _warm, ...warm } = heard;
        expect(warm).toEqual(fresh);
        expect(warm.alternatives.length).toBeGreaterThan(1);
      }
      const { timing: _again, ...repeated } = again;
      const { timing: _first, ...firstHeard } = first;
      expect(repeated).toEqual(firstHeard);
    } finally {
      await decoders.close();
    }
    expect(await warmDecoderProcesses()).toBe(0);
  }, 120_000);

  it('a recording it cannot read fails alone; the decoder hears the next; an abort ends it', async () => {
    const decoders = createWarmDecoders({ limit: 1 });
    try {
      await expect(decoders.decode(model, path.join(dir, 'missing.wav'))).rejects.toThrow(
        /could not decode/,
      );
      const next = await decoders.decode(model, wavs[0]!);
      expect(next.text).toBe('where were you born');
      expect(next.timing.isCold).toBe(false);
      const controller = new AbortController();
      const aborted = decoders.decode(model, wavs[1]!, controller.signal);
      controller.abort(new Error('the visitor left'));
      await expect(aborted).rejects.toThrow();
      // A new decoder takes the aborted one's place.
      const after = await decoders.decode(model, wavs[1]!);
      expect(after.text).toBe((await runPocketsphinx(wavs[1]!, model)).text);
      expect(after.timing.isCold).toBe(true);
    } finally {
      await decoders.close();
    }
    expect(await warmDecoderProcesses()).toBe(0);
  }, 120_000);

  it('hears a recording of no words after one of words, and words again after it', async () => {
    // A quarter of a second of near silence, as a stream's first decode may be.
    const silence = path.join(dir, 'silence.wav');
    await run('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=color=white:amplitude=0.0005:duration=0.25:sample_rate=16000:seed=3',
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      '-fflags',
      '+bitexact',
      '-map_metadata',
      '-1',
      '-y',
      silence,
    ]);
    const decoders = createWarmDecoders({ limit: 1 });
    try {
      expect((await decoders.decode(model, wavs[0]!)).text).toBe('where were you born');
      expect(await decoders.decode(model, silence)).toMatchObject({ text: '', confidence: null });
      expect((await decoders.decode(model, wavs[1]!)).text).toBe(
        (await runPocketsphinx(wavs[1]!, model)).text,
      );
    } finally {
      await decoders.close();
    }
  }, 120_000);

  it('closing while a decoder is still starting ends that one too, and leaves no folder', async () => {
    const before = await decoderFolders();
    const decoders = createWarmDecoders({ limit: 2 });
    // A stream's prepare racing the studio's stop (issue 42, item 3).
    const preparing = decoders.prepare(model).catch(() => undefined);
    await decoders.close();
    await preparing;
    expect(await warmDecoderProcesses()).toBe(0);
    expect((await decoderFolders()).filter((name) => !before.includes(name))).toEqual([]);
  }, 60_000);

  it("the gateway's conversion writes the plain header a warm decoder skips", async () => {
    const header = await readFile(wavs[0]!);
    // RIFF, fmt, then the samples: no LIST chunk naming the encoder between them.
    expect(header.toString('ascii', 36, 40)).toBe('data');
    expect(WARM_WAV_HEADER_BYTES).toBe(44);
  });
});
