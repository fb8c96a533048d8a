import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CANNOT_ANSWER_MESSAGE,
  CONVERSATION_NOT_FOUND_MESSAGE,
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
  STORYFILE_NOT_FOUND_MESSAGE,
  type AskResponse,
  type ChatLogPage,
  type ConversationTranscript,
  type MatchingSettings,
} from '@conversa/contracts';
import { chatLogEntries } from './conversations.tables.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { buildMember, buildNamespace, ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  FAKE_VIDEO_BYTES,
  seedStoryfileWithAnswers,
  UNRECORDED_QUESTION,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';

let studio: TestStudio;
let owner: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let storyfile: SeededStoryfile;
let bare: SeededStoryfile;
let southStoryfile: SeededStoryfile;

const MOVIE = 'What is your favourite movie?';

function ask(client: ApiClient, storyfileId: string, body: Record<string, unknown>) {
  return client.call<AskResponse>('POST', `/v1/conversa/storyfiles/${storyfileId}/ask`, body);
}

beforeAll(async () => {
  studio = await startTestStudio();
  const [northId, southId] = await Promise.all([
    buildNamespace(studio, 'north'),
    buildNamespace(studio, 'south'),
  ]);
  // One at a time: parallel sign-ins on a busy two-core machine can outlast the login state.
  owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  reader = await buildMember(studio, 'reader@north.test', { north: 'read:ns' });
  outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
  storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
  bare = await seedStoryfileWithAnswers(studio, owner, northId, []);
  southStoryfile = await seedStoryfileWithAnswers(studio, outsider, southId);
});

afterAll(async () => {
  await studio?.stop();
});

