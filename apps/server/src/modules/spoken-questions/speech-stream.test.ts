import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  type SpeechStreamServerMessage,
  type SpeechToTextResponse,
} from '@conversa/contracts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { ApiClient } from '../../../test/storyfile.fixtures.ts';
import type { SeededStoryfile } from '../../../test/conversation.fixtures.ts';
import { askInStudio, publishForSlug, seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';
import { makeNoise, speak } from '../../../test/speech.fixtures.ts';
import { StreamClient } from '../../../test/speech-stream.fixtures.ts';
import {
  MAX_STREAM_DECODES,
  SPEECH_EMPTY_MESSAGE,
  SPEECH_NOT_AUDIO_MESSAGE,
  SPEECH_STREAM_DECODES_MESSAGE,
} from '../speech/index.ts';
import {
  SPEECH_STREAM_MESSAGE_INVALID,
  SPEECH_STREAM_ORIGIN_MESSAGE,
  SPEECH_STREAM_UPGRADE_MESSAGE,
} from './speech-stream.routes.ts';

// Issue 42, item 3: recordings made by espeak-ng at test time are fed over the WebSocket in
// MediaRecorder's 250-ms pieces, paced in real time, and recognized by the real pocketsphinx on
// the studio's warm decoders.
const STREAM_TEST_TIMEOUT_MS = 180_000;
const run = promisify(execFile);

let studio: TestStudio;
let owner: ApiClient;
let storyfile: SeededStoryfile;
let slug: string;

const BORN = 'Where were you born?';

type Heard = Extract<SpeechStreamServerMessage, { type: 'heard' }>;

/** Sends a recording whole, as the players' fallback does. */
async function upload(client: ApiClient, url: string, audio: Buffer, type = 'audio/webm') {
  const response = await client.browser.api(url, {
    method: 'POST',
    body: audio,
    headers: { 'content-type': type },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SpeechToTextResponse;
}

/** ffmpeg processes this test process has running (the studio runs in it). */
async function runningConverters(): Promise<string[]> {
  const { stdout } = await run('ps', ['-o', 'comm=', '--ppid', String(process.pid)]).catch(() => ({
    stdout: '',
  }));
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((name) => name === 'ffmpeg');
}

async function speechFolders(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('conversa-speech-'));
}

const studioStreamUrl = (storyfileId: string) =>
  `/v1/conversa/speech2text/stream?storyfileId=${storyfileId}`;
const studioUploadUrl = (storyfileId: string) =>
  `/v1/conversa/speech2text?storyfileId=${storyfileId}`;

beforeAll(async () => {
  studio = await startTestStudio();
  ({ owner, storyfile } = await seedOwnedStoryfile(studio, 'north'));
  slug = await publishForSlug(owner, storyfile.id);
}, 120_000);

afterAll(async () => {
  await studio?.stop();
});

describe(
  'the speech2text WebSocket (issue 42, item 3)',
  { timeout: STREAM_TEST_TIMEOUT_MS },
  () => {
    it.each(['webm', 'ogg'] as const)(
      'hears Opus in %s fed in real time, at its end, exactly as the upload of the whole recording',
      async (format) => {
        const recording = await speak('where were you born', { format });
        const uploaded = await upload(
          owner,
          studioUploadUrl(storyfile.id),
          recording,
          `audio/${format};codecs=opus`,
        );
        const client = new StreamClient(owner, studioStreamUrl(storyfile.id));
        await client.opened;
        await client.feed(recording, uploaded.audioSeconds);
        client.say({ type: 'end', id: 1 });
        const heard = (await client.message(0)) as Heard;
        // The same answer but its time (from the end message here, from the upload there).
        expect({ ...heard, processingSeconds: 0 }).toEqual({
          ...uploaded,
          type: 'heard',
          id: 1,
          processingSeconds: 0,
        });
        expect(heard.text).toBe('where were you born');
        expect(heard.alternatives.length).toBeGreaterThan(1);
        // The end's answer is the last: the socket closes.
        await client.closed;
        const asked = await askInStudio(owner, storyfile.id, {
          text: heard.text,
          inputMode: 'spoken',
          alternatives: heard.alternatives,
          speechConfidence: heard.confidence,
        });
        expect(asked.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[BORN] });
      },
    );

    it('decodes what was said so far when the visitor pauses, drops a decode when they speak again, and answers each decode by its id', async () => {
      // The question, then the pause the browser's detector hears before the hangover ends it.
      const recording = await speak('where were you born', { padSeconds: 0.7 });
      const uploaded = await upload(owner, studioUploadUrl(storyfile.id), recording);
      const client = new StreamClient(owner, studioStreamUrl(storyfile.id));
      await client.opened;
      await client.feed(recording, uploaded.audioSeconds, { to: 0.5 });
      // A pause inside the question, and speech again at once: that decode is dropped unanswered.
      client.say({ type: 'decode', id: 1 });
      client.say({ type: 'cancel' });
      await client.feed(recording, uploaded.audioSeconds, { from: 0.5 });
      client.say({ type: 'decode', id: 2 });
      const heard = (await client.message(0)) as Heard;
      expect(heard).toMatchObject({
        type: 'heard',
        id: 2,
        text: uploaded.text,
        recognizer: 'whisper',
      });
      expect(heard.alternatives.map((reading) => reading.text)).toContain('where were you born');
      // ffmpeg held back at most a few milliseconds of the recording sent (its resampler's).
      expect(heard.audioSeconds).toBeGreaterThanOrEqual(uploaded.audioSeconds - 0.01);
      // The socket stays open for the question's end (the pause may end it, or speech go on).
      client.say({ type: 'end', id: 3 });
      expect({ ...(await client.message(1)), processingSeconds: 0 }).toEqual({
        ...uploaded,
        type: 'heard',
        id: 3,
        processingSeconds: 0,
      });
      await client.closed;
      expect(client.messages.map((message) => message.id)).toEqual([2, 3]);
    });

    it('converts from the first piece: a pause a quarter of a second in is already decoded', async () => {
      // ffmpeg told the container (WebM's EBML magic) does not wait for 2 KB of a pipe to probe it.
      const recording = await speak('where were you born and what was your school like');
      const client = new StreamClient(owner, studioStreamUrl(storyfile.id));
      await client.opened;
      await client.feed(recording, 3.25, { to: 1 / 13 });
      expect(recording.length / 13).toBeLessThan(2048);
      client.say({ type: 'decode', id: 1 });
      const heard = await client.message(0);
      expect(heard).toMatchObject({ type: 'heard', id: 1 });
      expect((heard as Heard).audioSeconds).toBeGreaterThan(0);
      client.socket.close();
      await client.closed;
    });

    it('gives noise the readings the upload gives it, so the spoken ask asks to repeat alike', async () => {
      const noise = await makeNoise(2.5);
      const uploaded = await upload(owner, studioUploadUrl(storyfile.id), noise);
      const client = new StreamClient(owner, studioStreamUrl(storyfile.id));
      await client.opened;
      await client.feed(noise, 2.5);
      client.say({ type: 'end', id: 1 });
      const heard = (await client.message(0)) as Heard;
      expect(heard).toMatchObject({
        type: 'heard',
        text: uploaded.text,
        confidence: uploaded.confidence,
        alternatives: uploaded.alternatives,
      });
      const asked = await askInStudio(owner, storyfile.id, {
        text: heard.text,
        inputMode: 'spoken',
        alternatives: heard.alternatives,
        speechConfidence: heard.confidence,
      });
      expect(asked.decision.kind).toBe('fallback');
      expect(asked.media!.url).toContain(`/media/${storyfile.clips.pleaseRepeat}/`);
    });

    it('kills its converter and its decode and deletes its folder when the socket closes early', async () => {
      const foldersBefore = await speechFolders();
      const recording = await speak('where were you born and what was your school like');
      const client = new StreamClient(owner, studioStreamUrl(storyfile.id));
      await client.opened;
      await client.feed(recording, 3, { to: 0.6 });
      client.say({ type: 'decode', id: 1 });
      // The converter runs while the recording streams, and the decode has its folder.
      await vi.waitFor(async () => expect(await runningConverters()).toEqual(['ffmpeg']), {
        timeout: 30_000,
        interval: 20,
      });
      // (Other work on the machine may make and remove folders of its own meanwhile.)
      await vi.waitFor(
        async () =>
          expect(
            (await speechFolders()).filter((name) => !foldersBefore.includes(name)),
          ).not.toEqual([]),
        { timeout: 30_000, interval: 5 },
      );
      // On a busy machine the decode can end before the close: what matters is nothing after it.
      const answeredBeforeClose = client.messages.length;
      client.socket.close();
      await client.closed;
      // The limits bound a hang: without the close's clean-up ffmpeg would wait for more input.
      await vi.waitFor(
        async () => {
          expect(await runningConverters()).toEqual([]);
          expect((await speechFolders()).filter((name) => !foldersBefore.includes(name))).toEqual(
            [],
          );
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(client.messages).toHaveLength(answeredBeforeClose);
    });

    it('refuses what the upload refuses, and messages that are not part of a spoken question, with clear errors', async () => {
      const url = studioStreamUrl(storyfile.id);
      const empty = new StreamClient(owner, url);
      await empty.opened;
      empty.say({ type: 'end', id: 1 });
      expect(await empty.message(0)).toEqual({
        type: 'error',
        id: 1,
        statusCode: 400,
        error: 'BAD_REQUEST',
        message: SPEECH_EMPTY_MESSAGE,
      });
      await empty.closed;

      const notAudio = new StreamClient(owner, url);
      await notAudio.opened;
      notAudio.socket.send(Buffer.from('this is not a recording at all'));
      notAudio.say({ type: 'end', id: 1 });
      expect(await notAudio.message(0)).toMatchObject({
        type: 'error',
        id: 1,
        statusCode: 415,
        message: SPEECH_NOT_AUDIO_MESSAGE,
      });
      await notAudio.closed;

      for (const bad of [
        'end',
        { type: 'end' },
        { type: 'decode', id: 0 },
        { type: 'end', id: 1, text: 'where were you born' },
        { type: 'listen' },
      ]) {
        const client = new StreamClient(owner, url);
        await client.opened;
        client.say(bad);
        expect(await client.message(0)).toEqual({
          type: 'error',
          id: null,
          statusCode: 400,
          error: 'BAD_REQUEST',
          message: SPEECH_STREAM_MESSAGE_INVALID,
        });
        await client.closed;
      }

      // A socket cannot ask for decodes without end: each costs a search.
      const eager = new StreamClient(owner, url);
      await eager.opened;
      for (let id = 1; id <= MAX_STREAM_DECODES + 1; id += 1) {
        eager.say({ type: 'decode', id });
      }
      await eager.closed;
      expect(eager.messages.at(-1)).toEqual({
        type: 'error',
        id: MAX_STREAM_DECODES + 1,
        statusCode: 429,
        error: 'TOO_MANY_REQUESTS',
        message: SPEECH_STREAM_DECODES_MESSAGE,
      });
      expect(SPEECH_STREAM_DECODES_MESSAGE).toBe(
        'A spoken question can ask for its words at most 30 times.',
      );

      const anonymous = new ApiClient(new TestBrowser(studio.baseUrl));
      await expect(new StreamClient(anonymous, url).opened).rejects.toThrow('upgrade refused: 401');
      // A page of another origin cannot use the visitor's cookies.
      await expect(
        new StreamClient(owner, url, 'https://elsewhere.example').opened,
      ).rejects.toThrow('upgrade refused: 403');
      const elsewhere = await fetch(`${studio.baseUrl}${url}`, {
        headers: { cookie: owner.browser.cookieHeader(), origin: 'https://elsewhere.example' },
      });
      expect(((await elsewhere.json()) as { message: string }).message).toBe(
        SPEECH_STREAM_ORIGIN_MESSAGE,
      );
      // A plain GET is told what the call is.
      const plain = await owner.browser.api(url);
      expect(plain.status).toBe(426);
      expect(((await plain.json()) as { message: string }).message).toBe(
        SPEECH_STREAM_UPGRADE_MESSAGE,
      );
    });

    it("counts a public stream as one spoken question against the visitor's limit, shared with the upload", async () => {
      const visitor = new ApiClient(new TestBrowser(studio.baseUrl));
      await visitor.get(`/v1/conversa/public/storyfiles/${slug}`);
      const streamUrl = `/v1/conversa/public/storyfiles/${slug}/speech2text/stream`;
      const uploadUrl = `/v1/conversa/public/storyfiles/${slug}/speech2text`;
      const recording = await speak('where were you born', { padSeconds: 0.7 });
      const heard = new StreamClient(visitor, streamUrl);
      await heard.opened;
      await heard.feed(recording, 2.5);
      // Two decodes and the end: one recording against the allowance.
      heard.say({ type: 'decode', id: 1 });
      await heard.message(0);
      heard.say({ type: 'end', id: 2 });
      expect(await heard.message(1)).toMatchObject({
        type: 'heard',
        id: 2,
        text: 'where were you born',
      });
      for (let sent = 1; sent < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; sent += 1) {
        const response = await visitor.browser.api(uploadUrl, {
          method: 'POST',
          body: Buffer.alloc(0),
          headers: { 'content-type': 'audio/webm' },
        });
        expect(response.status).toBe(400);
      }
      const refused = new StreamClient(visitor, streamUrl);
      expect(await refused.message(0)).toMatchObject({ type: 'error', id: null, statusCode: 429 });
      await refused.closed;
      const missing = new StreamClient(
        visitor,
        '/v1/conversa/public/storyfiles/AAAAAAAAAA/speech2text/stream',
      );
      expect(await missing.message(0)).toMatchObject({ type: 'error', id: null, statusCode: 404 });
    });
  },
);
