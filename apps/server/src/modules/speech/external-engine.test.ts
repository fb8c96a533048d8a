import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechToTextResponse } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import type { SeededStoryfile } from '../../../test/conversation.fixtures.ts';
import { seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';
import { speak } from '../../../test/speech.fixtures.ts';
import {
  buildTranscriptionPrompt,
  getTranscriptionsUrl,
  readTimedWords,
  SPEECH_SERVICE_DOWN_MESSAGE,
  SPEECH_SERVICE_TIMEOUT_MESSAGE,
} from './external-engine.ts';

/** What the local transcription server received: its path and the multipart fields. */
interface Received {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string>;
  fileBytes: number;
  fileType: string | null;
}

let server: Server;
let serverUrl: string;
const received: Received[] = [];
/** How the server answers the next request. */
let mode: 'answer' | 'hang' | 'fail' = 'answer';

async function readForm(request: IncomingMessage, path: string): Promise<Received> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  const form = await new Request('http://local', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type']! },
    body: Buffer.concat(chunks),
  }).formData();
  const fields: Record<string, string> = {};
  let fileBytes = 0;
  let fileType: string | null = null;
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      fields[name] = value;
    } else {
      fileBytes = value.size;
      fileType = value.type;
    }
  }
  return { path, authorization: request.headers.authorization, fields, fileBytes, fileType };
}

// Each test recognizes a few recordings (one child process each): on a loaded two-core machine
// that takes far longer than the default 30 s.
const RECOGNITION_TEST_TIMEOUT_MS = 180_000;

let studio: TestStudio;
let owner: ApiClient;
let storyfile: SeededStoryfile;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (mode === 'hang') {
      return; // never answers: the studio's timeout must speak for it
    }
    void readForm(request, request.url ?? '').then((form) => {
      received.push(form);
      if (mode === 'fail') {
        response.writeHead(500).end('model not loaded');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          text: ' Where were you born?',
          segments: [{ avg_logprob: -0.1, no_speech_prob: 0.01 }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  studio = await startTestStudio({
    SPEECH_TO_TEXT_URL: serverUrl,
    SPEECH_TO_TEXT_MODEL: 'ggml-base.en',
    SPEECH_TO_TEXT_API_KEY: 'local-key',
    SPEECH_TO_TEXT_TIMEOUT_SECONDS: '2',
  });
  const seeded = await seedOwnedStoryfile(studio, 'north');
  const northId = seeded.namespaceId;
  ({ owner, storyfile } = seeded);
  await owner.expectStatus(201, 'POST', '/v1/conversa/training/words', {
    namespaceId: northId,
    term: 'Kubrick',
    heardAs: ['cube rick'],
  });
}, 120_000);

afterAll(async () => {
  await studio?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function transcribe(): Promise<{
  status: number;
  body: SpeechToTextResponse & { message?: string };
}> {
  const response = await owner.browser.api(`/v1/conversa/speech2text?storyfileId=${storyfile.id}`, {
    method: 'POST',
    body: await speak('where were you born'),
    headers: { 'content-type': 'audio/webm' },
  });
  return {
    status: response.status,
    body: (await response.json()) as SpeechToTextResponse & { message?: string },
  };
}

describe(
  'the external engine (SPEECH_TO_TEXT_URL)',
  { timeout: RECOGNITION_TEST_TIMEOUT_MS },
  () => {
    it('sends the recording as 16 kHz WAV in the /v1/audio/transcriptions shape, the vocabulary as the prompt', async () => {
      mode = 'answer';
      const heard = await transcribe();
      expect(heard).toMatchObject({
        status: 200,
        body: { text: 'Where were you born?', recognizer: 'external', confidence: 0.905 },
      });
      const [request] = received.splice(0);
      expect(request).toMatchObject({
        path: '/v1/audio/transcriptions',
        authorization: 'Bearer local-key',
        fileType: 'audio/wav',
        fields: { model: 'ggml-base.en', response_format: 'verbose_json' },
      });
      // About 1.5 s of 16-bit mono at 16 kHz, never the browser's own encoding.
      expect(request!.fileBytes).toBeGreaterThan(16_000 * 2);
      expect(request!.fields.prompt).toMatch(/^Kubrick, /);
      expect(request!.fields.prompt).toContain('Where were you born?');
      expect(request!.fields.prompt).toContain('cube rick');
    });

    it('a server that does not answer in time gives a clear 504, not a hang; one that fails, 503', async () => {
      mode = 'hang';
      const started = Date.now();
      expect(await transcribe()).toMatchObject({
        status: 504,
        body: { message: SPEECH_SERVICE_TIMEOUT_MESSAGE },
      });
      expect(Date.now() - started).toBeLessThan(60_000);
      mode = 'fail';
      expect(await transcribe()).toMatchObject({
        status: 503,
        body: { message: SPEECH_SERVICE_DOWN_MESSAGE },
      });
    });
  },
);

describe('external engine helpers', { timeout: RECOGNITION_TEST_TIMEOUT_MS }, () => {
  it("reads the words' times: the server's word list, else each segment's words spread over it", () => {
    expect(
      readTimedWords({
        words: [
          { word: ' Where', start: 0.1, end: 0.4, probability: 0.91 },
          { word: ' born?', start: 0.5, end: 0.9 },
        ],
      }),
    ).toEqual([
      { text: 'Where', startMs: 100, endMs: 400, confidence: 0.91 },
      { text: 'born?', startMs: 500, endMs: 900, confidence: null },
    ]);
    expect(readTimedWords({ segments: [{ start: 2, end: 3, text: ' I grew up' }] })).toEqual([
      { text: 'I', startMs: 2000, endMs: 2333, confidence: null },
      { text: 'grew', startMs: 2333, endMs: 2667, confidence: null },
      { text: 'up', startMs: 2667, endMs: 3000, confidence: null },
    ]);
    expect(readTimedWords({ text: 'no times' })).toEqual([]);
  });

  it('finds the transcription endpoint of a base URL', () => {
    expect(getTranscriptionsUrl('http://h:8080')).toBe('http://h:8080/v1/audio/transcriptions');
    expect(getTranscriptionsUrl('http://h:8080/v1/')).toBe('http://h:8080/v1/audio/transcriptions');
    expect(getTranscriptionsUrl('http://h/v1/audio/transcriptions')).toBe(
      'http://h/v1/audio/transcriptions',
    );
  });

  it('puts custom words first, drops repeats and cuts at a whole phrasing', () => {
    expect(buildTranscriptionPrompt(['Kubrick'], ['Where were you born?', 'kubrick'])).toBe(
      'Kubrick, Where were you born?',
    );
    const long = buildTranscriptionPrompt(
      [],
      Array.from({ length: 100 }, (_, i) => `question ${i} here`),
    );
    expect(long.length).toBeLessThanOrEqual(800);
    expect(long.endsWith('here')).toBe(true);
  });

  it('past 800 characters, takes the phrasings that bring words the prompt lacks', () => {
    const alike = Array.from(
      { length: 40 },
      (_, index) => `Are you happy about your family and your work, number ${index}?`,
    );
    const prompt = buildTranscriptionPrompt(
      ['Kubrick'],
      [...alike, 'Where and when were you born?', 'Who taught you the saxophone?'],
    );
    expect(prompt.length).toBeLessThanOrEqual(800);
    expect(prompt.startsWith('Kubrick, Are you happy')).toBe(true);
    expect(prompt.endsWith('Where and when were you born?, Who taught you the saxophone?')).toBe(
      true,
    );
  });
});
