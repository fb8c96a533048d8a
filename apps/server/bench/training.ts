// Benchmark of the training loop (not a test). One namespace with 100,000 logged exchanges on one
// storyfile (10,000 of them unmatched, open questions of the last 90 days), then:
//   - the Response quality inbox: page p50/p95 through the real server, side by side with the same
//     SQL (`buildReviewItemQueries`) run directly through `pg`;
//   - clustering the 10,000 unmatched questions (GET …/training/clusters);
//   - the "moves N past questions" preview, which re-asks the last 10,000 logged questions;
//   - applying a review round (a correct match) to a storyfile of 2,000 answers, which refreshes
//     its matcher, and the next question asked there;
//   - custom categories at 10,000 phrases in the namespace (2,000 categories × 5 phrases): the
//     categories list (first page, a search, last page) through the server beside the same SQL
//     (`buildCategoryListQueries`) through `pg`; then clustering again with those categories
//     folded, and a category saved followed by the next question on the 2,000-answer storyfile.
// Prints the figures and writes bench-results/training.json.
//
// Usage: npm run bench:training [-- --requests 40]
//   DATABASE_URL  any PostgreSQL (a database `conversa_bench_training` is created there); unset
//                 starts the bench's own embedded PostgreSQL under .data-bench/training/ (port
//                 BENCH_POSTGRES_PORT, default 54371)
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import {
  DEFAULT_PAGE_SIZE,
  listCategoriesQuerySchema,
  listReviewItemsQuerySchema,
  normalizeQuestionText,
  type CurrentUser,
  type ReviewClusterList,
  type ReviewPreview,
} from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import type { RunningStudio } from '../src/server.ts';
import { getCurrentUser } from '../src/modules/me/index.ts';
import { buildCategoryListQueries } from '../src/modules/training/categories.service.ts';
import {
  buildReviewItemQueries,
  listReviewItems,
} from '../src/modules/training/review-items.service.ts';
import type { TestBrowser } from '../test/studio.ts';
import {
  createBenchPool,
  prepareBenchDatabase,
  seedPublishedStoryfile,
  startBenchStudio,
  writeBenchResults,
} from './support.ts';

const BENCH_DATABASE = 'conversa_bench_training';
const EXCHANGES = 100_000;
const UNMATCHED = 10_000;
const CONVERSATIONS = 2_000;
const BIG_SCRIPT_ANSWERS = 2_000;
const TIMED_RUNS = 5;
const CATEGORIES = 2_000;
const PHRASES_PER_CATEGORY = 5;
const GOALS = {
  inboxP95Ms: 50,
  clusteringMs: 2_000,
  previewMs: 1_000,
  applyMs: 200,
  categoriesP95Ms: 100,
};

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '40' } } });
const REQUESTS = Number(args.requests);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1) {
  throw new Error('--requests must be a positive whole number');
}

// Words of the unmatched questions: 40 × 25 × 8 frames give ~8,000 possible phrasings, of which
// the 10,000 questions use a few thousand, in families a reviewer would group.
const TOPICS = `career garden childhood village harbor violin kitchen workshop orchard island
  glacier prairie canyon lantern compass bakery railway factory theatre museum festival wedding
  winter summer football chess painting sailing fishing hiking teaching nursing farming mining
  weaving pottery printing radio cinema music`
  .split(/\s+/)
  .filter(Boolean);
const DETAILS = `first last best worst early late old new big small happy sad strange funny
  quiet loud long short favourite hardest easiest proudest scariest busiest oddest`
  .split(/\s+/)
  .filter(Boolean);
const FRAMES = [
  (topic: string, detail: string) => `tell me about your ${detail} ${topic} memory`,
  (topic: string, detail: string) => `what was the ${detail} thing about the ${topic}`,
  (topic: string, detail: string) => `how did the ${topic} change your ${detail} days`,
  (topic: string, detail: string) => `do you remember the ${detail} ${topic}`,
  (topic: string, detail: string) => `why was the ${topic} so ${detail}`,
  (topic: string, detail: string) => `who taught you the ${detail} ${topic}`,
  (topic: string, detail: string) => `when did the ${topic} feel ${detail}`,
  (topic: string, detail: string) => `where was your ${detail} ${topic}`,
];

