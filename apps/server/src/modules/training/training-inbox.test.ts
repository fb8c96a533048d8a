import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  EXCHANGE_ALREADY_RATED_MESSAGE,
  EXCHANGE_NOT_FOUND_MESSAGE,
  NEAR_TIE_MARGIN,
  REVIEW_SORT_FIELDS,
  type PublicAskResponse,
} from '@conversa/contracts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { TestBrowser } from '../../../test/studio.ts';
import { ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import { publishForSlug, seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';
import {
  studio,
  owner,
  editor,
  reader,
  outsider,
  northId,
  BORN,
  MOVIE,
  HARVEST,
  NEAR_TIE_QUESTION,
  CLOSE_LEAD_QUESTION,
  CLEAR_LEAD_QUESTION,
  ask,
  inbox,
  base,
  setUpTrainingStudio,
} from '../../../test/training.fixtures.ts';

setUpTrainingStudio();

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
    const sorting = await seedOwnedStoryfile(studio, 'sorting');
    sorter = sorting.owner;
    const alpha = sorting.storyfile;
    const beta = await seedStoryfileWithAnswers(studio, sorter, sorting.namespaceId);
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
    slug = await publishForSlug(owner, storyfile.id);
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
