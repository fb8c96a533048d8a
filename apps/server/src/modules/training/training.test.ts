import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  EXCHANGE_ALREADY_RATED_MESSAGE,
  CATEGORY_NOT_FOUND_MESSAGE,
  CUSTOM_WORD_NOT_FOUND_MESSAGE,
  EXCHANGE_NOT_FOUND_MESSAGE,
  NEAR_TIE_MARGIN,
  RECORD_QUEUE_TOPIC_NAME,
  REVIEW_SORT_FIELDS,
  REVIEW_ACTION_ALREADY_UNDONE_MESSAGE,
  REVIEW_ENTRIES_NOT_FOUND_MESSAGE,
  STORYFILE_NOT_FOUND_MESSAGE,
  describeLooksLike,
  describeReviewPreview,
  type AppliedReview,
  type AskResponse,
  type PublicAskResponse,
  type ReviewAction,
  type ReviewActionList,
  type ReviewAnswerOption,
  type ReviewClusterList,
  type ReviewItemPage,
  type ReviewPreview,
  type CategoryPage,
  type SavedCategory,
  type CustomWord,
  type CustomWordPage,
  type StoryfileDetail,
  type TestBenchResult,
  type TrainingOverview,
} from '@conversa/contracts';
import type { Embedder } from '@conversa/matching';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { createConversationEngine, getStoryfileMatcher } from '../conversations/index.ts';
import { ignoredQuestions } from './ignored-questions.ts';
import { storyfileVocabulary } from './storyfile-vocabulary.ts';
import { listReviewClusters } from './clusters.service.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { buildMember, buildNamespace, ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  seedStoryfileWithAnswers,
  UNRECORDED_QUESTION,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';

let studio: TestStudio;
let owner: ApiClient;
let editor: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
/** Content Creator in "south", Reader in "north": past the route's check, refused per namespace. */
let southEditor: ApiClient;
let northId: string;

const BORN = 'Where were you born?';
const MOVIE = 'What is your favourite movie?';
const LIVING = 'What do you do for a living?';
const HARVEST = 'Tell me about the harvest festival';
const FILM_ALTERNATE = 'Which film do you love the most?';
const EDIT_REFUSAL = 'You need to be at least "Content Creator"';
const OFF_TOPIC = { kind: 'fallback', reason: 'off-topic' };
/** The movie and the job answer score within `NEAR_TIE_MARGIN` of each other (0.03 apart). */
const NEAR_TIE_QUESTION = 'What is your favourite movie or your job?';
/**
 * The movie answer leads the job answer by 0.048: played (just clear of the near-tie margin, 0.04,
 * under which issue 50 asks back instead), with the smallest margin of the sorting cases below.
 */
const CLOSE_LEAD_QUESTION = 'What is the favourite movie or your job?';
/** The birthplace answer leads the job answer by about 0.3: two candidates, not a near-tie. */
const CLEAR_LEAD_QUESTION = 'What is your job and where were you born?';