/** A deterministic pseudo-random sequence, so every run seeds the same data. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

async function time(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function callJson<Body>(
  browser: TestBrowser,
  method: string,
  url: string,
  body?: unknown,
): Promise<Body> {
  const response = await browser.api(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Body;
}

/** 100,000 exchanges on the storyfile: answered ones on its answers, 10,000 open unmatched ones. */
async function seedExchanges(client: pg.PoolClient, storyfileId: string): Promise<void> {
  const random = createRandom(14);
  const answers = await client.query<{ id: string; text: string }>(
    'select id, text from storyfile_questions where storyfile_id = $1 order by position',
    [storyfileId],
  );
  const conversations = await client.query<{ id: string }>(
    `insert into conversations (storyfile_id, channel, visitor_key, started_at, last_at)
     select $1, (array['studio','share','embed'])[1 + g % 3], 'visitor:bench-' || g,
       now() - (g % 60) * interval '1 day', now() - (g % 60) * interval '1 day'
     from generate_series(1, ${CONVERSATIONS}) g returning id`,
    [storyfileId],
  );
  const conversationIds = conversations.rows.map((row) => row.id);
  const BATCH = 5_000;
  for (let start = 0; start < EXCHANGES; start += BATCH) {
    const columns: Record<string, unknown[]> = {
      conversation: [],
      question: [],
      normalized: [],
      decision: [],
      reason: [],
      answer: [],
      answerText: [],
      score: [],
      confidence: [],
      candidates: [],
      margin: [],
      feedback: [],
      channel: [],
      inputMode: [],
      ageMinutes: [],
    };
    for (let index = start; index < Math.min(EXCHANGES, start + BATCH); index += 1) {
      const isUnmatched = index % (EXCHANGES / UNMATCHED) === 0;
      const answer = answers.rows[Math.floor(random() * answers.rows.length)]!;
      const other = answers.rows[Math.floor(random() * answers.rows.length)]!;
      const question = isUnmatched
        ? FRAMES[Math.floor(random() * FRAMES.length)]!(
            TOPICS[Math.floor(random() * TOPICS.length)]!,
            DETAILS[Math.floor(random() * DETAILS.length)]!,
          )
        : answer.text;
      const score = isUnmatched ? 0.05 + random() * 0.2 : 0.5 + random() * 0.5;
      const second = Math.max(0, score - random() * 0.3);
      columns.conversation!.push(conversationIds[index % conversationIds.length]);
      columns.question!.push(question);
      columns.normalized!.push(normalizeText(question));
      columns.decision!.push(isUnmatched ? 'fallback' : 'answered');
      columns.reason!.push(isUnmatched ? 'off-topic' : null);
      columns.answer!.push(isUnmatched ? null : answer.id);
      columns.answerText!.push(isUnmatched ? null : answer.text);
      columns.score!.push(score);
      columns.confidence!.push(isUnmatched ? 'off-topic' : score > 0.9 ? 'exact' : 'paraphrase');
      columns.candidates!.push(
        JSON.stringify([
          { questionId: answer.id, questionText: answer.text, score },
          { questionId: other.id, questionText: other.text, score: second },
        ]),
      );
      columns.margin!.push(score - second);
      columns.feedback!.push(random() < 0.02 ? (random() < 0.5 ? 'up' : 'down') : null);
      columns.channel!.push(['studio', 'share', 'embed'][index % 3]);
      columns.inputMode!.push(random() < 0.2 ? 'spoken' : 'typed');
      // Unmatched questions within the 90 days clustering reads; the rest over 120 days.
      columns.ageMinutes!.push(Math.floor(random() * (isUnmatched ? 80 : 120) * 24 * 60));
    }
    await client.query(
      `insert into chat_log_entries (conversation_id, storyfile_id, channel, question_text,
         input_mode, decision, fallback_reason, answer_question_id, answer_question_text,
         matched_question_id, matched_question_text, score, confidence, normalized_text,
         top_candidates, top_margin, review_state, feedback, created_at)
       select t.c, $1, t.ch, t.q, t.im, t.d, t.r, t.a, t.at, t.a, t.at, t.s, t.cf, t.n,
         t.tc::jsonb, t.m, 'new', t.f, now() - make_interval(mins => t.age)
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::uuid[], $9::text[], $10::float8[], $11::text[], $12::text[], $13::float8[],
         $14::text[], $15::int[], $16::text[])
         as t(c, ch, q, im, d, r, a, at, s, cf, tc, m, f, age, n)`,
      [
        storyfileId,
        columns.conversation,
        columns.channel,
        columns.question,
        columns.inputMode,
        columns.decision,
        columns.reason,
        columns.answer,
        columns.answerText,
        columns.score,
        columns.confidence,
        columns.candidates,
        columns.margin,
        columns.feedback,
        columns.ageMinutes,
        columns.normalized,
      ],
    );
  }
}

