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
//
// Each measurement in training/{inbox,review,categories}.ts over the run of training/run.ts.
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { CurrentUser } from '@conversa/contracts';
import type { RunningStudio } from '../src/server.ts';
import { getCurrentUser } from '../src/modules/me/index.ts';
import {
  call,
  createBenchPool,
  prepareBenchDatabase,
  seedPublishedStoryfile,
  startBenchStudio,
  writeBenchResults,
} from './support.ts';
import { printTable, type Figure } from './training/figures.ts';
import { EXCHANGES, seedBigScript, seedExchanges } from './training/seed.ts';
import type { TrainingRun } from './training/run.ts';
import { measureInbox } from './training/inbox.ts';
import { measureClusters, measurePreview, measureReviewRounds } from './training/review.ts';
import { measureCategories } from './training/categories.ts';

const BENCH_DATABASE = 'conversa_bench_training';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '40' } } });
const REQUESTS = Number(args.requests);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1) {
  throw new Error('--requests must be a positive whole number');
}

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

    const askBig = (text: string) =>
      call<{ exchangeId: string; decision: { kind: string } }>(
        browser,
        'POST',
        `/v1/conversa/storyfiles/${big.id}/ask`,
        { text },
      );
    const run: TrainingRun = {
      studio,
      direct,
      dialect,
      browser,
      user,
      storyfileId: seeded.id,
      namespaceId,
      big,
      askBig,
      requests: REQUESTS,
      figures,
    };
    await measureInbox(run);
    await measureClusters(run);
    await measurePreview(run);
    await measureReviewRounds(run);
    await measureCategories(run);
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