/** A question asked in the studio; every ask with words logs an exchange, so its id is set. */
async function ask(
  client: ApiClient,
  storyfileId: string,
  text: string,
): Promise<AskResponse & { exchangeId: string }> {
  const answer = await client.expectStatus<AskResponse>(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/ask`,
    { text },
  );
  expect(answer.exchangeId).toEqual(expect.any(String));
  return { ...answer, exchangeId: answer.exchangeId! };
}

async function inbox(client: ApiClient, query: Record<string, string>): Promise<ReviewItemPage> {
  return client.expectStatus<ReviewItemPage>(
    200,
    'GET',
    `/v1/conversa/training/review-items?${new URLSearchParams(query).toString()}`,
  );
}

const base = (storyfileId: string) => `/v1/conversa/storyfiles/${storyfileId}/training`;

async function reviewState(entryId: string): Promise<string> {
  const [row] = await studio.database.db
    .select({ state: chatLogEntries.reviewState })
    .from(chatLogEntries)
    .where(eq(chatLogEntries.id, entryId));
  return row!.state;
}

async function alternatesOf(questionId: string): Promise<string[]> {
  const [row] = await studio.database.db
    .select({ alternates: storyfileQuestions.alternates })
    .from(storyfileQuestions)
    .where(eq(storyfileQuestions.id, questionId));
  return row!.alternates;
}

beforeAll(async () => {
  studio = await startTestStudio();
  northId = await buildNamespace(studio, 'north');
  await buildNamespace(studio, 'south');
  owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  editor = await buildMember(studio, 'editor@north.test', { north: 'edit:ns' });
  reader = await buildMember(studio, 'reader@north.test', { north: 'read:ns' });
  outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
  southEditor = await buildMember(studio, 'editor@south.test', {
    south: 'edit:ns',
    north: 'read:ns',
  });
});

afterAll(async () => {
  await studio?.stop();
});

describe('inbox count past its cap', () => {
  let storyfile: SeededStoryfile;
  beforeAll(async () => {
    storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const { exchangeId } = await ask(editor, storyfile.id, 'Which film do you love most?');
    // 1,099 more copies of that exchange: past the count's cap (a thousand rows beyond the page).
    await studio.database.db.execute(sql`
      insert into chat_log_entries (conversation_id, storyfile_id, channel, question_text,
        input_mode, decision, normalized_text, created_at)
      select conversation_id, storyfile_id, channel, question_text || ' ' || g, input_mode,
        decision, normalized_text, created_at - g * interval '1 second'
      from chat_log_entries, generate_series(1, 1099) g where id = ${exchangeId}`);
    await studio.database.db.execute(sql`analyze chat_log_entries`);
  });

  it('estimates the total far from the end of the list and counts it exactly near the end', async () => {
    const first = await inbox(reader, { storyfileId: storyfile.id, pageSize: '10' });
    expect(first.isTotalEstimated).toBe(true);
    // Never below what the capped count saw: the page's end plus a thousand, and one more.
    expect(first.total).toBeGreaterThanOrEqual(1_011);
    expect(first.pageCount).toBe(Math.ceil(first.total / 10));
    expect(first.items).toHaveLength(10);
    const last = await inbox(reader, { storyfileId: storyfile.id, pageSize: '10', page: '100' });
    expect(last).toMatchObject({ total: 1_100, pageCount: 110, isTotalEstimated: false });
    expect(last.items).toHaveLength(10);
    const past = await inbox(reader, { storyfileId: storyfile.id, pageSize: '10', page: '120' });
    expect(past).toMatchObject({ total: 1_100, pageCount: 110, items: [] });
  });

  it('pages the same rows as one long page would, in order', async () => {
    const whole = await inbox(reader, { storyfileId: storyfile.id, pageSize: '100', page: '2' });
    const parts = await Promise.all(
      [11, 12].map((page) =>
        inbox(reader, { storyfileId: storyfile.id, pageSize: '10', page: String(page) }),
      ),
    );
    expect(parts.flatMap((part) => part.items.map((item) => item.id))).toEqual(
      whole.items.slice(0, 20).map((item) => item.id),
    );
  });
});

describe('logging for review', () => {
  let storyfile: SeededStoryfile;
  beforeAll(async () => {
    storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
  });

  it('keeps the top 3 candidates, the normalised text and a new review state with each exchange', async () => {
    const answer = await ask(editor, storyfile.id, 'Which film do you love most?');
    expect(answer.exchangeId).toMatch(/^[0-9a-f-]{36}$/);
    const page = await inbox(reader, { storyfileId: storyfile.id });
    const item = page.items.find((entry) => entry.id === answer.exchangeId)!;
    expect(item.reviewState).toBe('new');
    expect(item.feedback).toBeNull();
    expect(item.topCandidates.length).toBeGreaterThan(0);
    expect(item.topCandidates.length).toBeLessThanOrEqual(3);
    expect(item.topCandidates).toEqual(
      answer.candidates.slice(0, 3).map((candidate) => ({
        questionId: candidate.questionId,
        questionText: candidate.questionText,
        score: candidate.score,
      })),
    );
    expect(item.topMargin).toBe(
      item.topCandidates.length > 1
        ? item.topCandidates[0]!.score - item.topCandidates[1]!.score
        : null,
    );
    const [row] = await studio.database.db
      .select({ normalizedText: chatLogEntries.normalizedText })
      .from(chatLogEntries)
      .where(eq(chatLogEntries.id, answer.exchangeId));
    expect(row!.normalizedText).toBe('which film do you love most');
  });

  it('filters by decision, review state, near-ties and feedback; sorts any column; pages per §5', async () => {
    const harvest = await ask(editor, storyfile.id, HARVEST);
    await ask(editor, storyfile.id, BORN);
    // Two candidates within 0.05 of each other (the movie and the job answer), and two far apart
    // (the birthplace well ahead of the job): a near-tie and a logged margin that is not one.
    const tie = await ask(editor, storyfile.id, NEAR_TIE_QUESTION);
    const apart = await ask(editor, storyfile.id, CLEAR_LEAD_QUESTION);
    const fallbacks = await inbox(reader, { storyfileId: storyfile.id, decision: 'fallback' });
    expect(fallbacks.items.map((item) => item.questionText)).toContain(HARVEST);
    expect(fallbacks.items.every((item) => item.decision === 'fallback')).toBe(true);
    const sorted = await inbox(reader, {
      storyfileId: storyfile.id,
      sort: 'questionText',
      order: 'asc',
    });
    const texts = sorted.items.map((item) => item.questionText);
    expect(texts).toEqual(
      [...texts].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const paged = await inbox(reader, { storyfileId: storyfile.id, pageSize: '1', page: '2' });
    expect(paged).toMatchObject({
      page: 2,
      pageSize: 1,
      total: 5,
      pageCount: 5,
      isTotalEstimated: false,
    });
    expect(paged.items).toHaveLength(1);
    const searched = await inbox(reader, { storyfileId: storyfile.id, search: 'harvest' });
    expect(searched.items.map((item) => item.questionText)).toEqual([HARVEST]);

    const all = await inbox(reader, { storyfileId: storyfile.id });
    const margins = new Map(all.items.map((item) => [item.id, item.topMargin]));
    expect(margins.get(tie.exchangeId)).toBeLessThanOrEqual(NEAR_TIE_MARGIN);
    expect(margins.get(apart.exchangeId)).toBeGreaterThan(NEAR_TIE_MARGIN);
    const ties = await inbox(reader, { storyfileId: storyfile.id, nearTie: 'true' });
    expect(ties.total).toBe(1);
    expect(ties.items.map((item) => item.id)).toEqual([tie.exchangeId]);

    const unrated = await inbox(reader, { storyfileId: storyfile.id, feedback: 'none' });
    expect(unrated.total).toBe(5);

    // Nothing is resolved yet: the filter leaves out every new exchange. Marked out of scope, the
    // harvest question is resolved: it alone is listed as resolved, and no longer as new.
    const noneResolved = await inbox(reader, {
      storyfileId: storyfile.id,
      reviewState: 'resolved',
    });
    expect(noneResolved).toMatchObject({ total: 0, items: [] });
    await editor.expectStatus(201, 'POST', `${base(storyfile.id)}/actions`, {
      kind: 'out-of-scope',
      entryIds: [harvest.exchangeId],
    });
    const resolved = await inbox(reader, { storyfileId: storyfile.id, reviewState: 'resolved' });
    expect(resolved.total).toBe(1);
    expect(resolved.items.map((item) => [item.id, item.reviewState])).toEqual([
      [harvest.exchangeId, 'resolved'],
    ]);
    const open = await inbox(reader, { storyfileId: storyfile.id, reviewState: 'new' });
    expect(open.total).toBe(4);
    expect(open.items.map((item) => item.id)).not.toContain(harvest.exchangeId);

    const tooMany = await reader.get(`/v1/conversa/training/review-items?pageSize=101`);
    expect(tooMany).toMatchObject({
      status: 400,
      body: { message: 'We cannot show less than 1 or more than 100 items per page.' },
    });
  });

  it('shows nothing of another namespace', async () => {
    const page = await inbox(outsider, { storyfileId: storyfile.id });
    expect(page.total).toBe(0);
  });
});

describe('inbox filters by date, confidence class and channel, and sorts by every column', () => {
  // Three exchanges of one namespace, each column's values distinct where the data allows:
  //   A  "Where were you born?"        storyfile Alpha, studio, 2026-01-10 12:00, exact (score 1,
  //      one candidate: no margin), resolved, thumbs up
  //   B  CLOSE_LEAD_QUESTION           storyfile Alpha, embed,  2026-01-11 23:30, paraphrase
  //      (movie, margin 0.048), new, not rated
  //   C  "What is the capital of Peru?" storyfile Beta, share,  2026-01-12 00:30, fallback with
  //      low confidence (margin 0.06), ignored, thumbs down
  // Channels and times are written in SQL (an ask is logged now, in the studio channel); the
  // rest is what the asks, ratings and review actions logged.
  let sorter: ApiClient;
  let a: string;
  let b: string;
  let c: string;
  const list = async (query: Record<string, string>) =>
    (await inbox(sorter, { pageSize: '10', ...query })).items.map((item) => item.id);

  beforeAll(async () => {
    const namespaceId = await buildNamespace(studio, 'sorting');
    sorter = await buildMember(studio, 'owner@sorting.test', { sorting: 'owner:ns' });
    const alpha = await seedStoryfileWithAnswers(studio, sorter, namespaceId);
    const beta = await seedStoryfileWithAnswers(studio, sorter, namespaceId);
    await studio.database.db.execute(
      sql`update storyfiles set name = case id when ${alpha.id}::uuid then 'Alpha' else 'Beta' end
        where id in (${alpha.id}, ${beta.id})`,
    );
    a = (await ask(sorter, alpha.id, BORN)).exchangeId;
    b = (await ask(sorter, alpha.id, CLOSE_LEAD_QUESTION)).exchangeId;
    c = (await ask(sorter, beta.id, 'What is the capital of Peru?')).exchangeId;
    for (const [id, feedback] of [
      [a, 'up'],
      [c, 'down'],
    ] as const) {
      await sorter.expectStatus(200, 'POST', `/v1/conversa/exchanges/${id}/feedback`, { feedback });
    }
    await sorter.expectStatus(201, 'POST', `${base(alpha.id)}/actions`, {
      kind: 'out-of-scope',
      entryIds: [a],
    });
    await sorter.expectStatus(201, 'POST', `${base(beta.id)}/actions`, {
      kind: 'ignore',
      entryIds: [c],
    });
    for (const [id, channel, at] of [
      [a, 'studio', '2026-01-10T12:00:00Z'],
      [b, 'embed', '2026-01-11T23:30:00Z'],
      [c, 'share', '2026-01-12T00:30:00Z'],
    ] as const) {
      await studio.database.db.execute(
        sql`update chat_log_entries set channel = ${channel}, created_at = ${at}::timestamptz
          where id = ${id}`,
      );
    }
  });

  it('logged what the table below sorts by', async () => {
    const page = await inbox(sorter, {});
    const byId = new Map(page.items.map((item) => [item.id, item]));
    expect(page.total).toBe(3);
    expect(byId.get(a)).toMatchObject({
      storyfileName: 'Alpha',
      channel: 'studio',
      decision: 'answered',
      answerQuestionText: BORN,
      score: 1,
      confidence: 'exact',
      topMargin: null,
      reviewState: 'resolved',
      feedback: 'up',
    });
    expect(byId.get(b)).toMatchObject({
      storyfileName: 'Alpha',
      channel: 'embed',
      decision: 'answered',
      answerQuestionText: MOVIE,
      confidence: 'paraphrase',
      reviewState: 'new',
      feedback: null,
    });
    expect(byId.get(c)).toMatchObject({
      storyfileName: 'Beta',
      channel: 'share',
      decision: 'fallback',
      answerQuestionText: null,
      matchedQuestionText: null,
      confidence: 'low',
      reviewState: 'ignored',
      feedback: 'down',
    });
    const score = (id: string) => byId.get(id)!.score!;
    const margin = (id: string) => byId.get(id)!.topMargin!;
    expect(score(c)).toBeLessThan(score(b));
    expect(score(b)).toBeLessThan(score(a));
    expect(margin(b)).toBeLessThan(margin(c));
  });

  it('filters by days (a day as "to" includes the whole day) and by instants', async () => {
    expect(await list({})).toEqual([c, b, a]);
    expect(await list({ from: '2026-01-11' })).toEqual([c, b]);
    expect(await list({ to: '2026-01-11' })).toEqual([b, a]);
    expect(await list({ from: '2026-01-11', to: '2026-01-11' })).toEqual([b]);
    expect(await list({ to: '2026-01-11T23:00:00Z' })).toEqual([a]);
    expect(await list({ from: '2026-01-12T00:00:00.000Z' })).toEqual([c]);
    expect(await list({ from: '2026-01-13' })).toEqual([]);
  });

  it('filters by confidence class and by channel', async () => {
    expect(await list({ confidence: 'exact' })).toEqual([a]);
    expect(await list({ confidence: 'paraphrase' })).toEqual([b]);
    expect(await list({ confidence: 'low' })).toEqual([c]);
    expect(await list({ confidence: 'off-topic' })).toEqual([]);
    expect(await list({ channel: 'studio' })).toEqual([a]);
    expect(await list({ channel: 'embed' })).toEqual([b]);
    expect(await list({ channel: 'share' })).toEqual([c]);
    expect(await list({ channel: 'api' })).toEqual([]);
    expect(await list({ channel: 'embed', confidence: 'paraphrase', from: '2026-01-11' })).toEqual([
      b,
    ]);
  });

  // Equal values keep the newest first (A, B on storyfile Alpha; A, B both answered); a column
  // with no value (margin, feedback) sorts last going up and first going down.
  const SORTS = [
    ['createdAt', ['a', 'b', 'c'], ['c', 'b', 'a']],
    ['questionText', ['c', 'b', 'a'], ['a', 'b', 'c']],
    ['storyfileName', ['b', 'a', 'c'], ['c', 'b', 'a']],
    ['channel', ['b', 'c', 'a'], ['a', 'c', 'b']],
    ['decision', ['b', 'a', 'c'], ['c', 'b', 'a']],
    ['answer', ['c', 'b', 'a'], ['a', 'b', 'c']],
    ['score', ['c', 'b', 'a'], ['a', 'b', 'c']],
    ['confidence', ['a', 'c', 'b'], ['b', 'c', 'a']],
    ['topMargin', ['b', 'c', 'a'], ['a', 'c', 'b']],
    ['reviewState', ['c', 'b', 'a'], ['a', 'b', 'c']],
    ['feedback', ['c', 'a', 'b'], ['b', 'a', 'c']],
  ] as const;

  it('has a case for every sortable column', () => {
    expect(SORTS.map(([sort]) => sort).sort()).toEqual([...REVIEW_SORT_FIELDS].sort());
  });

  it.each(SORTS)('sorts by %s both ways', async (sort, ascending, descending) => {
    const ids = { a, b, c };
    expect(await list({ sort, order: 'asc' })).toEqual(ascending.map((key) => ids[key]));
    expect(await list({ sort, order: 'desc' })).toEqual(descending.map((key) => ids[key]));
  });
});

describe('visitor feedback', () => {
  let storyfile: SeededStoryfile;
  let slug: string;
  beforeAll(async () => {
    storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const publication = await owner.expectStatus<{ slug: string }>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/publish`,
    );
    slug = publication.slug;
  });

  it('lets the asker in the interact tab rate an answer once; nobody else', async () => {
    const answer = await ask(editor, storyfile.id, MOVIE);
    const path = `/v1/conversa/exchanges/${answer.exchangeId}/feedback`;
    expect(await reader.post(path, { feedback: 'up' })).toMatchObject({
      status: 404,
      body: { message: EXCHANGE_NOT_FOUND_MESSAGE },
    });
    expect(await editor.post(path, { feedback: 'down' })).toMatchObject({
      status: 200,
      body: { exchangeId: answer.exchangeId, feedback: 'down' },
    });
    expect(await editor.post(path, { feedback: 'up' })).toMatchObject({
      status: 409,
      body: { message: EXCHANGE_ALREADY_RATED_MESSAGE },
    });
    const down = await inbox(reader, { storyfileId: storyfile.id, feedback: 'down' });
    expect(down.items.map((item) => [item.id, item.feedback])).toEqual([
      [answer.exchangeId, 'down'],
    ]);
  });

  it('lets a visitor of the public player rate their own answer once', async () => {
    const visitor = new ApiClient(new TestBrowser(studio.baseUrl));
    await visitor.get(`/v1/conversa/public/storyfiles/${slug}`);
    const answer = await visitor.expectStatus<PublicAskResponse>(
      200,
      'POST',
      `/v1/conversa/public/storyfiles/${slug}/ask`,
      { text: BORN, channel: 'share' },
    );
    const path = `/v1/conversa/public/storyfiles/${slug}/exchanges/${answer.exchangeId}/feedback`;
    const stranger = new ApiClient(new TestBrowser(studio.baseUrl));
    await stranger.get(`/v1/conversa/public/storyfiles/${slug}`);
    expect((await stranger.post(path, { feedback: 'down' })).status).toBe(404);
    expect(await visitor.post(path, { feedback: 'up' })).toMatchObject({
      status: 200,
      body: { feedback: 'up' },
    });
    expect((await visitor.post(path, { feedback: 'down' })).status).toBe(409);
    const up = await inbox(reader, { storyfileId: storyfile.id, feedback: 'up' });
    expect(up.items.map((item) => item.id)).toEqual([answer.exchangeId]);
  });
});

