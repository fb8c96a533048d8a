import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  STORYFILE_NOT_FOUND_MESSAGE,
  type SpeechToTextResponse,
} from '@conversa/contracts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { ApiClient, buildMember, buildNamespace } from '../../../test/storyfile.fixtures.ts';
import {
  seedAsset,
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import { askInStudio, publishForSlug } from '../../../test/ask.fixtures.ts';
import { makeNoise, makeTone, speak } from '../../../test/speech.fixtures.ts';
import {
  SPEECH_EMPTY_MESSAGE,
  SPEECH_NOT_AUDIO_MESSAGE,
  SPEECH_TOO_LARGE_MESSAGE,
  SPEECH_TOO_LONG_MESSAGE,
} from './audio.ts';

// Each test recognizes a few recordings (one child process each): on a loaded two-core machine
// that takes far longer than the default 30 s.
const RECOGNITION_TEST_TIMEOUT_MS = 180_000;

let studio: TestStudio;
let owner: ApiClient;
let outsider: ApiClient;
let northId: string;
let storyfile: SeededStoryfile;
let elvisQuestionId: string;
let slug: string;

const BORN = 'Where were you born?';
const MOVIE = 'What is your favourite movie?';
const ELVIS = 'Did you ever meet Elvis?';

/** Sends a recording as the browser's player does: the bytes as the body, typed as audio. */
async function sendRecording(
  client: ApiClient,
  url: string,
  audio: Buffer | string,
  contentType = 'audio/webm;codecs=opus',
): Promise<{ status: number; body: SpeechToTextResponse & { message?: string } }> {
  const response = await client.browser.api(url, {
    method: 'POST',
    body: audio,
    headers: { 'content-type': contentType },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as SpeechToTextResponse & { message?: string },
  };
}

const studioUrl = (storyfileId: string) => `/v1/conversa/speech2text?storyfileId=${storyfileId}`;

beforeAll(async () => {
  studio = await startTestStudio();
  [northId] = await Promise.all([buildNamespace(studio, 'north'), buildNamespace(studio, 'south')]);
  owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
  storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
  const topic = await owner.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/topics`,
    { name: 'Music' },
  );
  elvisQuestionId = (
    await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/questions`,
      { topicId: topic.id, text: ELVIS },
    )
  ).id;
  await seedAsset(studio, { storyfileId: storyfile.id, questionId: elvisQuestionId });
  // "heard as": what people say (and the recognizer writes) for the name it stands for.
  await owner.expectStatus(201, 'POST', '/v1/conversa/training/words', {
    namespaceId: northId,
    term: 'Elvis',
    heardAs: ['the king'],
  });
  slug = await publishForSlug(owner, storyfile.id);
}, 120_000);

afterAll(async () => {
  await studio?.stop();
});

