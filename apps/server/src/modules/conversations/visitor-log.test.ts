// What a storyfile's visitors asked, unlabelled (issue 50, item 3; `visitor-log.ts`): read from
// its chat log (visitors', not the studio's test chat), stored once it holds 100 distinct
// questions or a quarter of it is new, and scored with by its matcher: a word every visitor uses
// ("coronavirus") stops taking every question to the one answer that names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AskResponse, MatchingSettings } from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import {
  ASKED_SPREADING,
  CORONAVIRUS_VISITORS,
  COVID_FAQ,
} from '@conversa/matching/fixtures/covid-faq.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import { buildMember, buildNamespace, buildStoryfile } from '../../../test/storyfile.fixtures.ts';
import { chatLogEntries, conversations } from './conversations.tables.ts';
import { storyfileVisitorLogs } from './visitor-logs.tables.ts';
import {
  hasLogMoved,
  loadVisitorQuestions,
  MAX_VISITOR_QUESTIONS,
  VISITOR_LOG_CHANGE_SHARE,
} from './visitor-log.ts';
import type { ChatChannel } from '@conversa/contracts';

/** Four answers of the shared COVID FAQ: "COVID-19", once "coronavirus". */
const FAQ = {
  whatIs: COVID_FAQ.whatIs,
  spread: COVID_FAQ.spread,
  pets: COVID_FAQ.pets,
  symptoms: COVID_FAQ.symptoms,
};

let studio: TestStudio;
let owner: ApiClient;
let storyfileId: string;
const questionIds: Record<string, string> = {};

/** Logs `texts` as exchanges of one conversation on `channel`, as an ask would. */
async function logQuestions(channel: ChatChannel, texts: readonly string[]): Promise<void> {
  const { db } = studio.database;
  const [conversation] = await db
    .insert(conversations)
    .values({ storyfileId, channel, visitorKey: `visitor:${channel}-${texts.length}` })
    .returning({ id: conversations.id });
  await db.insert(chatLogEntries).values(
    texts.map((text) => ({
      conversationId: conversation!.id,
      storyfileId,
      channel,
      questionText: text,
      normalizedText: normalizeText(text),
      inputMode: 'typed' as const,
      decision: 'fallback' as const,
      fallbackReason: 'off-topic' as const,
    })),
  );
}

const bestMatchOf = async (text: string): Promise<string | undefined> => {
  const asked = await owner.expectStatus<AskResponse>(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/ask`,
    { text },
  );
  return asked.candidates[0]?.questionId;
};

/** What Matching settings say of the log. */
const visitorLogOf = async (): Promise<MatchingSettings['visitorLog']> =>
  (
    await owner.expectStatus<MatchingSettings>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfileId}/matching-settings`,
    )
  ).visitorLog;

/** A studio (scoring on the event loop, or in a scorer thread) and the FAQ storyfile. */
async function setUp(workers: string): Promise<void> {
  // Read at every ask: the product reads it every MATCHER_VISITOR_LOG_SECONDS (300).
  studio = await startTestStudio({ MATCHER_VISITOR_LOG_SECONDS: '0', MATCHER_WORKERS: workers });
  const namespace = await buildNamespace(studio, 'covid');
  owner = await buildMember(studio, 'owner@covid.test', { covid: 'owner:ns' });
  storyfileId = (await buildStoryfile(owner, namespace)).id;
  const topic = await owner.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/topics`,
    { name: 'COVID-19' },
  );
  for (const [key, text] of Object.entries(FAQ)) {
    const created = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/questions`,
      { topicId: topic.id, text, alternates: [] },
    );
    questionIds[key] = created.id;
  }
}

describe("when 100 visitors' questions are distinct, or a quarter of them is new", () => {
  it('the log is taken', () => {
    const hundred = CORONAVIRUS_VISITORS.slice(0, 100);
    expect(hasLogMoved([], CORONAVIRUS_VISITORS.slice(0, 99))).toBe(false);
    expect(hasLogMoved([], hundred)).toBe(true);
    expect(VISITOR_LOG_CHANGE_SHARE).toBe(0.25);
    expect(hasLogMoved(hundred, [...CORONAVIRUS_VISITORS.slice(100, 124), ...hundred])).toBe(false);
    expect(hasLogMoved(hundred, [...CORONAVIRUS_VISITORS.slice(100, 125), ...hundred])).toBe(true);
    // Fewer than 100 again (a storyfile's log does not shrink, but a stored one may be wrong).
    expect(hasLogMoved(hundred, CORONAVIRUS_VISITORS.slice(0, 50))).toBe(true);
  });
});

describe.each([
  { where: 'on the event loop', workers: '0' },
  { where: 'in a scorer thread', workers: '1' },
])("a storyfile's visitors' questions, scored $where", { timeout: 120_000 }, ({ workers }) => {
  beforeAll(() => setUp(workers), 120_000);

  afterAll(async () => {
    await studio?.stop();
  });

  it('are read newest first, once each, leaving out the studio test chat', async () => {
    expect(await bestMatchOf(ASKED_SPREADING)).toBe(questionIds.whatIs);
    expect(await visitorLogOf()).toEqual({ asked: 0, inForce: 0, takenAt: null, minimum: 100 });
    await logQuestions('studio', ['coronavirus in the studio', 'is coronavirus spreading']);
    await logQuestions('share', [
      ...CORONAVIRUS_VISITORS,
      CORONAVIRUS_VISITORS[0]!,
      ` ${CORONAVIRUS_VISITORS[1]!.toUpperCase()} `,
    ]);
    const read = await loadVisitorQuestions(studio.database.db, storyfileId);
    expect(read).toHaveLength(CORONAVIRUS_VISITORS.length);
    expect(read).not.toContain('coronavirus in the studio');
    expect(MAX_VISITOR_QUESTIONS).toBe(1_000);
  });

  it('change what the matcher ranks first once stored: a word all visitors use stops deciding', async () => {
    const { db } = studio.database;
    // The log was written above; the next ask reads it (off the ask's path) and stores it.
    const until = Date.now() + 60_000;
    let best = await bestMatchOf(ASKED_SPREADING);
    let stored: { questionCount: number }[] = [];
    while (best !== questionIds.spread && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      best = await bestMatchOf(ASKED_SPREADING);
      stored = await db
        .select({ questionCount: storyfileVisitorLogs.questionCount })
        .from(storyfileVisitorLogs)
        .where(eq(storyfileVisitorLogs.storyfileId, storyfileId));
    }
    expect(stored).toEqual([{ questionCount: CORONAVIRUS_VISITORS.length }]);
    expect(best).toBe(questionIds.spread);
    expect(await bestMatchOf('coronavirus symptoms')).toBe(questionIds.symptoms);
    // Matching settings say so: the studio's own test chat is not counted.
    const log = await visitorLogOf();
    expect(log).toMatchObject({
      asked: CORONAVIRUS_VISITORS.length,
      inForce: CORONAVIRUS_VISITORS.length,
      minimum: 100,
    });
    expect(Date.parse(log.takenAt!)).toBeGreaterThan(Date.now() - 120_000);
  });
});