describe('review changes', () => {
  let storyfile: SeededStoryfile;
  let harvest: Awaited<ReturnType<typeof ask>>;
  let film: AskResponse;
  beforeAll(async () => {
    storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    harvest = await ask(editor, storyfile.id, HARVEST);
    await ask(editor, storyfile.id, 'tell me about the Harvest Festival!');
    film = await ask(editor, storyfile.id, FILM_ALTERNATE);
    await ask(editor, storyfile.id, BORN);
  });

  it('refuses changes to readers (403 with the §6 message) and to other namespaces (404)', async () => {
    const change = {
      kind: 'correct',
      entryIds: [harvest.exchangeId],
      questionId: storyfile.questions[LIVING],
    };
    for (const path of [`${base(storyfile.id)}/preview`, `${base(storyfile.id)}/actions`]) {
      expect(await reader.post(path, change)).toMatchObject({
        status: 403,
        body: { message: EDIT_REFUSAL },
      });
      expect(await outsider.post(path, change)).toMatchObject({
        status: 404,
        body: { message: STORYFILE_NOT_FOUND_MESSAGE },
      });
    }
    expect((await reader.get(`${base(storyfile.id)}/actions`)).status).toBe(200);
    expect((await reader.get(`${base(storyfile.id)}/clusters`)).status).toBe(200);
    expect((await outsider.get(`${base(storyfile.id)}/clusters`)).status).toBe(404);
  });

  it('refuses exchanges of another storyfile', async () => {
    const other = await seedStoryfileWithAnswers(studio, owner, northId);
    const foreign = await ask(editor, other.id, HARVEST);
    expect(
      await editor.post(`${base(storyfile.id)}/preview`, {
        kind: 'out-of-scope',
        entryIds: [foreign.exchangeId],
      }),
    ).toMatchObject({ status: 400, body: { message: REVIEW_ENTRIES_NOT_FOUND_MESSAGE } });
  });

  it('lists recorded answers first, unrecorded marked', async () => {
    const { items } = await reader.expectStatus<{ items: ReviewAnswerOption[] }>(
      200,
      'GET',
      `${base(storyfile.id)}/answers`,
    );
    expect(items.map((item) => [item.text, item.isRecorded])).toEqual([
      [LIVING, true],
      [MOVIE, true],
      [BORN, true],
      [UNRECORDED_QUESTION, false],
    ]);
  });

  it('previews the moves of a hand-computed case', async () => {
    // The harvest question is asked twice (same normalised text) and falls back; as an
    // alternate of LIVING both are exact matches: 2 move from fallback to an answer. BORN is
    // an exact match of its own answer and stays.
    const toLiving = await editor.expectStatus<ReviewPreview>(
      200,
      'POST',
      `${base(storyfile.id)}/preview`,
      {
        kind: 'correct',
        entryIds: [harvest.exchangeId],
        questionId: storyfile.questions[LIVING],
      },
    );
    expect(toLiving).toMatchObject({
      examined: 4,
      moved: 2,
      fromFallback: 2,
      betweenAnswers: 0,
      toFallback: 0,
    });
    expect(toLiving.moves).toHaveLength(1);
    expect(toLiving.moves[0]!.questionText).toMatch(/harvest festival/i);
    expect(toLiving.moves).toMatchObject([
      {
        count: 2,
        before: { questionId: null, questionText: null },
        after: { questionId: storyfile.questions[LIVING], questionText: LIVING },
      },
    ]);
    expect(describeReviewPreview(toLiving)).toBe(
      'These changes move 2 past questions: 2 from fallback to an answer, 0 from one answer to another, 0 from an answer to fallback.',
    );
    // FILM_ALTERNATE is MOVIE's own alternate: corrected to BORN, it leaves MOVIE (a duplicate
    // phrasing is dropped from a competing answer) and moves from one answer to another.
    const toBorn = await editor.expectStatus<ReviewPreview>(
      200,
      'POST',
      `${base(storyfile.id)}/preview`,
      {
        kind: 'correct',
        entryIds: [film.exchangeId],
        questionId: storyfile.questions[BORN],
      },
    );
    expect(toBorn).toMatchObject({ moved: 1, fromFallback: 0, betweenAnswers: 1, toFallback: 0 });
    expect(toBorn.moves[0]).toMatchObject({
      before: { questionText: MOVIE },
      after: { questionText: BORN },
    });
    // Previewing changed nothing: the same question still falls back.
    expect((await ask(editor, storyfile.id, HARVEST)).decision.kind).toBe('fallback');
  });

  it('applies a correct match in one go: alternate with provenance, matcher refreshed, open twins closed; undo restores', async () => {
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'correct',
        entryIds: [harvest.exchangeId],
        questionId: storyfile.questions[LIVING],
      },
    );
    expect(applied.preview.fromFallback).toBe(3);
    expect(applied.action).toMatchObject({
      kind: 'correct',
      questionId: storyfile.questions[LIVING],
      questionText: LIVING,
      entryIds: [harvest.exchangeId],
      addedAlternates: [HARVEST],
      createdBy: { email: 'editor@north.test' },
      undoneAt: null,
    });
    expect(Date.now() - Date.parse(applied.action.createdAt)).toBeLessThan(60_000);
    // The other two harvest exchanges (asked again before the change) closed by themselves.
    expect(applied.action.autoClosedEntryIds).toHaveLength(2);
    expect(await alternatesOf(storyfile.questions[LIVING]!)).toEqual([
      'What is your job?',
      HARVEST,
    ]);
    expect(await reviewState(harvest.exchangeId)).toBe('resolved');
    for (const id of applied.action.autoClosedEntryIds) {
      expect(await reviewState(id)).toBe('resolved');
    }
    const again = await ask(editor, storyfile.id, 'Tell me about the harvest festival?');
    expect(again.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[LIVING] });

    const history = await reader.expectStatus<ReviewActionList>(
      200,
      'GET',
      `${base(storyfile.id)}/actions`,
    );
    expect(history.items[0]!.id).toBe(applied.action.id);

    const undone = await editor.expectStatus<ReviewAction>(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect(undone.undoneAt).not.toBeNull();
    expect(await alternatesOf(storyfile.questions[LIVING]!)).toEqual(['What is your job?']);
    expect(await reviewState(harvest.exchangeId)).toBe('new');
    expect((await ask(editor, storyfile.id, HARVEST)).decision.kind).toBe('fallback');
    expect(
      await editor.post(`${base(storyfile.id)}/actions/${applied.action.id}/undo`),
    ).toMatchObject({ status: 409, body: { message: REVIEW_ACTION_ALREADY_UNDONE_MESSAGE } });
    expect(
      (await reader.post(`${base(storyfile.id)}/actions/${applied.action.id}/undo`)).status,
    ).toBe(403);
  });

  it('drops a duplicate phrasing from the competing answer, and undo puts it back', async () => {
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'correct',
        entryIds: [film.exchangeId],
        questionId: storyfile.questions[BORN],
      },
    );
    expect(applied.action.removedAlternates).toEqual([
      { questionId: storyfile.questions[MOVIE], text: FILM_ALTERNATE },
    ]);
    expect(await alternatesOf(storyfile.questions[MOVIE]!)).toEqual([]);
    expect(await alternatesOf(storyfile.questions[BORN]!)).toContain(FILM_ALTERNATE);
    expect((await ask(editor, storyfile.id, FILM_ALTERNATE)).decision).toEqual({
      kind: 'answer',
      questionId: storyfile.questions[BORN],
    });
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect(await alternatesOf(storyfile.questions[MOVIE]!)).toEqual([FILM_ALTERNATE]);
    expect(await alternatesOf(storyfile.questions[BORN]!)).toEqual(['What is your birthplace?']);
  });

  it('queues a question to record in the script (checklist shows it), and undo removes it', async () => {
    const asked = await ask(editor, storyfile.id, 'Did you ever sail a boat?');
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'record',
        entryIds: [asked.exchangeId],
      },
    );
    expect(applied.action).toMatchObject({
      kind: 'record',
      questionText: 'Did you ever sail a boat?',
    });
    expect(await reviewState(asked.exchangeId)).toBe('queued');
    const detail = await reader.expectStatus<StoryfileDetail>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}`,
    );
    const topic = detail.topics.find((entry) => entry.name === RECORD_QUEUE_TOPIC_NAME)!;
    expect(topic.questions).toMatchObject([
      { text: 'Did you ever sail a boat?', answerRecordedAt: null },
    ]);
    expect(topic.questions[0]!.queuedToRecordAt).not.toBeNull();
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    const after = await reader.expectStatus<StoryfileDetail>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}`,
    );
    expect(
      after.topics
        .flatMap((entry) => entry.questions)
        .some((q) => q.text === 'Did you ever sail a boat?'),
    ).toBe(false);
    expect(await reviewState(asked.exchangeId)).toBe('new');
  });

  it('marks out of scope, and undo reopens', async () => {
    const asked = await ask(editor, storyfile.id, 'What is the capital of Peru?');
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'out-of-scope',
        entryIds: [asked.exchangeId],
      },
    );
    expect(applied.preview.moved).toBe(0);
    expect(await reviewState(asked.exchangeId)).toBe('resolved');
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect(await reviewState(asked.exchangeId)).toBe('new');
  });

  it('ignores by normalised text: asked again in other words of case and punctuation, it stays ignored; undo reopens all', async () => {
    const first = await ask(editor, storyfile.id, 'Are you a robot?');
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'ignore',
        entryIds: [first.exchangeId],
      },
    );
    expect(applied.action.normalizedTexts).toEqual(['are you a robot']);
    expect(await reviewState(first.exchangeId)).toBe('ignored');
    const again = await ask(reader, storyfile.id, 'ARE you a robot!!');
    expect(await reviewState(again.exchangeId)).toBe('ignored');
    const ignored = await inbox(reader, { storyfileId: storyfile.id, reviewState: 'ignored' });
    expect(ignored.items.map((item) => item.id).sort()).toEqual(
      [first.exchangeId, again.exchangeId].sort(),
    );
    await editor.expectStatus(
      200,
      'POST',
      `${base(storyfile.id)}/actions/${applied.action.id}/undo`,
    );
    expect(await reviewState(first.exchangeId)).toBe('new');
    expect(await reviewState(again.exchangeId)).toBe('new');
    const third = await ask(reader, storyfile.id, 'are you a robot');
    expect(await reviewState(third.exchangeId)).toBe('new');
  });
});

