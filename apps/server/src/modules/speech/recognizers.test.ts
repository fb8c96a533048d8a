// Issue 65: Whisper is the studio's recognizer, and pocketsphinx hears instead on a machine where
// Whisper's model cannot be loaded; /healthz's `recognizer` says which (operations tests read it).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speak } from '../../../test/speech.fixtures.ts';
import { createEmbeddedEngine } from './embedded-engine.ts';
import { withPocketsphinxFallback } from './recognizers.ts';
import { createWhisperEngine, toSpokenWords } from './whisper-engine.ts';
import { buildWhisperPrompt } from './whisper-prompt.ts';

const run = promisify(execFile);
const vocabulary = {
  storyfileId: 'fallback-test',
  phrasings: ['Where were you born?', 'Tell me about your family.'],
  terms: [],
};
let work: string;
let wavFile: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'recognizers-test-'));
  const recording = path.join(work, 'question.wav');
  await writeFile(recording, await speak('where were you born', { format: 'wav' }));
  // The gateway hands recognizers 16 kHz mono with a plain 44-byte header.
  wavFile = path.join(work, 'question-16k.wav');
  await run('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-i', recording, '-ac', '1', '-ar', '16000'],
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-y', wavFile],
  ]);
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the studio recognizer and its fallback', { timeout: 120_000 }, () => {
  it('hears with Whisper when its model loads, and says so', async () => {
    const engine = withPocketsphinxFallback(
      createWhisperEngine(),
      createEmbeddedEngine({ modelsDir: path.join(work, 'models') }),
    );
    try {
      expect(engine.report()).toMatchObject({ name: 'whisper', status: 'loading' });
      const heard = await engine.transcribe(wavFile, vocabulary, new AbortController().signal);

      expect(heard.text).toBe('where were you born');
      expect(engine.name).toBe('whisper');
      expect(engine.report()).toEqual({ name: 'whisper', status: 'ready', lastError: null });
    } finally {
      await engine.close?.();
    }
  });

  it('hears with pocketsphinx when Whisper cannot be loaded, and says why', async () => {
    const failures: unknown[] = [];
    const whisper = createWhisperEngine({ modelDir: path.join(work, 'no-model-here') });
    const engine = withPocketsphinxFallback(
      whisper,
      createEmbeddedEngine({ modelsDir: path.join(work, 'models') }),
      (error) => failures.push(error),
    );
    try {
      const heard = await engine.transcribe(wavFile, vocabulary, new AbortController().signal);

      // pocketsphinx hears this voice less well than Whisper does (issue 65's figures).
      expect(heard.text).toMatch(/were you born$/);
      expect(engine.name).toBe('pocketsphinx');
      expect(engine.report()).toMatchObject({ name: 'pocketsphinx', status: 'fallback' });
      expect(engine.report().lastError).toContain('The Whisper model could not be loaded');
      expect(failures).toHaveLength(1);
    } finally {
      await engine.close?.();
      await whisper.close?.();
    }
  });
});

describe("Whisper's prompt and the gateway's words", () => {
  it('writes the phrasings as sentences and the custom words last, within 800 characters', () => {
    expect(
      buildWhisperPrompt(['Ngozi', 'Okonjo'], ['Where were you born', 'How old are you?']),
    ).toBe('Where were you born. How old are you? Ngozi, Okonjo.');
    const long = Array.from({ length: 100 }, (_, index) => `Question number ${index}?`);
    const prompt = buildWhisperPrompt(['Elvis'], long);
    expect(prompt.length).toBeLessThanOrEqual(800);
    expect(prompt.endsWith(' Elvis.')).toBe(true);
  });

  it('past 800 characters, takes the sentences that bring words the prompt lacks, not the first in order', () => {
    // 40 questions that say the same things, sorted before the two that name what they ask.
    const alike = Array.from(
      { length: 40 },
      (_, index) => `Are you happy about your family and your work, number ${index}?`,
    );
    const prompt = buildWhisperPrompt(
      ['Ngozi'],
      [...alike, 'Where and when were you born?', 'Who taught you to play the saxophone?'],
    );
    expect(prompt.length).toBeLessThanOrEqual(800);
    expect(prompt).toContain('Where and when were you born?');
    expect(prompt).toContain('Who taught you to play the saxophone?');
    expect(prompt.endsWith(' Ngozi.')).toBe(true);
    // Still in the vocabulary's order, and as full as the room allows.
    expect(prompt.indexOf('born')).toBeGreaterThan(prompt.indexOf('number'));
    expect(prompt.length).toBeGreaterThan(800 - 70);
  });

  it('lower-cases a question and keeps only its words and their apostrophes', () => {
    expect(toSpokenWords("What's your 'favourite' film, Dad?")).toBe(
      "what's your favourite film dad",
    );
  });
});
