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
//
// The data in lists/seed.ts, the scenarios and their direct SQL in lists/scenarios.ts, the table in
// lists/report.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CurrentUser } from '@conversa/contracts';
import { loadConfig } from '../src/config/env.ts';
import { startStudio, type RunningStudio } from '../src/server.ts';
import { getCurrentUser } from '../src/modules/me/index.ts';
import { grantScope } from '../src/modules/namespaces/index.ts';
import { createUser } from '../src/modules/users/index.ts';
import { getFreePort, signIn, TestBrowser } from '../test/studio.ts';
import { createBenchPool, prepareBenchDatabase, writeBenchResults } from './support.ts';
import { MEMBER_NAMESPACES, PASSWORD, seed } from './lists/seed.ts';
import { buildDirectQueries, dialect, SCENARIOS, type Scenario } from './lists/scenarios.ts';
import { percentile, printTable } from './lists/report.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const BENCH_DATABASE = 'conversa_bench_lists';

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

await main();