describe('clusters', () => {
  it('groups paraphrases that fell back, with count, distinct visitors and first/last seen, ranked by weight', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const first = await ask(editor, storyfile.id, 'What crops did you grow on the farm?');
    await ask(editor, storyfile.id, 'Which crops did you grow on your farm?');
    await ask(reader, storyfile.id, 'what crops were grown on the farm');
    await ask(reader, storyfile.id, 'Do you like jazz music?');
    await ask(reader, storyfile.id, BORN);
    const { items } = await reader.expectStatus<ReviewClusterList>(
      200,
      'GET',
      `${base(storyfile.id)}/clusters`,
    );
    expect(
      items.map((cluster) => [cluster.representative, cluster.count, cluster.visitors]),
    ).toEqual([
      [expect.stringMatching(/crops/i), 3, 2],
      ['Do you like jazz music?', 1, 1],
    ]);
    // Three fallbacks (weight 2) just now rank ≈ 6.
    expect(items[0]!.rank).toBeGreaterThan(5.99);
    expect(items[0]!.rank).toBeLessThanOrEqual(6);
    expect(items[0]!.entryIds).toHaveLength(3);
    expect(Date.parse(items[0]!.firstSeen)).toBeLessThanOrEqual(Date.parse(items[0]!.lastSeen));

    // The group as a whole: corrected in one change, 3 move.
    const applied = await editor.expectStatus<AppliedReview>(
      201,
      'POST',
      `${base(storyfile.id)}/actions`,
      {
        kind: 'correct',
        entryIds: items[0]!.entryIds,
        questionId: storyfile.questions[LIVING],
      },
    );
    expect(applied.preview.fromFallback).toBe(3);
    expect(applied.action.addedAlternates).toHaveLength(3);
    const after = await reader.expectStatus<ReviewClusterList>(
      200,
      'GET',
      `${base(storyfile.id)}/clusters`,
    );
    expect(after.items.map((cluster) => cluster.representative)).toEqual([
      'Do you like jazz music?',
    ]);
    expect(first.decision.kind).toBe('fallback');
  });
});

