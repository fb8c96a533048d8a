// bench:training's custom categories (bench/training.ts): 10,000 phrases listed through the server
// beside `pg`, clustering with them folded, and a category saved then the next question.
import {
  DEFAULT_PAGE_SIZE,
  listCategoriesQuerySchema,
  type ReviewClusterList,
} from '@conversa/contracts';
import { buildCategoryListQueries } from '../../src/modules/training/categories.service.ts';
import { call } from '../support.ts';
import { summarize, time } from './figures.ts';
import { CATEGORIES, PHRASES_PER_CATEGORY, seedCategories } from './seed.ts';
import { GOALS, TIMED_RUNS, type TrainingRun } from './run.ts';

/** Custom categories at 10,000 phrases in the namespace. */
export async function measureCategories(run: TrainingRun): Promise<void> {
  const { direct, dialect, browser, user, storyfileId, namespaceId, askBig, figures } = run;
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
    for (let round = -2; round < run.requests; round += 1) {
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
  let groups = 0;
  const foldedClusterMs = await time(async () => {
    groups = (
      await call<ReviewClusterList>(
        browser,
        'GET',
        `/v1/conversa/storyfiles/${storyfileId}/training/clusters`,
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
}
