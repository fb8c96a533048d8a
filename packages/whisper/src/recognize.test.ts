import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWhisperModel, type WhisperModel, whisperModelDir } from './model.ts';
import { questionTokenCap } from './reading-on.ts';
import { recognize, SAMPLE_RATE } from './recognize.ts';
import { pinkNoise, say } from './speech.fixtures.ts';

let model: WhisperModel;
let work: string;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'whisper-test-'));
  model = await loadWhisperModel(whisperModelDir('tiny.en'));
});

afterAll(async () => {
  await Promise.all([model?.encoder.release(), model?.decoder.release()]);
  await rm(work, { recursive: true, force: true });
});

describe('Whisper tiny.en, as converted to ONNX and run by onnxruntime-node', () => {
  it('hears a question, with its readings best first and every word timed in order', async () => {
    const samples = await say(work, 'Where were you born, and what was your house like?', {
      padSeconds: 1,
    });
    const heard = await recognize(model, samples);

    expect(wordsOf(heard.text)).toEqual(
      wordsOf('Where were you born and what was your house like'),
    );
    expect(heard.readings[0]!.text).toBe(heard.text);
    expect(heard.readings.length).toBeLessThanOrEqual(5);
    const shares = heard.readings.reduce((sum, reading) => sum + reading.share, 0);
    expect(shares).toBeCloseTo(1, 6);
    expect(heard.confidence).toBeGreaterThan(0.5);
    expect(heard.confidence).toBeLessThanOrEqual(1);
    // The words are the text's, each after the one before, within the recording.
    expect(heard.words.map((word) => word.text).join(' ')).toBe(heard.text);
    const durationMs = (samples.length / SAMPLE_RATE) * 1000;
    for (const [index, word] of heard.words.entries()) {
      expect(word.endMs).toBeGreaterThanOrEqual(word.startMs);
      expect(word.endMs).toBeLessThanOrEqual(durationMs);
      expect(word.startMs).toBeGreaterThanOrEqual(heard.words[index - 1]?.startMs ?? 0);
      expect(word.probability).toBeGreaterThan(0);
      expect(word.probability).toBeLessThanOrEqual(1);
    }
    // One second of silence comes first: the first word is timed after it, not at 0.
    expect(heard.words[0]!.startMs).toBeGreaterThanOrEqual(700);
    expect(heard.words[0]!.startMs).toBeLessThanOrEqual(1_300);
  });

  it('hears a name it cannot spell when the prompt names it', async () => {
    const samples = await say(work, 'My aunt Ngozi Okonjo taught me to read.');

    const unprompted = await recognize(model, samples);
    const prompted = await recognize(model, samples, { prompt: 'Ngozi Okonjo.' });

    expect(unprompted.text).not.toContain('Okonjo');
    expect(prompted.text).toContain('Ngozi Okonjo');
  });

  it('hears a script question in a fitted window once, ended at its question mark', async () => {
    // The storyfile's script as the prompt: in a window fitted to the question, Whisper said it
    // again and again ("What did you do for a living? What did you do for a living? …") until its
    // reading was heard again in a full window.
    const script =
      'Did you have brothers or sisters? How did you meet your partner? Tell me about your ' +
      'parents. What did you do for a living? What games did you play as a child? What is your ' +
      'earliest memory? Where did you grow up? Who was your hero when you were young?';
    const samples = await say(work, 'What did you do for a living?');
    const heard = await recognize(model, samples, {
      prompt: script,
      beams: 3,
      window: 'fit',
      endsAtQuestion: true,
      wordTimes: false,
    });

    expect(wordsOf(heard.text)).toEqual(wordsOf('What did you do for a living'));
    expect(heard.readings.map((reading) => reading.text)).not.toContainEqual(
      expect.stringMatching(/living\?.+/),
    );
    expect(heard.isHeardAgain).toBeUndefined();
    // The window's start and its task are two decoder passes; the reading's tokens the rest.
    expect(heard.timing.steps).toBeLessThanOrEqual(
      questionTokenCap(samples.length / SAMPLE_RATE) + 2,
    );
    expect(heard.words).toEqual([]);
  });

  it('reads nothing into noise with no speech in it', async () => {
    const heard = await recognize(model, await pinkNoise(work, 3));

    expect(heard).toMatchObject({ text: '', readings: [], words: [] });
    expect(heard.noSpeechProbability).toBeGreaterThan(0.6);
  });

  it('stops when its signal is aborted, and refuses more than 30 seconds', async () => {
    const samples = await say(work, 'Tell me about your family.');
    const controller = new AbortController();
    controller.abort(new Error('The visitor spoke again.'));

    await expect(recognize(model, samples, { signal: controller.signal })).rejects.toThrow(
      'The visitor spoke again.',
    );
    await expect(recognize(model, new Float32Array(31 * SAMPLE_RATE))).rejects.toThrow(
      'Whisper hears at most 30 seconds at once.',
    );
  });
});
