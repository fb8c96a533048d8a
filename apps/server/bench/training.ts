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
import {
  DEFAULT_PAGE_SIZE,
  listCategoriesQuerySchema,
  listReviewItemsQuerySchema,
  type CurrentUser,
  type ReviewClusterList,
  type ReviewPreview,
} from '@conversa/contracts';
import type { RunningStudio } from '../src/server.ts';
import { getCurrentUser } from '../src/modules/me/index.ts';
import { buildCategoryListQueries } from '../src/modules/training/categories.service.ts';
import {
  buildReviewItemQueries,
  listReviewItems,
} from '../src/modules/training/review-items.service.ts';
import {
  call,
  createBenchPool,
  prepareBenchDatabase,
  seedPublishedStoryfile,
  startBenchStudio,
  writeBenchResults,
} from './support.ts';
import { printTable, summarize, time, type Figure } from './training/figures.ts';
import {
  BIG_SCRIPT_ANSWERS,
  CATEGORIES,
  EXCHANGES,
  PHRASES_PER_CATEGORY,
  seedBigScript,
  seedCategories,
  seedExchanges,
  UNMATCHED,
} from './training/seed.ts';

const BENCH_DATABASE = 'conversa_bench_training';
const TIMED_RUNS = 5;
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
    const me = await call<CurrentUser>(browser, 'GET', '/v1/conversa/auth/me');
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
            await call<{ total: number }>(
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
          await call<ReviewClusterList>(
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
          await call<ReviewPreview>(
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
      call<{ exchangeId: string; decision: { kind: string } }>(
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
          await call(browser, 'POST', `/v1/conversa/storyfiles/${big.id}/training/actions`, {
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
          const answer = await call<{ total: number; items: unknown[] }>(
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
        await call<ReviewClusterList>(
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
          await call(browser, 'PUT', `/v1/conversa/training/categories/${category.id}`, {
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

await main();