describe('clusters read questions as the storyfile’s matcher does', () => {
  it('folds the storyfile’s categories: two questions that differ only by their phrases join one group', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    for (const text of ['Tell me about your automobile', 'Tell me about your car']) {
      expect((await ask(editor, storyfile.id, text)).decision).toEqual(OFF_TOPIC);
    }
    // Each group's questions, groups in the order of their first question.
    const clusters = async () =>
      (
        await reader.expectStatus<ReviewClusterList>(200, 'GET', `${base(storyfile.id)}/clusters`)
      ).items
        .map((cluster) => cluster.questions.map((question) => question.text).sort())
        .sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(await clusters()).toEqual([
      ['Tell me about your automobile'],
      ['Tell me about your car'],
    ]);
    const created = await editor.expectStatus<SavedCategory>(
      201,
      'POST',
      '/v1/conversa/training/categories',
      {
        namespaceId: northId,
        storyfileId: storyfile.id,
        name: `Cars of ${storyfile.id.slice(0, 6)}`,
        phrases: ['automobile', 'car'],
      },
    );
    expect(await clusters()).toEqual([['Tell me about your automobile', 'Tell me about your car']]);
    await editor.expectStatus(
      200,
      'DELETE',
      `/v1/conversa/training/categories/${created.category.id}`,
    );
    expect(await clusters()).toHaveLength(2);
  });

  it('uses the conversation engine’s embedder, the one its matchers are built with', async () => {
    // A stand-in for a sentence-embedding model: "children" and "offspring" point the same way.
    const embedded: string[] = [];
    const embedder: Embedder = {
      embed(text) {
        embedded.push(text);
        return Float32Array.from([/children|offspring/i.test(text) ? 1 : 0]);
      },
    };
    const engine = await createConversationEngine(studio.database.db, {
      mediaUrlTtlSeconds: 60,
      metrics: { countAsk: () => undefined },
      embedder,
      ignores: ignoredQuestions,
      vocabulary: storyfileVocabulary,
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    for (const text of ['Do you have any children?', 'Any offspring at all?']) {
      expect((await ask(editor, storyfile.id, text)).decision.kind).toBe('fallback');
    }
    // The studio's own engine has no embedder: two groups. This one's: one.
    expect(
      (await reader.expectStatus<ReviewClusterList>(200, 'GET', `${base(storyfile.id)}/clusters`))
        .items,
    ).toHaveLength(2);
    const { items } = await listReviewClusters(engine, storyfile.id);
    expect(items.map((cluster) => cluster.count)).toEqual([2]);
    expect(embedded).toEqual(expect.arrayContaining(['Any offspring at all?']));
    const { matcher } = await getStoryfileMatcher(engine, storyfile.id);
    embedded.length = 0;
    matcher.match('Any offspring at all?');
    expect(embedded).toEqual(expect.arrayContaining(['Any offspring at all?', BORN]));
  });

  it('offers a fallback as an alternate of the recorded question it means ("looks like"), never of an unrecorded one', async () => {
    // A stand-in for a sentence model: one dimension per idea, none shared by word.
    const ideas = [/born|hometown|birthplace|grow up/i, /movie|film/i, /job|living/i, /pets?|dog/i];
    const embedder: Embedder = {
      embed: (text) => Float32Array.from(ideas.map((idea) => (idea.test(text) ? 1 : 0))),
    };
    const engine = await createConversationEngine(studio.database.db, {
      mediaUrlTtlSeconds: 60,
      metrics: { countAsk: () => undefined },
      embedder,
      ignores: ignoredQuestions,
      vocabulary: storyfileVocabulary,
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const HOMETOWN = 'Which place did you grow up in?';
    const DOG = 'Have you got a dog?';
    for (const text of [HOMETOWN, DOG]) {
      expect((await ask(editor, storyfile.id, text)).decision.kind).toBe('fallback');
    }
    const { items } = await listReviewClusters(engine, storyfile.id);
    const looksLike = Object.fromEntries(
      items.map((item) => [item.representative, item.looksLike]),
    );
    expect(looksLike[HOMETOWN]).toEqual({
      questionId: storyfile.questions[BORN],
      questionText: BORN,
      score: 1,
    });
    expect(describeLooksLike(looksLike[HOMETOWN]!.questionText)).toBe(`looks like: ${BORN}`);
    // "Do you have any pets?" is in the script but not recorded: nothing to offer.
    expect(looksLike[DOG]).toBeNull();
    // Without an embedder (the studio's own engine here) nothing is offered.
    const plain = await reader.expectStatus<ReviewClusterList>(
      200,
      'GET',
      `${base(storyfile.id)}/clusters`,
    );
    expect(plain.items.map((item) => item.looksLike)).toEqual([null, null]);
    // One click in Response quality is a correct match to that answer, with its preview.
    const cluster = items.find((item) => item.representative === HOMETOWN)!;
    const change = {
      kind: 'correct',
      entryIds: cluster.entryIds,
      questionId: looksLike[HOMETOWN]!.questionId,
    };
    const preview = await editor.expectStatus<ReviewPreview>(
      200,
      'POST',
      `${base(storyfile.id)}/preview`,
      change,
    );
    expect(preview).toMatchObject({ moved: 1, fromFallback: 1, toFallback: 0 });
    await editor.expectStatus<AppliedReview>(201, 'POST', `${base(storyfile.id)}/actions`, change);
    expect(await alternatesOf(storyfile.questions[BORN]!)).toContain(HOMETOWN);
    expect((await ask(editor, storyfile.id, HOMETOWN)).decision).toMatchObject({
      kind: 'answer',
      questionId: storyfile.questions[BORN],
    });
  });
});

describe('training overview (Instructions)', () => {
  it('reads the storyfile’s own numbers', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId, [
      'idle',
      'cannotAnswer',
    ]);
    await ask(editor, storyfile.id, BORN);
    await ask(editor, storyfile.id, 'What is the capital of Peru?');
    const overview = await reader.expectStatus<TrainingOverview>(
      200,
      'GET',
      `${base(storyfile.id)}/overview`,
    );
    expect(overview).toMatchObject({
      questionCount: 4,
      unrecordedCount: 1,
      queuedToRecordCount: 0,
      missingClips: ['intro', 'pleaseRepeat'],
      last7Days: { days: 7, asked: 2, answered: 1, fellBack: 1 },
      last30Days: { days: 30, asked: 2, answered: 1, fellBack: 1 },
      openReviewCount: 2,
      openGroupCount: 1,
      isThresholdAutomatic: true,
    });
    expect(overview.threshold).toBeGreaterThan(0);
    expect((await outsider.get(`${base(storyfile.id)}/overview`)).status).toBe(404);
  });
});

describe('custom categories', () => {
  const path = '/v1/conversa/training/categories';

  it('validates, warns on a phrase in two categories, counts usage, and makes the matcher fold synonyms at once', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    // "pictures" is in no phrasing: before the category, this question has little to go on.
    const before = await ask(editor, storyfile.id, 'What are your favourite pictures?');
    expect(
      await editor.post(path, { namespaceId: northId, name: 'Empty', phrases: ['movie', ' '] }),
    ).toMatchObject({
      status: 400,
      body: { message: 'A phrase cannot be empty.' },
    });
    expect(
      (
        await reader.post(path, {
          namespaceId: northId,
          name: 'Cinema',
          phrases: ['movie', 'pictures'],
        })
      ).status,
    ).toBe(403);
    const created = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      name: `Cinema ${storyfile.id.slice(0, 6)}`,
      phrases: ['movie', 'pictures', 'motion picture'],
    });
    expect(created.warnings).toEqual([]);
    expect(created.category.usedByAnswers).toBeGreaterThanOrEqual(1);
    expect(created.category.foldedQuestions).toBeGreaterThanOrEqual(1);
    const after = await ask(editor, storyfile.id, 'What are your favourite pictures?');
    expect(after.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(after.score!).toBeGreaterThan(before.candidates[0]?.score ?? 0);
    expect(after.candidates[0]!.matchedTerms).toContain(`#${created.category.name}`);

    const overlapping = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      name: `Films ${storyfile.id.slice(0, 6)}`,
      phrases: ['movie', 'flick'],
    });
    expect(overlapping.warnings).toEqual([
      { phrase: 'movie', otherCategory: created.category.name },
    ]);
    expect(
      await editor.post(path, {
        namespaceId: northId,
        name: created.category.name,
        phrases: ['a', 'b'],
      }),
    ).toMatchObject({ status: 409 });

    const page = await reader.expectStatus<CategoryPage>(
      200,
      'GET',
      `${path}?namespaceId=${northId}&search=${encodeURIComponent('flick')}`,
    );
    expect(page.items.map((item) => item.name)).toEqual([overlapping.category.name]);
    expect((await outsider.get(`${path}?namespaceId=${northId}`)).status).toBe(404);

    await editor.expectStatus(200, 'DELETE', `${path}/${created.category.id}`);
    await editor.expectStatus(200, 'DELETE', `${path}/${overlapping.category.id}`);
    const gone = await ask(editor, storyfile.id, 'What are your favourite pictures?');
    expect(gone.candidates[0]?.matchedTerms ?? []).not.toContain(`#${created.category.name}`);
  });
  it('counts usage exactly: whole words and phrases, once a question, in its scope, over 30 days', async () => {
    const namespaceId = await buildNamespace(studio, 'usage');
    const usageOwner = await buildMember(studio, 'owner@usage.test', { usage: 'owner:ns' });
    const [first, second, gone] = [
      await seedStoryfileWithAnswers(studio, usageOwner, namespaceId),
      await seedStoryfileWithAnswers(studio, usageOwner, namespaceId),
      await seedStoryfileWithAnswers(studio, usageOwner, namespaceId),
    ];
    // An accented alternate: "Café" is the word "cafe" once folded, as the matcher folds it.
    await studio.database.db.execute(sql`update storyfile_questions
      set alternates = array['Do you like the Café on the corner?']
      where id = ${first.questions[UNRECORDED_QUESTION]}`);
    await usageOwner.expectStatus(200, 'DELETE', `/v1/conversa/storyfiles/${gone.id}`);
    const created = await usageOwner.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId,
      name: 'Screen',
      phrases: ['movie', 'film', 'cafe'],
    });
    // The movie question of both live storyfiles (its "movie" and its alternate's "film" count
    // once), and the first one's pets question by its alternate; none of the deleted storyfile.
    expect(created.category).toMatchObject({ usedByAnswers: 3, foldedQuestions: 0 });
    const own = await usageOwner.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId,
      storyfileId: second.id,
      name: 'Pictures',
      phrases: ['motion picture', 'movie'],
    });
    expect(own.category).toMatchObject({ usedByAnswers: 1, foldedQuestions: 0 });

    await ask(usageOwner, first.id, 'What movie do you like?');
    await ask(usageOwner, first.id, 'Film and movie night?');
    await ask(usageOwner, second.id, 'Any good films?');
    await ask(usageOwner, second.id, 'A motion picture, please');
    await ask(usageOwner, second.id, 'A picture in motion');
    const old = await ask(usageOwner, second.id, 'Which movie was it?');
    await studio.database.db.execute(sql`update chat_log_entries
      set created_at = now() - interval '31 days' where id = ${old.exchangeId}`);
    const page = await usageOwner.expectStatus<CategoryPage>(
      200,
      'GET',
      `${path}?namespaceId=${namespaceId}`,
    );
    expect(page.items.map((item) => [item.name, item.usedByAnswers, item.foldedQuestions])).toEqual(
      [
        // "films" is not "film"; the 31-day-old question is past the window.
        ['Pictures', 1, 1],
        ['Screen', 3, 2],
      ],
    );
  });

  it('folds a storyfile’s own category in that storyfile only, not in another storyfile of the namespace', async () => {
    const own = await seedStoryfileWithAnswers(studio, owner, northId);
    const other = await seedStoryfileWithAnswers(studio, owner, northId);
    // "motion picture" is in no phrasing: without a category the question falls back. The other
    // storyfile is asked only once the category exists, so its matcher is built then, reading
    // the categories it folds.
    const question = 'What is your favourite motion picture?';
    expect((await ask(editor, own.id, question)).decision).toEqual(OFF_TOPIC);
    const created = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      storyfileId: own.id,
      name: `Cinema of ${own.id.slice(0, 6)}`,
      phrases: ['movie', 'motion picture'],
    });
    expect(created.category).toMatchObject({ storyfileId: own.id, storyfileName: own.name });
    const inOwn = await ask(editor, own.id, question);
    expect(inOwn.decision).toEqual({ kind: 'answer', questionId: own.questions[MOVIE] });
    expect(inOwn.candidates[0]!.matchedTerms).toContain(`#${created.category.name}`);
    const inOther = await ask(editor, other.id, question);
    expect(inOther.decision).toEqual(OFF_TOPIC);
    expect(inOther.candidates.flatMap((candidate) => candidate.matchedTerms)).not.toContain(
      `#${created.category.name}`,
    );
    await editor.expectStatus(200, 'DELETE', `${path}/${created.category.id}`);
  });

  it('reaches the storyfile’s cached matcher at its next stamp check: the same matcher, updated in place', async () => {
    // An engine of its own, so the test holds its cache; the studio's works the same way.
    const engine = await createConversationEngine(studio.database.db, {
      mediaUrlTtlSeconds: 60,
      metrics: { countAsk: () => undefined },
      ignores: ignoredQuestions,
      vocabulary: storyfileVocabulary,
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const question = 'What is your favourite motion picture?';
    const cached = await getStoryfileMatcher(engine, storyfile.id);
    const { matcher } = cached;
    expect(matcher.match(question).decision).toEqual(OFF_TOPIC);

    const category = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      storyfileId: storyfile.id,
      name: `Cinema in place ${storyfile.id.slice(0, 6)}`,
      phrases: ['movie', 'motion picture'],
    });
    const refreshed = await getStoryfileMatcher(engine, storyfile.id);
    expect(refreshed).toBe(cached);
    expect(refreshed.matcher).toBe(matcher);
    expect(refreshed.categories.map((item) => item.name)).toContain(category.category.name);
    expect(matcher.match(question).decision).toEqual({
      kind: 'answer',
      answerId: storyfile.questions[MOVIE],
    });

    const word = await editor.expectStatus<CustomWord>(201, 'POST', '/v1/conversa/training/words', {
      namespaceId: northId,
      term: `Kubrick${storyfile.id.slice(0, 4)}`,
      heardAs: ['cube rick'],
    });
    const withWord = await getStoryfileMatcher(engine, storyfile.id);
    expect(withWord.matcher).toBe(matcher);
    expect(withWord.heardAsRules).toContainEqual({ heardAs: 'cube rick', replacement: word.term });
    await editor.expectStatus(200, 'DELETE', `/v1/conversa/training/words/${word.id}`);
    await editor.expectStatus(200, 'DELETE', `${path}/${category.category.id}`);
    const without = await getStoryfileMatcher(engine, storyfile.id);
    expect(without.matcher).toBe(matcher);
    expect(without.heardAsRules).not.toContainEqual(
      expect.objectContaining({ heardAs: 'cube rick' }),
    );
    expect(matcher.match(question).decision).toEqual(OFF_TOPIC);
  });

  it('refuses a reader’s update and delete (403 with the §6 message) and leaves the category as it was', async () => {
    const created = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      name: `Cars ${Math.random().toString(36).slice(2, 8)}`,
      phrases: ['car', 'automobile'],
    });
    const itemPath = `${path}/${created.category.id}`;
    const change = { name: 'Renamed by a reader', phrases: ['truck', 'lorry'] };
    // A reader of the namespace, refused by the route's permission; an editor of another
    // namespace who reads this one, refused by the check on the category's own namespace.
    for (const client of [reader, southEditor]) {
      expect(await client.put(itemPath, change)).toMatchObject({
        status: 403,
        body: { message: EDIT_REFUSAL },
      });
      expect(await client.delete(itemPath)).toMatchObject({
        status: 403,
        body: { message: EDIT_REFUSAL },
      });
    }
    // Someone who cannot see the namespace is told it does not exist.
    expect(await outsider.put(itemPath, change)).toMatchObject({
      status: 404,
      body: { message: CATEGORY_NOT_FOUND_MESSAGE },
    });
    expect(await outsider.delete(itemPath)).toMatchObject({
      status: 404,
      body: { message: CATEGORY_NOT_FOUND_MESSAGE },
    });
    const page = await reader.expectStatus<CategoryPage>(
      200,
      'GET',
      `${path}?namespaceId=${northId}&search=${encodeURIComponent(created.category.name)}`,
    );
    expect(page.items).toMatchObject([
      { id: created.category.id, name: created.category.name, phrases: ['car', 'automobile'] },
    ]);
    await editor.expectStatus(200, 'PUT', itemPath, { ...change, name: created.category.name });
    await editor.expectStatus(200, 'DELETE', itemPath);
  });
});

