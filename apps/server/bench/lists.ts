// Benchmark of list + search requests (not a test): seeds 10,000 storyfiles with 200,000
// checklist questions (and a 50,000-question library) across 50 namespaces, then times list and
// search requests through the real server against the same SQL run directly through `pg`.
// Prints a table and writes bench-results/lists.json.
//
// Usage: npm run bench:lists [-- --requests 40 --keep]
//   DATABASE_URL  any PostgreSQL (a database `conversa_bench_lists` is created there); unset
//                 starts the bench's own embedded PostgreSQL under .data-bench/lists/ (port
//                 BENCH_POSTGRES_PORT, default 54369)
//   --requests N  timed requests per scenario and path (default 40)
//   --keep        reuse the seeded database of an earlier run instead of seeding again
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import {
  listLibraryQuestionsQuerySchema,
  listStoryfilesQuerySchema,
  type CurrentUser,
} from '@conversa/contracts';
import { loadConfig } from '../src/config/env.ts';
import { startStudio, type RunningStudio } from '../src/server.ts';
import { buildLibraryQuestionListQueries } from '../src/modules/library/library.queries.ts';
import { getLibraryListScope } from '../src/modules/library/topics.service.ts';
import { getCurrentUser } from '../src/modules/me/index.ts';
import { buildStoryfileListQueries } from '../src/modules/storyfiles/storyfiles.queries.ts';
import { getStoryfileListScope } from '../src/modules/storyfiles/storyfile-lists.service.ts';
import { grantScope } from '../src/modules/namespaces/index.ts';
import { createUser } from '../src/modules/users/index.ts';
import { getFreePort, signIn, TestBrowser } from '../test/studio.ts';
import { createBenchPool, prepareBenchDatabase, writeBenchResults } from './support.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const BENCH_DATABASE = 'conversa_bench_lists';
const NAMESPACES = 50;
const STORYFILES_PER_NAMESPACE = 200;
const TOPICS_PER_STORYFILE = 4;
const QUESTIONS_PER_TOPIC = 5;
const LIBRARY_TOPICS_PER_NAMESPACE = 20;
const LIBRARY_QUESTIONS_PER_TOPIC = 50;
/** The member reads this many namespaces (1,000 storyfiles); the admin sees all 50. */
const MEMBER_NAMESPACES = 5;
const PASSWORD = 'bench-password';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '40' },
    keep: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(args.requests);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1) {
  throw new Error('--requests must be a positive whole number');
}

const WORDS = [
  'ocean',
  'mountain',
  'river',
  'garden',
  'harbor',
  'meadow',
  'forest',
  'desert',
  'island',
  'valley',
  'canyon',
  'prairie',
  'glacier',
  'orchard',
  'village',
  'city',
  'lantern',
  'compass',
  'violin',
  'kitchen',
  'workshop',
  'library',
  'railway',
  'lighthouse',
];
const wordArray = `array[${WORDS.map((word) => `'${word}'`).join(',')}]`;

/**
 * Seeds with set-based inserts, one pass of generate_series each. The trigram indexes are dropped
 * first and built again at the end: one bulk build is far cheaper than 400,000 GIN insertions.
 */
