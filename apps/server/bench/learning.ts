// Benchmark of the learning module's progress reads (not a test): seeds one organization with
// LEARNING_MODULE, 1,000 students, 10 activities on one storyfile (5 assigned to each student
// directly, 5 through a class of all of them) and 200,000 logged exchanges (one conversation of
// 20 exchanges per student and activity), then times the roster of one activity (its first page of 30 and the count of each state) and the
// activities page (every activity's state counts) through the real server, side by side with
// the same progress SQL run directly through `pg`. Prints a table and writes
// bench-results/learning.json.
//
// Usage: npm run bench:learning [-- --requests 40 --keep]
//   DATABASE_URL  any PostgreSQL (a database `conversa_bench_learning` is created there); unset
//                 starts the bench's own embedded PostgreSQL under .data-bench/learning/ (port
//                 BENCH_POSTGRES_PORT, default 54370)
//   --requests N  timed requests per scenario (default 40)
//   --keep        reuse the seeded database of an earlier run instead of seeding again
//
// The data in learning/seed.ts; timing, the captured SQL and the table in learning/figures.ts.
import { parseArgs } from 'node:util';
import type { RunningStudio } from '../src/server.ts';
import { DEFAULT_PAGE_SIZE } from '@conversa/contracts';
import { rosterPageSql } from '../src/modules/learning/roster-page.query.ts';
import { stateCountsSql } from '../src/modules/learning/state-counts.query.ts';
import { signIn, TestBrowser } from '../test/studio.ts';
import {
  BENCH_ADMIN,
  createBenchPool,
  prepareBenchDatabase,
  startBenchStudio,
  writeBenchResults,
} from './support.ts';
import { ORGANIZATION, STUDENTS, ACTIVITIES, seed } from './learning/seed.ts';
import {
  captureQuery,
  GOAL_P95_MS,
  percentile,
  printTable,
  time,
  type Scenario,
} from './learning/figures.ts';

const BENCH_DATABASE = 'conversa_bench_learning';

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

async function main(): Promise<void> {
  const wallStarted = performance.now();
  console.log('Preparing the database');
  const { url, embedded } = await prepareBenchDatabase(BENCH_DATABASE, 'learning', {
    reuse: args.keep,
  });
  let studio: RunningStudio | undefined;
  const direct = createBenchPool(url);
  try {
    studio = await startBenchStudio(url, 'learning');
    const seeded = await direct.query<{ count: string }>(
      'select count(*) from learning_activities',
    );
    if (Number(seeded.rows[0]!.count) === 0) {
      console.log('Seeding');
      const client = await direct.connect();
      try {
        await seed(client);
      } finally {
        client.release();
      }
    } else {
      console.log('Reusing the seeded database (--keep)');
    }
    const counts = await direct.query<{ name: string; rows: string }>(
      `select 'students' as name, count(*) as rows from user_namespaces where scope = 'restricted:ns'
       union all select 'activities', count(*) from learning_activities
       union all select 'assignments (student or class)', count(*) from learning_assignments
       union all select 'attempts', count(*) from learning_attempts
       union all select 'exchanges', count(*) from chat_log_entries
       union all select 'progress summaries', count(*) from learning_progress`,
    );
    console.log(counts.rows.map((row) => `  ${row.name}: ${row.rows}`).join('\n'));

    const organization = await direct.query<{ id: string }>(
      `select id from namespaces where label = $1`,
      [ORGANIZATION],
    );
    const organizationId = organization.rows[0]!.id;
    const activities = await direct.query<{ id: string }>(
      `select id from learning_activities where namespace_id = $1 order by created_at desc, id`,
      [organizationId],
    );
    const activityIds = activities.rows.map((row) => row.id);
    // A class-assigned activity: its roster goes through the team's members.
    const classActivity = await direct.query<{ id: string }>(
      `select id from learning_activities where namespace_id = $1 and title = $2`,
      [organizationId, `Activity ${ACTIVITIES}`],
    );
    const rosterActivity = classActivity.rows[0]!.id;

    const browser = new TestBrowser(studio.url);
    await signIn(browser, BENCH_ADMIN.email, BENCH_ADMIN.password);

    const now = new Date();
    const scenarios: Scenario[] = [
      {
        name: 'roster of one activity (1,000 students, first page of 30)',
        path: `/v1/conversa/learning/activities/${rosterActivity}`,
        rows: (body) => {
          const answer = body as { roster: unknown[]; total: number };
          if (answer.total !== STUDENTS) {
            throw new Error(`the roster counted ${answer.total} students, not ${STUDENTS}`);
          }
          return answer.roster.length;
        },
        query: rosterPageSql(
          rosterActivity,
          { search: undefined, page: 1, pageSize: DEFAULT_PAGE_SIZE },
          now,
        ),
        pgRows: (rows) => (rows[0] as { rows: unknown[] }).rows.length,
      },
      {
        name: 'activities page (10 activities, state counts)',
        path: `/v1/conversa/learning/activities?organizationId=${organizationId}`,
        rows: (body) =>
          (body as { items: { counts: Record<string, number> }[] }).items.reduce(
            (sum, item) => sum + Object.values(item.counts).reduce((a, b) => a + b, 0),
            0,
          ),
        query: stateCountsSql(activityIds, now),
        pgRows: (rows) => rows.reduce((sum, row) => sum + Number(row.count), 0),
      },
    ];

    const results = [];
    for (const scenario of scenarios) {
      const query = captureQuery(scenario.query);
      const viaServer: number[] = [];
      const viaPg: number[] = [];
      let rows = 0;
      let pgRows = 0;
      // Warm-up (plans, caches, JIT) is not timed.
      for (let round = -3; round < REQUESTS; round += 1) {
        const serverMs = await time(async () => {
          const response = await browser.api(scenario.path);
          if (response.status !== 200) {
            throw new Error(
              `${scenario.path} answered ${response.status}: ${await response.text()}`,
            );
          }
          rows = scenario.rows(await response.json());
        });
        const pgMs = await time(async () => {
          pgRows = scenario.pgRows(
            (await direct.query<Record<string, unknown>>(query.sql, query.params)).rows,
          );
        });
        if (round >= 0) {
          viaServer.push(serverMs);
          viaPg.push(pgMs);
        }
      }
      if (rows !== pgRows) {
        throw new Error(`${scenario.name}: the server showed ${rows} rows, the SQL ${pgRows}`);
      }
      const row = {
        scenario: scenario.name,
        rows,
        requests: REQUESTS,
        serverP50: percentile(viaServer, 0.5),
        serverP95: percentile(viaServer, 0.95),
        pgP50: percentile(viaPg, 0.5),
        pgP95: percentile(viaPg, 0.95),
      };
      results.push({ ...row, met: row.serverP95 <= GOAL_P95_MS });
    }

    printTable(results);
    const output = {
      when: new Date().toISOString(),
      node: process.version,
      data: Object.fromEntries(counts.rows.map((row) => [row.name, Number(row.rows)])),
      requestsPerScenario: REQUESTS,
      goalServerP95Ms: GOAL_P95_MS,
      scenarios: results,
      wallSeconds: Math.round((performance.now() - wallStarted) / 1000),
    };
    const file = writeBenchResults('learning', output);
    console.log(`\nWrote ${file} (${output.wallSeconds} s in all)`);
  } finally {
    await direct.end();
    await studio?.stop();
    await embedded?.stop();
  }
}

await main();