/** A storyfile of 2,000 answers (script rows written directly) in the bench namespace. */
async function seedBigScript(
  client: pg.PoolClient,
  browser: TestBrowser,
  namespaceId: string,
): Promise<{ id: string; questionIds: string[] }> {
  const storyfile = await callJson<{ id: string }>(browser, 'POST', '/v1/conversa/storyfiles', {
    namespaceId,
    name: 'A script of 2,000 answers',
  });
  const topic = await callJson<{ id: string }>(
    browser,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/topics`,
    { name: 'Everything' },
  );
  const texts: string[] = [];
  const alternates: string[] = [];
  for (let index = 0; texts.length < BIG_SCRIPT_ANSWERS; index += 1) {
    const topicWord = TOPICS[index % TOPICS.length]!;
    const detail = DETAILS[Math.floor(index / TOPICS.length) % DETAILS.length]!;
    const frame = Math.floor(index / (TOPICS.length * DETAILS.length));
    texts.push(`${['What', 'Why', 'How', 'When'][frame]} was the ${detail} ${topicWord} ${index}?`);
    alternates.push(`Tell me the ${detail} ${topicWord} story number ${index}`);
  }
  const inserted = await client.query<{ id: string }>(
    `insert into storyfile_questions (storyfile_id, storyfile_topic_id, text, text_key, alternates, position)
     select $1, $2, t.text, t.key, array[t.alternate], t.position
     from unnest($3::text[], $4::text[], $5::text[], $6::int[]) as t(text, key, alternate, position)
     returning id`,
    [
      storyfile.id,
      topic.id,
      texts,
      texts.map(normalizeQuestionText),
      alternates,
      texts.map((_, index) => index),
    ],
  );
  return { id: storyfile.id, questionIds: inserted.rows.map((row) => row.id) };
}

/**
 * 2,000 categories of 5 phrases in the namespace (10,000 phrases). One phrase of each, "<detail>
 * <topic>", is in the 2,000-answer script and in some logged questions; the other four are in
 * none, as most synonyms are in none most of the time.
 */
async function seedCategories(client: pg.PoolClient, namespaceId: string): Promise<void> {
  const names: string[] = [];
  const phrases: string[] = [];
  const normalized: string[] = [];
  for (let index = 0; index < CATEGORIES; index += 1) {
    const topic = TOPICS[index % TOPICS.length]!;
    const detail = DETAILS[Math.floor(index / TOPICS.length) % DETAILS.length]!;
    const own = [
      `${detail} ${topic}`,
      `${topic} kind ${index}`,
      `${detail}${index}`,
      `synonym ${index} of ${topic}`,
      `alias${index}`,
    ].slice(0, PHRASES_PER_CATEGORY);
    names.push(`${topic} ${String(index).padStart(4, '0')}`);
    phrases.push(JSON.stringify(own));
    normalized.push(JSON.stringify(own.map((phrase) => normalizeText(phrase))));
  }
  await client.query(
    `insert into custom_categories (namespace_id, name, phrases, normalized_phrases)
     select $1, t.name, array(select jsonb_array_elements_text(t.phrases::jsonb)),
       array(select jsonb_array_elements_text(t.normalized::jsonb))
     from unnest($2::text[], $3::text[], $4::text[]) as t(name, phrases, normalized)`,
    [namespaceId, names, phrases, normalized],
  );
}

interface Figure {
  name: string;
  p50: number;
  p95: number;
  max: number;
  goal?: number;
  extra?: string;
}

function summarize(
  name: string,
  samples: readonly number[],
  goal?: number,
  extra?: string,
): Figure {
  return {
    name,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    max: Math.max(...samples),
    ...(goal === undefined ? {} : { goal }),
    ...(extra === undefined ? {} : { extra }),
  };
}

const INBOX_SCENARIOS: { name: string; query: string }[] = [
  { name: 'inbox: newest first', query: '' },
  { name: 'inbox: fallbacks', query: 'decision=fallback' },
  { name: 'inbox: near-ties', query: 'nearTie=true' },
  { name: 'inbox: thumbs down, new', query: 'feedback=down&reviewState=new' },
  { name: 'inbox: sorted by score', query: 'sort=score&order=asc' },
  { name: 'inbox: search "garden"', query: 'search=garden' },
  { name: 'inbox: page 50', query: 'page=50' },
];

async function main(): Promise<void> {
  const wallStarted = performance.now();
  console.log('Preparing the database');
  const { url, embedded } = await prepareBenchDatabase(BENCH_DATABASE, 'training');
  let studio: RunningStudio | undefined;
  const direct = createBenchPool(url);
  const figures: Figure[] = [];
  try {
    studio = await startBenchStudio(url, 'training', {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    });
    const seeded = await seedPublishedStoryfile(studio);
    const browser = seeded.owner;
    const namespaceId = (
      await direct.query<{ namespace_id: string }>(
        'select namespace_id from storyfiles where id = $1',
        [seeded.id],
      )
    ).rows[0]!.namespace_id;
    console.log(`Seeding ${EXCHANGES.toLocaleString('en')} exchanges`);
    const client = await direct.connect();
    let big: { id: string; questionIds: string[] };
    try {
      await seedExchanges(client, seeded.id);
      big = await seedBigScript(client, browser, namespaceId);
      // Autovacuum would do this a minute after the seed (its insert threshold is long passed):
      // statistics, and the visibility map that lets counts read indexes alone.
      await client.query('vacuum analyze');
    } finally {
      client.release();
    }
    const me = await callJson<CurrentUser>(browser, 'GET', '/v1/conversa/auth/me');
    const user = (await getCurrentUser(studio.database.db, me.iam))!;
    const dialect = new PgDialect();

    console.log(`Inbox pages (${REQUESTS} requests a scenario, after 3 untimed)`);
    for (const scenario of INBOX_SCENARIOS) {
      const queryString = `storyfileId=${seeded.id}&${scenario.query}`;
      const parsed = listReviewItemsQuerySchema.parse(
        Object.fromEntries(new URLSearchParams(queryString)),
      );
      const built = buildReviewItemQueries(user, parsed)!;
      const count = dialect.sqlToQuery(built.count);
      const estimate = dialect.sqlToQuery(built.estimate);
      const page = dialect.sqlToQuery(built.page);
      const viaServer: number[] = [];
      const viaPg: number[] = [];
      const viaService: number[] = [];
      let total = 0;
      let payloadBytes = 0;
      for (let round = -3; round < REQUESTS; round += 1) {
        const serverMs = await time(async () => {
          total = (
            await callJson<{ total: number }>(
              browser,
              'GET',
              `/v1/conversa/training/review-items?${queryString}`,
            )
          ).total;
        });
        const pgMs = await time(async () => {
          await Promise.all([
            direct.query(count.sql, count.params),
            direct.query(estimate.sql, estimate.params),
            direct.query(page.sql, page.params),
          ]);
        });
        // The module's own work in this process (its SQL through drizzle, and each row presented),
        // without HTTP: what is left to the server column is the shared request handling.
        const serviceMs = await time(async () => {
          const answer = await listReviewItems(studio!.database.db, user, parsed);
          payloadBytes = Buffer.byteLength(JSON.stringify(answer));
        });
        if (round >= 0) {
          viaServer.push(serverMs);
          viaPg.push(pgMs);
          viaService.push(serviceMs);
        }
      }
      const server = summarize(`${scenario.name} (server)`, viaServer, GOALS.inboxP95Ms);
      const sql = summarize(`${scenario.name} (pg)`, viaPg);
      const service = summarize(`${scenario.name} (service)`, viaService);
      figures.push({ ...server, extra: `${total.toLocaleString('en')} matches` }, sql, {
        ...service,
        extra: `${(payloadBytes / 1024).toFixed(1)} KB of JSON a page`,
      });
    }

    console.log(`Clustering the ${UNMATCHED.toLocaleString('en')} unmatched questions`);
    const clusterRuns: number[] = [];
    let coldClusterMs = 0;
    let groups = 0;
    for (let round = -1; round < TIMED_RUNS; round += 1) {
      const ms = await time(async () => {
        groups = (
          await callJson<ReviewClusterList>(
            browser,
            'GET',
            `/v1/conversa/storyfiles/${seeded.id}/training/clusters`,
          )
        ).items.length;
      });
      if (round >= 0) {
        clusterRuns.push(ms);
      } else {
        coldClusterMs = ms;
      }
    }
    // The first request works the groups out; later ones reuse them while no exchange changes.
    figures.push(
      summarize(
        'clusters of 10,000 unmatched (first request)',
        [coldClusterMs],
        GOALS.clusteringMs,
      ),
      summarize(
        'clusters of 10,000 unmatched (unchanged data)',
        clusterRuns,
        GOALS.clusteringMs,
        `${groups} groups`,
      ),
    );

    console.log('Preview over the last 10,000 logged questions');
    const unmatched = await direct.query<{ id: string }>(
      `select id from chat_log_entries where storyfile_id = $1 and decision = 'fallback'
       order by created_at desc limit 3`,
      [seeded.id],
    );
    const target = (
      await direct.query<{ id: string }>(
        'select id from storyfile_questions where storyfile_id = $1 order by position limit 1',
        [seeded.id],
      )
    ).rows[0]!.id;
    const previewRuns: number[] = [];
    let moved = 0;
    for (let round = -1; round < TIMED_RUNS; round += 1) {
      const ms = await time(async () => {
        moved = (
          await callJson<ReviewPreview>(
            browser,
            'POST',
            `/v1/conversa/storyfiles/${seeded.id}/training/preview`,
            { kind: 'correct', entryIds: unmatched.rows.map((row) => row.id), questionId: target },
          )
        ).moved;
      });
      if (round >= 0) {
        previewRuns.push(ms);
      }
    }
    figures.push(
      summarize('preview over 10,000 logged', previewRuns, GOALS.previewMs, `${moved} move`),
    );

    console.log(
      `Review rounds on a storyfile of ${BIG_SCRIPT_ANSWERS.toLocaleString('en')} answers`,
    );
    const askBig = (text: string) =>
      callJson<{ exchangeId: string; decision: { kind: string } }>(
        browser,
        'POST',
        `/v1/conversa/storyfiles/${big.id}/ask`,
        { text },
      );
    const warmMs = await time(async () => {
      await askBig('hello there');
    });
    const applyRuns: number[] = [];
    const nextAskRuns: number[] = [];
    for (let round = 0; round < TIMED_RUNS; round += 1) {
      const asked: string[] = [];
      for (const text of [
        `what about the zeppelin number ${round}`,
        `tell me of the zeppelin ${round}`,
      ]) {
        asked.push((await askBig(text)).exchangeId);
      }
      applyRuns.push(
        await time(async () => {
          await callJson(browser, 'POST', `/v1/conversa/storyfiles/${big.id}/training/actions`, {
            kind: 'correct',
            entryIds: asked,
            questionId: big.questionIds[round * 7]!,
          });
        }),
      );
      nextAskRuns.push(
        await time(async () => {
          await askBig(`what about the zeppelin number ${round}`);
        }),
      );
    }
    figures.push(
      summarize('apply a review round (2,000 answers)', applyRuns, GOALS.applyMs),
      summarize(
        'next ask after it (2,000 answers)',
        nextAskRuns,
        undefined,
        `first build ${warmMs.toFixed(0)} ms`,
      ),
    );

    console.log(
      `Custom categories: ${(CATEGORIES * PHRASES_PER_CATEGORY).toLocaleString('en')} phrases in the namespace`,
    );
    const seedClient = await direct.connect();
    try {
      await seedCategories(seedClient, namespaceId);
      await seedClient.query('vacuum analyze custom_categories');
    } finally {
      seedClient.release();
    }
    const lastPage = Math.ceil(CATEGORIES / DEFAULT_PAGE_SIZE);
    for (const scenario of [
      { name: 'categories: first page', query: '' },
      { name: 'categories: search "orchard"', query: 'search=orchard' },
      { name: `categories: last page (${lastPage})`, query: `page=${lastPage}` },
    ]) {
      const queryString = `namespaceId=${namespaceId}&${scenario.query}`;
      const parsed = listCategoriesQuerySchema.parse(
        Object.fromEntries(new URLSearchParams(queryString)),
      );
      const built = buildCategoryListQueries(user, parsed);
      const count = dialect.sqlToQuery(built.count);
      const page = dialect.sqlToQuery(built.page);
      const viaServer: number[] = [];
      const viaPg: number[] = [];
      let total = 0;
      let rows = 0;
      for (let round = -2; round < REQUESTS; round += 1) {
        const serverMs = await time(async () => {
          const answer = await callJson<{ total: number; items: unknown[] }>(
            browser,
            'GET',
            `/v1/conversa/training/categories?${queryString}`,
          );
          total = answer.total;
          rows = answer.items.length;
        });
        const pgMs = await time(async () => {
          await Promise.all([
            direct.query(count.sql, count.params),
            direct.query(page.sql, page.params),
          ]);
        });
        if (round >= 0) {
          viaServer.push(serverMs);
          viaPg.push(pgMs);
        }
      }
      figures.push(
        summarize(
          `${scenario.name} (server)`,
          viaServer,
          GOALS.categoriesP95Ms,
          `${rows} of ${total.toLocaleString('en')} categories`,
        ),
        summarize(`${scenario.name} (pg)`, viaPg),
      );
    }

    // The categories changed, so the membership is worked out again with them folded.
    const foldedClusterMs = await time(async () => {
      groups = (
        await callJson<ReviewClusterList>(
          browser,
          'GET',
          `/v1/conversa/storyfiles/${seeded.id}/training/clusters`,
        )
      ).items.length;
    });
    figures.push(
      summarize(
        'clusters, 10,000 category phrases folded (first request)',
        [foldedClusterMs],
        GOALS.clusteringMs,
        `${groups} groups`,
      ),
    );

    // A category saved, then the next question on the 2,000-answer storyfile of the namespace:
    // its matcher folds the new phrases from that question on (the stamp check).
    await askBig('hello again');
    const category = (
      await direct.query<{ id: string; name: string; phrases: string[] }>(
        'select id, name, phrases from custom_categories where namespace_id = $1 order by name limit 1',
        [namespaceId],
      )
    ).rows[0]!;
    const saveRuns: number[] = [];
    const askAfterSaveRuns: number[] = [];
    for (let round = 0; round < TIMED_RUNS; round += 1) {
      saveRuns.push(
        await time(async () => {
          await callJson(browser, 'PUT', `/v1/conversa/training/categories/${category.id}`, {
            name: category.name,
            phrases: [...category.phrases.slice(0, -1), `saved ${round}`],
          });
        }),
      );
      askAfterSaveRuns.push(
        await time(async () => {
          await askBig(`tell me about the saved ${round}`);
        }),
      );
    }
    figures.push(
      summarize('save a category (10,000 phrases)', saveRuns),
      summarize('next ask after it (2,000 answers)', askAfterSaveRuns),
    );
  } finally {
    await studio?.stop();
    await direct.end();
    await embedded?.stop();
  }

  printTable(figures);
  writeBenchResults('training', { requests: REQUESTS, figures });
  console.log(`\nDone in ${((performance.now() - wallStarted) / 1000).toFixed(0)} s`);
}

function printTable(figures: readonly Figure[]): void {
  const width = Math.max(...figures.map((figure) => figure.name.length));
  console.log(
    `\n${'measure'.padEnd(width)}  ${'p50'.padStart(8)}  ${'p95'.padStart(8)}  ${'max'.padStart(8)}  ${'goal'.padStart(6)}   (ms)`,
  );
  for (const figure of figures) {
    const verdict = figure.goal === undefined ? '' : figure.p95 <= figure.goal ? ' met' : ' MISSED';
    console.log(
      `${figure.name.padEnd(width)}  ${figure.p50.toFixed(1).padStart(8)}  ${figure.p95.toFixed(1).padStart(8)}  ${figure.max.toFixed(1).padStart(8)}  ${(figure.goal === undefined ? '' : `≤${figure.goal}`).padStart(6)}${verdict}${figure.extra ? `  ${figure.extra}` : ''}`,
    );
  }
}

await main();