async function seed(client: pg.ClientBase): Promise<void> {
  const step = async (label: string, text: string) => {
    const started = performance.now();
    const result = await client.query(text);
    console.log(
      `  ${label}: ${result.rowCount ?? 0} rows in ${Math.round(performance.now() - started)} ms`,
    );
  };
  const trigramIndexes = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and indexdef like '%gin_trgm_ops%'`,
  );
  for (const index of trigramIndexes.rows) {
    await client.query(`drop index ${index.name}`);
  }
  // The generated rows are consistent by construction; skipping per-row foreign-key triggers
  // halves the seeding time. It needs superuser rights (the embedded PostgreSQL has them).
  await client.query(`set session_replication_role = replica`).catch(() => {
    console.log('  (no superuser: foreign keys are checked row by row)');
  });
  await step(
    'namespaces',
    `insert into namespaces (label)
     select 'bench-' || lpad(n::text, 2, '0') from generate_series(1, ${NAMESPACES}) n`,
  );
  // Every tenth name is a bare number, so numeric-aware sorting has work to do.
  await step(
    'storyfiles',
    `insert into storyfiles (namespace_id, name, description, language, status, created_at, updated_at)
     select ns.id,
       case when i % 10 = 0 then (i * 7 + ns.k)::text
         else initcap((${wordArray})[1 + (i * 7 + ns.k) % ${WORDS.length}]) || ' '
           || initcap((${wordArray})[1 + (i * 13 + ns.k * 3) % ${WORDS.length}]) || ' ' || i end,
       'Memories of the ' || (${wordArray})[1 + (i * 5 + ns.k) % ${WORDS.length}]
         || ' and the ' || (${wordArray})[1 + (i * 11 + ns.k * 7) % ${WORDS.length}] || '.',
       (array['en-US','en-GB','es-ES','fr-FR'])[1 + i % 4],
       (array['draft','recording','ready','published'])[1 + (i + ns.k) % 4],
       now() - make_interval(mins => (i * 37 + ns.k)::int),
       now() - make_interval(mins => (i * 11 + ns.k * 3)::int)
     from (select id, row_number() over (order by label) as k from namespaces
           where label like 'bench-%') ns
     cross join generate_series(1, ${STORYFILES_PER_NAMESPACE}) i`,
  );
  await step(
    'storyfile topics',
    `insert into storyfile_topics (storyfile_id, name, position)
     select s.id, (array['Childhood','Family','Work','Legacy','Travel','Advice'])[1 + t], t
     from storyfiles s cross join generate_series(0, ${TOPICS_PER_STORYFILE - 1}) t`,
  );
  await step(
    'storyfile questions',
    `insert into storyfile_questions
       (storyfile_id, storyfile_topic_id, text, text_key, position, answer_recorded_at)
     select st.storyfile_id, st.id, q.text, lower(q.text), p,
       case when (p + st.position) % 3 = 0 then now() end
     from storyfile_topics st
     cross join generate_series(0, ${QUESTIONS_PER_TOPIC - 1}) p
     cross join lateral (select 'What do you remember about the '
       || (${wordArray})[1 + (p * 5 + st.position * 3 + abs(hashtext(st.storyfile_id::text))) % ${WORDS.length}]
       || ' in your ' || lower(st.name) || ' years, part ' || p || '?' as text) q`,
  );
  await step(
    'library topics',
    `insert into topics (namespace_id, name, description)
     select ns.id, initcap((${wordArray})[1 + t % ${WORDS.length}]) || ' stories ' || t,
       'Questions about the ' || (${wordArray})[1 + (t * 3) % ${WORDS.length}] || '.'
     from namespaces ns cross join generate_series(1, ${LIBRARY_TOPICS_PER_NAMESPACE}) t
     where ns.label like 'bench-%'`,
  );
  await step(
    'library questions',
    `insert into questions (namespace_id, topic_id, text, text_key, alternates, position)
     select t.namespace_id, t.id, q.text, lower(q.text),
       array['Tell me about ' || (${wordArray})[1 + (p * 3) % ${WORDS.length}] || ' number ' || p],
       p
     from topics t cross join generate_series(0, ${LIBRARY_QUESTIONS_PER_TOPIC - 1}) p
     cross join lateral (select 'What is your favorite '
       || (${wordArray})[1 + (p * 7 + abs(hashtext(t.id::text))) % ${WORDS.length}]
       || ' memory, number ' || p || '?' as text) q`,
  );
  await client.query(`reset session_replication_role`);
  const started = performance.now();
  await client.query(`set maintenance_work_mem = '256MB'`);
  for (const index of trigramIndexes.rows) {
    await client.query(index.definition);
  }
  await client.query('analyze');
  console.log(
    `  ${trigramIndexes.rows.length} trigram indexes built, analyze: ${Math.round(performance.now() - started)} ms`,
  );
}

interface Scenario {
  name: string;
  who: 'member' | 'admin';
  kind: 'storyfiles' | 'questions';
  /** Query strings, used in turn so consecutive requests do not repeat one search. */
  queries: string[];
}

const SCENARIOS: Scenario[] = [
  { name: 'storyfiles: first page, by name', who: 'member', kind: 'storyfiles', queries: [''] },
  {
    name: 'storyfiles: page 20, newest first',
    who: 'member',
    kind: 'storyfiles',
    queries: ['page=20&pageSize=30&sort=updatedAt&order=desc'],
  },
  {
    name: 'storyfiles: one word in name/description',
    who: 'member',
    kind: 'storyfiles',
    queries: WORDS.slice(0, 8).map((word) => `search=${word}`),
  },
  {
    name: 'storyfiles: phrase + word, 100 per page',
    who: 'member',
    kind: 'storyfiles',
    queries: WORDS.slice(0, 8).map(
      (word, index) =>
        `search=${encodeURIComponent(`"the ${word}" ${WORDS[index + 3]}`)}&pageSize=100`,
    ),
  },
  {
    name: 'storyfiles: search in question texts',
    who: 'member',
    kind: 'storyfiles',
    queries: WORDS.slice(0, 8).map((word) => `search=${word}%20childhood&searchOptions=questions`),
  },
  {
    name: 'storyfiles: admin, all 10,000, by name',
    who: 'admin',
    kind: 'storyfiles',
    queries: [''],
  },
  {
    name: 'storyfiles: admin, one word',
    who: 'admin',
    kind: 'storyfiles',
    queries: WORDS.slice(0, 8).map((word) => `search=${word}`),
  },
  {
    name: 'library questions: text + alternates search',
    who: 'member',
    kind: 'questions',
    queries: WORDS.slice(0, 8).map((word) => `search=${word}%20memory`),
  },
];

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

const dialect = new PgDialect();

function buildDirectQueries(
  scenario: Scenario,
  queryString: string,
  user: CurrentUser,
): { count: SQL; page: SQL } {
  const input = Object.fromEntries(new URLSearchParams(queryString));
  if (scenario.kind === 'storyfiles') {
    const query = listStoryfilesQuerySchema.parse(input);
    return buildStoryfileListQueries(query, getStoryfileListScope(user, query));
  }
  const query = listLibraryQuestionsQuerySchema.parse(input);
  return buildLibraryQuestionListQueries(query, getLibraryListScope(user, query));
}

async function time(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const wallStarted = performance.now();
  console.log('Preparing the database');
  const { url, embedded } = await prepareBenchDatabase(BENCH_DATABASE, 'lists', {
    reuse: args.keep,
  });
  let studio: RunningStudio | undefined;
  const direct = createBenchPool(url);
  try {
    const port = await getFreePort();
    studio = await startStudio(
      loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: path.join(repoRoot, '.data-bench', 'studio'),
        STUDIO_ADMIN_EMAIL: 'admin@bench.test',
        STUDIO_ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
      }),
      () => undefined,
    );
    const { db } = studio.database;
    const seeded = await direct.query<{ count: string }>('select count(*) from storyfiles');
    if (Number(seeded.rows[0]!.count) === 0) {
      console.log('Seeding');
      const client = await direct.connect();
      try {
        await seed(client);
      } finally {
        client.release();
      }
      await createUser(db, { email: 'member@bench.test', password: PASSWORD });
      for (let n = 1; n <= MEMBER_NAMESPACES; n += 1) {
        await grantScope(db, {
          email: 'member@bench.test',
          namespaceLabel: `bench-${String(n).padStart(2, '0')}`,
          scope: 'read:ns',
        });
      }
    } else {
      console.log('Reusing the seeded database (--keep)');
    }
    const counts = await direct.query<{ name: string; rows: string }>(
      `select 'storyfiles' as name, count(*) as rows from storyfiles
       union all select 'storyfile questions', count(*) from storyfile_questions
       union all select 'library questions', count(*) from questions
       union all select 'namespaces', count(*) from namespaces`,
    );
    console.log(counts.rows.map((row) => `  ${row.name}: ${row.rows}`).join('\n'));

    const sessions: Record<Scenario['who'], { browser: TestBrowser; user: CurrentUser }> = {
      member: await openSession(studio, 'member@bench.test'),
      admin: await openSession(studio, 'admin@bench.test'),
    };

    const results = [];
    for (const scenario of SCENARIOS) {
      const { browser, user } = sessions[scenario.who];
      const path =
        scenario.kind === 'storyfiles' ? '/v1/conversa/storyfiles' : '/v1/conversa/questions';
      const compiled = scenario.queries.map((query) => {
        const { count, page } = buildDirectQueries(scenario, query, user);
        return { count: dialect.sqlToQuery(count), page: dialect.sqlToQuery(page) };
      });
      const viaServer: number[] = [];
      const viaPg: number[] = [];
      let lastTotal = 0;
      // Warm-up (plans, caches, JIT) is not timed.
      for (let round = -3; round < REQUESTS; round += 1) {
        const index =
          ((round % scenario.queries.length) + scenario.queries.length) % scenario.queries.length;
        const query = scenario.queries[index]!;
        const serverMs = await time(async () => {
          const response = await browser.api(`${path}?${query}`);
          if (response.status !== 200) {
            throw new Error(
              `${path}?${query} answered ${response.status}: ${await response.text()}`,
            );
          }
          lastTotal = ((await response.json()) as { total: number }).total;
        });
        const { count, page } = compiled[index]!;
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
      const row = {
        scenario: scenario.name,
        who: scenario.who,
        requests: REQUESTS,
        matches: lastTotal,
        serverP50: percentile(viaServer, 0.5),
        serverP95: percentile(viaServer, 0.95),
        pgP50: percentile(viaPg, 0.5),
        pgP95: percentile(viaPg, 0.95),
      };
      results.push({
        ...row,
        ratioP50: row.serverP50 / row.pgP50,
        ratioP95: row.serverP95 / row.pgP95,
      });
    }

    printTable(results);
    const output = {
      when: new Date().toISOString(),
      node: process.version,
      data: Object.fromEntries(counts.rows.map((row) => [row.name, Number(row.rows)])),
      memberNamespaces: MEMBER_NAMESPACES,
      requestsPerScenario: REQUESTS,
      scenarios: results,
      wallSeconds: Math.round((performance.now() - wallStarted) / 1000),
    };
    const file = writeBenchResults('lists', output);
    console.log(`\nWrote ${file} (${output.wallSeconds} s in all)`);
  } finally {
    await direct.end();
    await studio?.stop();
    await embedded?.stop();
  }
}

async function openSession(studio: RunningStudio, email: string) {
  const browser = new TestBrowser(studio.url);
  await signIn(browser, email, PASSWORD);
  const me = await browser.api('/v1/conversa/auth/me');
  if (me.status !== 200) {
    throw new Error(`${email} could not sign in (${me.status})`);
  }
  const user = await getCurrentUser(studio.database.db, ((await me.json()) as CurrentUser).iam);
  return { browser, user: user! };
}

function printTable(
  rows: {
    scenario: string;
    who: string;
    matches: number;
    serverP50: number;
    serverP95: number;
    pgP50: number;
    pgP95: number;
    ratioP50: number;
    ratioP95: number;
  }[],
): void {
  const ms = (value: number) => value.toFixed(1).padStart(7);
  const ratio = (value: number) => `${value.toFixed(2)}x`.padStart(7);
  const width = Math.max(...rows.map((row) => row.scenario.length));
  console.log(
    `\n${'scenario'.padEnd(width)}  ${'matches'.padStart(7)}  ${'server p50'.padStart(10)}  ${'pg p50'.padStart(7)}  ${'ratio'.padStart(7)}  ${'server p95'.padStart(10)}  ${'pg p95'.padStart(7)}  ${'ratio'.padStart(7)}   (ms)`,
  );
  for (const row of rows) {
    console.log(
      `${row.scenario.padEnd(width)}  ${String(row.matches).padStart(7)}  ${ms(row.serverP50).padStart(10)}  ${ms(row.pgP50)}  ${ratio(row.ratioP50)}  ${ms(row.serverP95).padStart(10)}  ${ms(row.pgP95)}  ${ratio(row.ratioP95)}`,
    );
  }
}

await main();