describe('custom words', () => {
  const path = '/v1/conversa/training/words';

  it('applies "heard as" rules to spoken questions before matching, never to typed ones; the test bench shows each step', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    expect((await reader.post(path, { namespaceId: northId, term: 'Nope' })).status).toBe(403);
    const word = await editor.expectStatus<CustomWord>(201, 'POST', path, {
      namespaceId: northId,
      term: `birthplace${storyfile.id.slice(0, 4)}`,
      displayForm: 'birthplace',
      heardAs: ['bird place', 'Bird Place', 'burp lace'],
    });
    expect(word.heardAs).toEqual(['bird place', 'burp lace']);
    const spoken = await editor.expectStatus<AskResponse>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/ask`,
      { text: 'what is your bird place', inputMode: 'spoken' },
    );
    // After the rule it is BORN's own alternate, "What is your birthplace?": an exact match.
    expect(spoken.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[BORN] });
    expect(spoken.confidence).toBe('exact');
    const typed = await ask(editor, storyfile.id, 'what is your bird place');
    expect(typed.confidence).not.toBe('exact');
    const logged = await inbox(reader, {
      storyfileId: storyfile.id,
      sort: 'createdAt',
      order: 'asc',
    });
    expect(logged.items.map((item) => [item.questionText, item.inputMode])).toEqual([
      ['what is your birthplace', 'spoken'],
      ['what is your bird place', 'typed'],
    ]);

    await editor.expectStatus(201, 'POST', '/v1/conversa/training/categories', {
      namespaceId: northId,
      name: `Cinema bench ${storyfile.id.slice(0, 6)}`,
      phrases: ['movie', 'flick'],
    });
    const bench = await reader.expectStatus<TestBenchResult>(
      200,
      'POST',
      `${base(storyfile.id)}/test-bench`,
      { text: 'what is your favourite flicks from the bird place', inputMode: 'spoken' },
    );
    expect(bench).toMatchObject({
      raw: 'what is your favourite flicks from the bird place',
      afterReplacements: 'what is your favourite flicks from the birthplace',
      replacements: [{ heardAs: 'bird place', replacement: 'birthplace', count: 1 }],
      // "flicks" folds by the phrase "flick" as the matcher folds it (issue 32, item 14): the
      // words typed are named, and the bench agrees with the #category a match shows.
      categoriesFolded: [
        { category: `Cinema bench ${storyfile.id.slice(0, 6)}`, phrase: 'flicks' },
      ],
    });
    expect(bench.candidates.length).toBeGreaterThan(0);
    expect(bench.candidates.length).toBeLessThanOrEqual(3);
    const search = await reader.expectStatus<CustomWordPage>(
      200,
      'GET',
      `${path}?namespaceId=${northId}&search=burp`,
    );
    expect(search.items.map((item) => item.id)).toEqual([word.id]);
    await editor.expectStatus(200, 'DELETE', `${path}/${word.id}`);
    const after = await editor.expectStatus<AskResponse>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/ask`,
      { text: 'what is your bird place', inputMode: 'spoken' },
    );
    expect(after.confidence).not.toBe('exact');
  });

  it('refuses a reader’s update and delete (403 with the §6 message) and leaves the word as it was', async () => {
    const word = await editor.expectStatus<CustomWord>(201, 'POST', path, {
      namespaceId: northId,
      term: `Saoirse${Math.random().toString(36).slice(2, 6)}`,
      heardAs: ['seer sha'],
    });
    const itemPath = `${path}/${word.id}`;
    const change = { term: 'Renamed', heardAs: ['something else'] };
    for (const client of [reader, southEditor]) {
      expect(await client.put(itemPath, change)).toMatchObject({
        status: 403,
        body: { message: EDIT_REFUSAL },
      });
      expect(await client.delete(itemPath)).toMatchObject({
        status: 403,
        body: { message: EDIT_REFUSAL },
      });
    }
    expect(await outsider.put(itemPath, change)).toMatchObject({
      status: 404,
      body: { message: CUSTOM_WORD_NOT_FOUND_MESSAGE },
    });
    expect(await outsider.delete(itemPath)).toMatchObject({
      status: 404,
      body: { message: CUSTOM_WORD_NOT_FOUND_MESSAGE },
    });
    const page = await reader.expectStatus<CustomWordPage>(
      200,
      'GET',
      `${path}?namespaceId=${northId}&search=${encodeURIComponent(word.term)}`,
    );
    expect(page.items).toMatchObject([{ id: word.id, term: word.term, heardAs: ['seer sha'] }]);
    await editor.expectStatus(200, 'PUT', itemPath, { ...change, term: word.term });
    await editor.expectStatus(200, 'DELETE', itemPath);
  });
});
