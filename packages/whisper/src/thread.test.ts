import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWhisperModel, whisperModelDir } from './model.ts';
import { recognize } from './recognize.ts';
import { say } from './speech.fixtures.ts';
import { startWhisperThread } from './thread.ts';
import { promisify } from 'node:util';

let work: string;
let samples: Float32Array;

/** The nice value of each of this process's threads (Linux: /proc/self/task). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[16]);
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'whisper-thread-'));
  samples = await say(work, 'Tell me about your family.', { padSeconds: 0 });
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('a Whisper model in a worker thread', () => {
  it('hears as the model does in the calling thread, at the priority it was given', async () => {
    const model = await loadWhisperModel(whisperModelDir('tiny.en'));
    const here = await recognize(model, samples, { prompt: 'family' });
    await Promise.all([model.encoder.release(), model.decoder.release()]);
    const before = threadNiceness().filter((nice) => nice === 19).length;

    const thread = startWhisperThread({ modelDir: whisperModelDir('tiny.en'), niceness: 19 });
    try {
      await thread.ready;
      // The worker and the threads onnxruntime started from it run at the lowest priority.
      expect(threadNiceness().filter((nice) => nice === 19).length).toBeGreaterThan(before);
      const there = await thread.recognize(samples, { prompt: 'family' });
      expect(there.text).toBe(here.text);
      expect(there.readings).toEqual(here.readings);
      expect(there.words).toEqual(here.words);
    } finally {
      await thread.close();
    }
  });

  it('cancels a recording when its signal aborts, and fails every request once closed', async () => {
    const thread = startWhisperThread({ modelDir: whisperModelDir('tiny.en') });
    const controller = new AbortController();
    const first = thread.recognize(samples, { signal: controller.signal });
    const second = thread.recognize(samples);
    controller.abort(new Error('The visitor spoke again.'));

    await expect(first).rejects.toThrow('The visitor spoke again.');
    expect((await second).text).not.toBe('');
    await thread.close();
    await expect(thread.recognize(samples)).rejects.toThrow('The Whisper thread was closed.');
  });

  it('rejects its readiness when the model cannot be loaded', async () => {
    const thread = startWhisperThread({ modelDir: path.join(work, 'no-model-here') });

    await expect(thread.ready).rejects.toThrow('The Whisper model could not be loaded');
    await expect(thread.recognize(samples)).rejects.toThrow('could not be loaded');
    await thread.close();
  });
});

describe("onnxruntime's telemetry", () => {
  it('is off: a process that hears with Whisper leaves no device id or event cache in its home', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'whisper-home-'));
    try {
      const script = path.join(home, 'hear.mts');
      const thread = JSON.stringify(path.join(import.meta.dirname, 'thread.ts'));
      const model = JSON.stringify(path.join(import.meta.dirname, 'model.ts'));
      await writeFile(
        script,
        [
          `import { startWhisperThread } from ${thread};`,
          `import { whisperModelDir } from ${model};`,
          "const thread = startWhisperThread({ modelDir: whisperModelDir('tiny.en') });",
          'console.log(await thread.ready > 0);',
          'await thread.close();',
        ].join('\n'),
      );
      // No CI variable in its environment: onnxruntime stays quiet by itself where it sees one.
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        env: { PATH: process.env.PATH, HOME: home },
      });
      expect(stdout.trim()).toBe('true');
      expect(existsSync(path.join(home, '.cache', 'Microsoft'))).toBe(false);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