describe(
  'POST /v1/conversa/speech2text (the embedded recognizer: Whisper tiny.en)',
  { timeout: RECOGNITION_TEST_TIMEOUT_MS },
  () => {
    it('hears a question of the storyfile spoken into a WebM/Opus recording, and the spoken ask answers it', async () => {
      const recording = await speak('where were you born');
      const heard = await sendRecording(owner, studioUrl(storyfile.id), recording);
      expect(heard.status).toBe(200);
      expect(heard.body).toMatchObject({ text: 'where were you born', recognizer: 'whisper' });
      expect(heard.body.confidence).toBeGreaterThan(0.5);
      expect(heard.body.audioSeconds).toBeGreaterThan(1);
      expect(heard.body.audioSeconds).toBeLessThan(4);
      // Its readings, best first (Whisper's beams, distinct in their words), the best among them.
      expect(heard.body.alternatives.length).toBeGreaterThan(1);
      expect(heard.body.alternatives[0]!.text).toBe('where were you born');
      const shares = heard.body.alternatives.map((reading) => reading.confidence!);
      expect(shares).toEqual([...shares].sort((a, b) => b - a));
      expect(new Set(heard.body.alternatives.map((reading) => reading.text)).size).toBe(
        heard.body.alternatives.length,
      );

      const asked = await askInStudio(owner, storyfile.id, {
        text: heard.body.text,
        inputMode: 'spoken',
      });
      expect(asked.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[BORN] });
      const [logged] = await studio.database.db
        .select()
        .from(chatLogEntries)
        .where(eq(chatLogEntries.id, asked.exchangeId!));
      expect(logged).toMatchObject({
        channel: 'studio',
        inputMode: 'spoken',
        questionText: 'where were you born',
      });
      // /healthz says which recognizer serves (pocketsphinx after Whisper failed to load).
      const health = (await (await fetch(`${studio.baseUrl}/healthz`)).json()) as {
        recognizer?: unknown;
      };
      expect(health.recognizer).toEqual({ name: 'whisper', status: 'ready', lastError: null });
    });

    it('asks to repeat a recording of noise alone through the spoken ask, and logs what was heard and why', async () => {
      const heard = await sendRecording(owner, studioUrl(storyfile.id), await makeNoise(2.5));
      expect(heard.status).toBe(200);
      // No voice in it: nothing is sent to Whisper, which would read "you" into it.
      expect(heard.body).toMatchObject({ text: '', confidence: null, alternatives: [] });
      const asked = await askInStudio(owner, storyfile.id, {
        text: heard.body.text,
        inputMode: 'spoken',
        alternatives: heard.body.alternatives,
        speechConfidence: heard.body.confidence,
      });
      // Please repeat, not "I can't answer that": the studio did not hear a question.
      expect(asked.decision).toMatchObject({ kind: 'fallback', reason: 'unintelligible' });
      expect(asked.media!.url).toContain(`/media/${storyfile.clips.pleaseRepeat}/`);
      const [logged] = await studio.database.db
        .select()
        .from(chatLogEntries)
        .where(eq(chatLogEntries.id, asked.exchangeId!));
      expect(logged).toMatchObject({
        inputMode: 'spoken',
        decision: 'fallback',
        questionText: heard.body.text,
        fallbackReason: (asked.decision as { reason: string }).reason,
      });
    });

    it('reads Ogg/Opus and WAV recordings too', async () => {
      for (const [format, contentType] of [
        ['ogg', 'audio/ogg;codecs=opus'],
        ['wav', 'audio/wav'],
      ] as const) {
        const heard = await sendRecording(
          owner,
          studioUrl(storyfile.id),
          await speak('what is your favourite movie', { format }),
          contentType,
        );
        expect(heard.status, format).toBe(200);
        const asked = await askInStudio(owner, storyfile.id, {
          text: heard.body.text,
          inputMode: 'spoken',
        });
        expect(asked.decision, `${format}: "${heard.body.text}"`).toEqual({
          kind: 'answer',
          questionId: storyfile.questions[MOVIE],
        });
      }
    });

    it('hears a custom word\'s "heard as" form, which the spoken ask turns into the word', async () => {
      const heard = await sendRecording(
        owner,
        studioUrl(storyfile.id),
        await speak('did you ever meet the king'),
      );
      expect(heard.body.text).toMatch(/^did you ever .*the king$/);
      const asked = await askInStudio(owner, storyfile.id, {
        text: heard.body.text,
        inputMode: 'spoken',
      });
      expect(asked.decision).toMatchObject({ questionId: elvisQuestionId });
      const [logged] = await studio.database.db
        .select()
        .from(chatLogEntries)
        .where(eq(chatLogEntries.id, asked.exchangeId!));
      expect(logged?.questionText).toBe(heard.body.text.replace('the king', 'Elvis'));
    });

    it('answers bad recordings with a clear 4xx, and never reaches another namespace', async () => {
      const url = studioUrl(storyfile.id);
      expect(await sendRecording(owner, url, Buffer.alloc(0))).toMatchObject({
        status: 400,
        body: { message: SPEECH_EMPTY_MESSAGE },
      });
      expect(
        await sendRecording(
          owner,
          url,
          Buffer.from('this is not a recording at all'),
          'audio/webm',
        ),
      ).toMatchObject({ status: 415, body: { message: SPEECH_NOT_AUDIO_MESSAGE } });
      expect(await sendRecording(owner, url, '{"text":"hi"}', 'application/json')).toMatchObject({
        status: 415,
        body: { message: SPEECH_NOT_AUDIO_MESSAGE },
      });
      expect(await sendRecording(owner, url, await makeTone(31), 'audio/wav')).toMatchObject({
        status: 413,
        body: { message: SPEECH_TOO_LONG_MESSAGE },
      });
      const tooLarge = await sendRecording(
        owner,
        url,
        Buffer.alloc(9 * 1024 * 1024, 1),
        'audio/wav',
      );
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.message).toBe(SPEECH_TOO_LARGE_MESSAGE);

      const anonymous = new ApiClient(new TestBrowser(studio.baseUrl));
      expect((await sendRecording(anonymous, url, await makeTone(1), 'audio/wav')).status).toBe(
        401,
      );
      expect(await sendRecording(outsider, url, await makeTone(1), 'audio/wav')).toMatchObject({
        status: 404,
        body: { message: STORYFILE_NOT_FOUND_MESSAGE },
      });
    });
  },
);