describe('POST /v1/conversa/storyfiles/{id}/ask (studio)', () => {
  it('needs a session and read access to the storyfile', async () => {
    const anonymous = new ApiClient(new TestBrowser(studio.baseUrl));
    expect((await ask(anonymous, storyfile.id, { text: MOVIE })).status).toBe(401);
    const foreign = await ask(outsider, storyfile.id, { text: MOVIE });
    expect(foreign).toMatchObject({
      status: 404,
      body: { message: STORYFILE_NOT_FOUND_MESSAGE },
    });
  });

  it('answers a paraphrase with the recorded video, a signed URL that streams, and the reasons', async () => {
    const { status, body } = await ask(reader, storyfile.id, {
      text: 'which film do you love most?',
    });
    expect(status).toBe(200);
    expect(body.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(body).toMatchObject({ channel: 'studio', questionText: MOVIE, message: null });
    expect(['exact', 'paraphrase']).toContain(body.confidence);
    expect(body.score).toBeGreaterThanOrEqual(body.threshold);
    expect(body.candidates[0]).toMatchObject({
      questionId: storyfile.questions[MOVIE],
      questionText: MOVIE,
      topicName: 'Life',
      matchedPhrasing: 'Which film do you love the most?',
    });
    expect(body.candidates[0]!.matchedTerms.length).toBeGreaterThan(0);
    // No sentence model here: "why this answer" must know meaning took no part (issue 44).
    expect(body.scoring).toBe('words');

    const full = await fetch(`${studio.baseUrl}${body.media!.url}`);
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer())).toEqual(FAKE_VIDEO_BYTES);
    const partial = await fetch(`${studio.baseUrl}${body.media!.url}`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(partial.status).toBe(206);
    expect((await fetch(`${studio.baseUrl}${body.media!.posterUrl}`)).status).toBe(200);
  });

  it('plays the cannot-answer clip for nonsense and the please-repeat clip for empty or unheard input', async () => {
    const nonsense = await ask(reader, storyfile.id, { text: 'zxqv plorth wimble snark' });
    expect(nonsense.body.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });
    expect(nonsense.body.media!.url).toContain(`/media/${storyfile.clips.cannotAnswer}/`);
    expect(nonsense.body.message).toBeNull();

    const empty = await ask(reader, storyfile.id, { text: '  ?! ' });
    expect(empty.body.decision).toEqual({ kind: 'fallback', reason: 'empty' });
    expect(empty.body.media!.url).toContain(`/media/${storyfile.clips.pleaseRepeat}/`);

    const unheard = await ask(reader, storyfile.id, { text: '', inputMode: 'spoken' });
    expect(unheard.body.decision).toEqual({ kind: 'fallback', reason: 'unintelligible' });
    expect(unheard.body.media!.url).toContain(`/media/${storyfile.clips.pleaseRepeat}/`);
  });

  // Issue 15, defect 9: an empty typed question was logged as "(nothing heard)", input Typed.
  it('refuses an empty typed question with a sentence, and logs nothing', async () => {
    const before = await reader.get<{ total: number }>(
      `/v1/conversa/chat-logs?storyfileId=${storyfile.id}`,
    );
    expect(before.body.total).toBeGreaterThan(0);
    for (const text of ['', '   ']) {
      const refused = await ask(reader, storyfile.id, { text, inputMode: 'typed' });
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as { message: string }).message).toBe(
        'Type a question before asking.',
      );
    }
    const after = await reader.get<{ total: number }>(
      `/v1/conversa/chat-logs?storyfileId=${storyfile.id}`,
    );
    expect(after.body.total).toBe(before.body.total);
  });

  it('shows a message instead of a clip that is not recorded', async () => {
    const { body } = await ask(reader, bare.id, { text: 'zxqv plorth wimble snark' });
    expect(body).toMatchObject({ media: null, message: CANNOT_ANSWER_MESSAGE });
  });

  it("shows the author's written text of a clip that is not recorded (issue 44)", async () => {
    const written = "Oh, I'd rather not talk about that. Ask me about the farm!";
    await owner.expectStatus(200, 'PUT', `/v1/conversa/storyfiles/${bare.id}/clips/cannotAnswer`, {
      prompt: written,
    });
    const { body } = await ask(reader, bare.id, { text: 'zxqv plorth wimble snark' });
    expect(body).toMatchObject({ media: null, message: written });
  });

  it('plays the cannot-answer clip when the best match is not recorded, naming that question', async () => {
    const { body } = await ask(reader, storyfile.id, { text: 'have you got any pets?' });
    expect(body.decision).toEqual({
      kind: 'fallback',
      reason: 'not-recorded',
      questionId: storyfile.questions[UNRECORDED_QUESTION],
    });
    expect(body.media!.url).toContain(`/media/${storyfile.clips.cannotAnswer}/`);
    expect(body).toMatchObject({ message: null, questionText: null });
    expect(body.candidates[0]).toMatchObject({
      questionId: storyfile.questions[UNRECORDED_QUESTION],
      questionText: UNRECORDED_QUESTION,
      isRecorded: false,
      matchedPhrasing: UNRECORDED_QUESTION,
    });
    expect(body.candidates[0]!.matchedTerms).toContain('pets');
    expect(body.score).toBeGreaterThanOrEqual(body.threshold);
    expect(body.candidates.slice(1).every((candidate) => candidate.isRecorded)).toBe(true);
  });

  it('matches an edited question at once (the cached matcher sees the change)', async () => {
    const birthplace = storyfile.questions['Where were you born?']!;
    const before = await ask(reader, storyfile.id, { text: 'In which hospital did you arrive?' });
    expect(before.body.decision).not.toEqual({ kind: 'answer', questionId: birthplace });
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/storyfiles/${storyfile.id}/questions/${birthplace}`,
      { alternates: ['What is your birthplace?', 'In which hospital did you arrive?'] },
    );
    const after = await ask(reader, storyfile.id, { text: 'In which hospital did you arrive?' });
    expect(after.body.decision).toEqual({ kind: 'answer', questionId: birthplace });
    expect(after.body.confidence).toBe('exact');
  });

  it('continues a conversation only for the same asker and storyfile', async () => {
    const first = await ask(reader, storyfile.id, { text: MOVIE });
    const second = await ask(reader, storyfile.id, {
      text: 'What is your job?',
      conversationId: first.body.conversationId,
    });
    expect(second.body.conversationId).toBe(first.body.conversationId);
    const someoneElse = await ask(owner, storyfile.id, {
      text: MOVIE,
      conversationId: first.body.conversationId,
    });
    expect(someoneElse.body.conversationId).not.toBe(first.body.conversationId);
  });
});

describe('chat logs', () => {
  let conversationId: string;

  beforeAll(async () => {
    const first = await ask(reader, storyfile.id, { text: 'which film do you love most?' });
    conversationId = first.body.conversationId;
    await ask(reader, storyfile.id, {
      text: 'zxqv plorth wimble snark',
      inputMode: 'spoken',
      conversationId,
    });
    await ask(reader, storyfile.id, { text: 'have you got any pets?', conversationId });
    await ask(outsider, southStoryfile.id, { text: 'Where were you born?' });
  });

  it('logs every exchange with its fields', async () => {
    const rows = await studio.database.db
      .select()
      .from(chatLogEntries)
      .where(eq(chatLogEntries.conversationId, conversationId));
    const sorted = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(sorted).toHaveLength(3);
    expect(sorted[0]).toMatchObject({
      storyfileId: storyfile.id,
      channel: 'studio',
      questionText: 'which film do you love most?',
      inputMode: 'typed',
      decision: 'answered',
      fallbackReason: null,
      answerQuestionId: storyfile.questions[MOVIE],
      answerQuestionText: MOVIE,
    });
    expect(sorted[0]!.score).toBeGreaterThan(0);
    expect(['exact', 'paraphrase']).toContain(sorted[0]!.confidence);
    expect(sorted[1]).toMatchObject({
      inputMode: 'spoken',
      decision: 'fallback',
      fallbackReason: 'off-topic',
      answerQuestionId: null,
      answerQuestionText: null,
      matchedQuestionId: null,
      matchedQuestionText: null,
    });
    expect(sorted[2]).toMatchObject({
      questionText: 'have you got any pets?',
      decision: 'fallback',
      fallbackReason: 'not-recorded',
      answerQuestionId: null,
      answerQuestionText: null,
      matchedQuestionId: storyfile.questions[UNRECORDED_QUESTION],
      matchedQuestionText: UNRECORDED_QUESTION,
      confidence: 'paraphrase',
    });
    expect(sorted[2]!.score).toBeGreaterThan(0);
  });

  it('lists a not-recorded fallback with its reason and the question it matched', async () => {
    const fallbacks = await reader.expectStatus<ChatLogPage>(
      200,
      'GET',
      `/v1/conversa/chat-logs?decision=fallback&storyfileId=${storyfile.id}`,
    );
    const unrecorded = fallbacks.items.find(
      (item) => item.conversationId === conversationId && item.fallbackReason === 'not-recorded',
    );
    expect(unrecorded).toMatchObject({
      questionText: 'have you got any pets?',
      matchedQuestionId: storyfile.questions[UNRECORDED_QUESTION],
      matchedQuestionText: UNRECORDED_QUESTION,
    });
  });

  it('lists only the namespaces of a read user, filtered and paged', async () => {
    const all = await reader.expectStatus<ChatLogPage>(200, 'GET', '/v1/conversa/chat-logs');
    expect(all.total).toBeGreaterThan(5);
    expect(all.items.every((item) => item.storyfileId !== southStoryfile.id)).toBe(true);
    expect(all.items[0]).toMatchObject({ storyfileName: storyfile.name, channel: 'studio' });
    const times = all.items.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const south = await outsider.expectStatus<ChatLogPage>(200, 'GET', '/v1/conversa/chat-logs');
    expect(south.items.map((item) => item.storyfileId)).toEqual([southStoryfile.id]);

    const fallbacks = await reader.expectStatus<ChatLogPage>(
      200,
      'GET',
      `/v1/conversa/chat-logs?decision=fallback&storyfileId=${storyfile.id}`,
    );
    expect(fallbacks.total).toBeGreaterThan(0);
    expect(fallbacks.items.every((item) => item.decision === 'fallback')).toBe(true);

    const exact = await reader.expectStatus<ChatLogPage>(
      200,
      'GET',
      '/v1/conversa/chat-logs?confidence=exact&channel=studio',
    );
    expect(exact.total).toBeGreaterThan(0);
    expect(exact.items.every((item) => item.confidence === 'exact')).toBe(true);
    const shared = await reader.expectStatus<ChatLogPage>(
      200,
      'GET',
      '/v1/conversa/chat-logs?channel=share',
    );
    expect(shared.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const byDay = await reader.expectStatus<ChatLogPage>(
      200,
      'GET',
      `/v1/conversa/chat-logs?from=${today}&to=${today}`,
    );
    expect(byDay.total).toBe(all.total);
    const before = await reader.expectStatus<ChatLogPage>(
      200,
      'GET',
      `/v1/conversa/chat-logs?to=${yesterday}`,
    );
    expect(before.total).toBe(0);

    const page2 = await reader.expectStatus<ChatLogPage>(
      200,
      'GET',
      '/v1/conversa/chat-logs?page=2&pageSize=2',
    );
    expect(page2).toMatchObject({ page: 2, pageSize: 2, pageCount: Math.ceil(all.total / 2) });
    expect(page2.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));

    const bad = await reader.get('/v1/conversa/chat-logs?pageSize=101');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE);
  });

  it('shows a conversation transcript with playable answers, to its namespaces only', async () => {
    const transcript = await reader.expectStatus<ConversationTranscript>(
      200,
      'GET',
      `/v1/conversa/conversations/${conversationId}`,
    );
    expect(transcript).toMatchObject({ storyfileId: storyfile.id, channel: 'studio' });
    expect(transcript.entries.map((entry) => entry.decision)).toEqual([
      'answered',
      'fallback',
      'fallback',
    ]);
    expect(transcript.entries[2]).toMatchObject({
      fallbackReason: 'not-recorded',
      matchedQuestionText: UNRECORDED_QUESTION,
    });
    expect(transcript.entries[1]!.media).toBeNull();
    const played = await fetch(`${studio.baseUrl}${transcript.entries[0]!.media!.url}`);
    expect(played.status).toBe(200);

    const foreign = await outsider.get(`/v1/conversa/conversations/${conversationId}`);
    expect(foreign).toMatchObject({
      status: 404,
      body: { message: CONVERSATION_NOT_FOUND_MESSAGE },
    });
  });
});

describe('matching settings', () => {
  const path = () => `/v1/conversa/storyfiles/${storyfile.id}/matching-settings`;

  it('starts at the automatic threshold; an editor changes it and the next ask applies it', async () => {
    const initial = await reader.expectStatus<MatchingSettings>(200, 'GET', path());
    expect(initial.threshold).toBeNull();
    // Automatic: chosen from the script and the built-in off-topic questions, within its clamps.
    expect(initial.effectiveThreshold).toBe(initial.defaultThreshold);
    expect(initial.effectiveThreshold).toBeGreaterThanOrEqual(0.1);
    expect(initial.effectiveThreshold).toBeLessThanOrEqual(0.5);
    const automatic = await ask(reader, storyfile.id, { text: MOVIE });
    expect(automatic.body.threshold).toBe(initial.effectiveThreshold);
    expect((await reader.put(path(), { threshold: 0.5 })).status).toBe(403);
    expect((await owner.put(path(), { threshold: 1.5 })).status).toBe(400);

    const strict = await owner.expectStatus<MatchingSettings>(200, 'PUT', path(), {
      threshold: 0.99,
    });
    expect(strict).toMatchObject({
      threshold: 0.99,
      effectiveThreshold: 0.99,
      defaultThreshold: initial.defaultThreshold,
    });
    const paraphrase = await ask(reader, storyfile.id, { text: 'which film do you love most?' });
    expect(paraphrase.body).toMatchObject({
      threshold: 0.99,
      decision: { kind: 'fallback', reason: 'off-topic' },
    });

    const restored = await owner.expectStatus<MatchingSettings>(200, 'PUT', path(), {
      threshold: null,
    });
    expect(restored).toMatchObject({
      threshold: null,
      effectiveThreshold: initial.defaultThreshold,
    });
    const again = await ask(reader, storyfile.id, { text: 'which film do you love most?' });
    expect(again.body.decision.kind).toBe('answer');
  });
});