describe(
  'POST /v1/conversa/public/storyfiles/{slug}/speech2text',
  { timeout: RECOGNITION_TEST_TIMEOUT_MS },
  () => {
    it('hears a visitor of the published storyfile, and limits each visitor like the public ask', async () => {
      const visitor = new ApiClient(new TestBrowser(studio.baseUrl));
      await visitor.get(`/v1/conversa/public/storyfiles/${slug}`);
      const url = `/v1/conversa/public/storyfiles/${slug}/speech2text`;
      const heard = await sendRecording(visitor, url, await speak('where were you born'));
      expect(heard).toMatchObject({ status: 200, body: { text: 'where were you born' } });

      // Each refused recording still counts, so the limit is reached without recognizing 20.
      for (let sent = 1; sent < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; sent += 1) {
        expect((await sendRecording(visitor, url, Buffer.alloc(0))).status).toBe(400);
      }
      const limited = await sendRecording(visitor, url, Buffer.alloc(0));
      expect(limited.status).toBe(429);
      // Spoken questions have their own counters: the same visitor still asks by typing.
      const typed = await visitor.post(`/v1/conversa/public/storyfiles/${slug}/ask`, {
        text: 'Where were you born?',
        channel: 'share',
      });
      expect(typed.status).toBe(200);

      const unknown = await sendRecording(
        visitor,
        '/v1/conversa/public/storyfiles/AAAAAAAAAA/speech2text',
        Buffer.alloc(0),
      );
      expect(unknown.status).toBe(404);
    });

    it('keeps no recording once answered', async () => {
      const logged = await studio.database.db
        .select({ id: chatLogEntries.id })
        .from(chatLogEntries)
        .where(
          and(eq(chatLogEntries.storyfileId, storyfile.id), eq(chatLogEntries.inputMode, 'spoken')),
        );
      expect(logged.length).toBeGreaterThan(0);
      const { readdir } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      expect(
        (await readdir(tmpdir())).filter((name) => name.startsWith('conversa-speech-')),
      ).toEqual([]);
    });
  },
);

describe(
  'the recognizer choice (speech settings)',
  { timeout: RECOGNITION_TEST_TIMEOUT_MS },
  () => {
    it("is the studio's for a new storyfile; an editor chooses the browser's, and the public player reads it", async () => {
      const settingsUrl = `/v1/conversa/storyfiles/${storyfile.id}/speech-settings`;
      const publicUrl = `/v1/conversa/public/storyfiles/${slug}/speech-settings`;
      expect(await owner.get(settingsUrl)).toMatchObject({
        status: 200,
        body: { recognizer: 'studio' },
      });
      const visitor = new ApiClient(new TestBrowser(studio.baseUrl));
      expect(await visitor.get(publicUrl)).toMatchObject({ body: { recognizer: 'studio' } });
      expect(await owner.put(settingsUrl, { recognizer: 'browser' })).toMatchObject({
        status: 200,
        body: { recognizer: 'browser' },
      });
      expect(await visitor.get(publicUrl)).toMatchObject({ body: { recognizer: 'browser' } });
      expect((await owner.put(settingsUrl, { recognizer: 'cloud' })).status).toBe(400);
      expect((await outsider.put(settingsUrl, { recognizer: 'studio' })).status).toBe(404);
      await owner.put(settingsUrl, { recognizer: 'studio' });
    });
  },
);
