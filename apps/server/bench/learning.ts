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
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { RunningStudio } from '../src/server.ts';
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE } from '@conversa/contracts';
import { summariesFromChatLog } from '../src/modules/learning/progress-summary.query.ts';
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

const BENCH_DATABASE = 'conversa_bench_learning';
const ORGANIZATION = 'bench-learning';
const STUDENTS = 1_000;
const ACTIVITIES = 10;
/** Activities 1..5 are assigned student by student, 6..10 to one class holding every student. */
const DIRECT_ACTIVITIES = 5;
const EXCHANGES_PER_ATTEMPT = 20;
const TOPICS = 5;
const QUESTIONS_PER_TOPIC = 10;
const GOAL_P95_MS = 100;

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

/**
 * Seeds with set-based inserts. Progress varies by student: some never started, most are part of
 * the way, a share completed (some after the due date, so "late" is counted too).
 */
async function seed(client: pg.ClientBase): Promise<void> {
  const step = async (label: string, text: string) => {
    const started = performance.now();
    const result = await client.query(text);
    console.log(
      `  ${label}: ${result.rowCount ?? 0} rows in ${Math.round(performance.now() - started)} ms`,
    );
  };
  // The generated rows are consistent by construction; skipping per-row foreign-key triggers
  // halves the seeding time. It needs superuser rights (the embedded PostgreSQL has them).
  await client.query(`set session_replication_role = replica`).catch(() => {
    console.log('  (no superuser: foreign keys are checked row by row)');
  });
  await step(
    'organization',
    `insert into namespaces (label, attributes)
     values ('${ORGANIZATION}', '{"LEARNING_MODULE": true}'::jsonb)`,
  );
  const organization = `(select id from namespaces where label = '${ORGANIZATION}')`;
  await step(
    'storyfile',
    `insert into storyfiles (namespace_id, name, status)
     values (${organization}, 'The engineer', 'published')`,
  );
  const storyfile = `(select id from storyfiles where name = 'The engineer' and namespace_id = ${organization})`;
  await step(
    'storyfile topics',
    `insert into storyfile_topics (storyfile_id, name, position)
     select ${storyfile}, 'Topic ' || t, t from generate_series(0, ${TOPICS - 1}) t`,
  );
  await step(
    'storyfile questions',
    `insert into storyfile_questions
       (storyfile_id, storyfile_topic_id, text, text_key, position, answer_recorded_at)
     select st.storyfile_id, st.id, 'Question ' || st.position || '.' || p || '?',
       'question ' || st.position || '.' || p || '?', p, now()
     from storyfile_topics st cross join generate_series(0, ${QUESTIONS_PER_TOPIC - 1}) p
     where st.storyfile_id = ${storyfile}`,
  );
  await step(
    'students',
    `insert into users (email, first_name, last_name)
     select 'student' || lpad(n::text, 4, '0') || '@bench.test', 'Student', 'Number ' || n
     from generate_series(1, ${STUDENTS}) n`,
  );
  await step(
    'memberships',
    `insert into user_namespaces (user_id, namespace_id, scope)
     select id, ${organization}, 'restricted:ns' from users where email like 'student%@bench.test'`,
  );
  await step('class', `insert into teams (namespace_id, name) values (${organization}, 'Class')`);
  await step(
    'class members',
    `insert into team_members (team_id, user_id)
     select (select id from teams where namespace_id = ${organization}), id
     from users where email like 'student%@bench.test'`,
  );
  // Rules of every kind, one due date in the middle of the seeded exchanges.
  await step(
    'activities',
    `insert into learning_activities (namespace_id, title, rule, due_at, created_at)
     select ${organization}, 'Activity ' || n,
       (array['{"questionsAsked": 15}', '{"distinctAnswers": 12}',
              '{"questionsAsked": 10, "minutes": 5}', '{"topicIds": []}',
              '{"questionsAsked": 18, "distinctAnswers": 10}'])[1 + n % 5]::jsonb,
       case when n % 2 = 0 then now() - interval '12 hours' end,
       now() - make_interval(days => n)
     from generate_series(1, ${ACTIVITIES}) n`,
  );
  // The topic rule names two of the storyfile's topics.
  await client.query(
    `update learning_activities set rule = jsonb_build_object('topicIds',
       (select jsonb_agg(id) from (select id from storyfile_topics
         where storyfile_id = ${storyfile} order by position limit 2) t))
     where rule ? 'topicIds'`,
  );
  await step(
    'activity storyfiles',
    `insert into learning_activity_storyfiles (activity_id, storyfile_id, position)
     select id, ${storyfile}, 0 from learning_activities`,
  );
  await step(
    'assignments',
    `insert into learning_assignments (activity_id, user_id)
     select a.id, u.id from learning_activities a
     cross join users u
     where u.email like 'student%@bench.test'
       and substring(a.title from 10)::int <= ${DIRECT_ACTIVITIES}`,
  );
  await step(
    'class assignments',
    `insert into learning_assignments (activity_id, team_id)
     select a.id, (select id from teams where namespace_id = ${organization})
     from learning_activities a where substring(a.title from 10)::int > ${DIRECT_ACTIVITIES}`,
  );
  // One conversation per student and activity, started within the last two days.
  await step(
    'conversations',
    `insert into conversations (storyfile_id, channel, visitor_key, started_at, last_at)
     select ${storyfile}, 'studio', 'learning:' || a.id || ':' || u.id,
       now() - make_interval(mins => (abs(hashtext(a.id::text || u.id::text)) % 2880)),
       now()
     from learning_activities a cross join users u where u.email like 'student%@bench.test'`,
  );
  await step(
    'attempts',
    `insert into learning_attempts (conversation_id, activity_id, student_id)
     select c.id, split_part(c.visitor_key, ':', 2)::uuid, split_part(c.visitor_key, ':', 3)::uuid
     from conversations c where c.visitor_key like 'learning:%'`,
  );
  // 20 exchanges per conversation, 40 seconds apart; 1 in 6 a fallback; answers spread over the
  // 50 questions so the distinct-answer and topic rules are met by some and not others.
  await step(
    'exchanges',
    `insert into chat_log_entries (conversation_id, storyfile_id, channel, question_text,
       input_mode, decision, fallback_reason, answer_question_id, answer_question_text, created_at)
     select c.id, c.storyfile_id, 'studio', 'Question ' || i || '?', 'typed',
       case when (i + k) % 6 = 0 then 'fallback' else 'answered' end,
       case when (i + k) % 6 = 0 then 'off-topic' end,
       case when (i + k) % 6 <> 0 then q.id end,
       case when (i + k) % 6 <> 0 then q.text end,
       c.started_at + make_interval(secs => i * 40)
     from (select id, storyfile_id, started_at, abs(hashtext(id::text)) % 1000 as k
           from conversations where visitor_key like 'learning:%') c
     cross join generate_series(1, ${EXCHANGES_PER_ATTEMPT}) i
     join lateral (select id, text from storyfile_questions sq
       where sq.storyfile_id = c.storyfile_id
       order by sq.position, sq.id offset ((i * (1 + c.k % 3) + c.k) % ${TOPICS * QUESTIONS_PER_TOPIC}) limit 1) q on true`,
  );
  // The progress summaries the asks would have kept, from the chat log (the migration's backfill).
  const summaries = dialect.sqlToQuery(
    sql`insert into learning_progress (activity_id, student_id, questions_asked, question_times,
      answer_ids, answer_times, topics, seconds, minute_times, first_at, last_at)
    ${summariesFromChatLog()}`,
  );
  const started = performance.now();
  const filled = await client.query(summaries.sql, summaries.params);
  console.log(
    `  progress summaries: ${filled.rowCount ?? 0} rows in ${Math.round(performance.now() - started)} ms`,
  );
  await client.query(`set session_replication_role = origin`).catch(() => undefined);
  await client.query('analyze');
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

const dialect = new PgDialect();

/**
 * A statement the server runs, as SQL text and parameters, so `pg` can run exactly the same query
 * side by side with the request.
 */
function captureQuery(query: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(query);
}

interface Scenario {
  name: string;
  path: string;
  /** Rows the page shows, from the answer. */
  rows: (body: unknown) => number;
  /** The same statement the server runs, and the rows it shows from its result. */
  query: SQL;
  pgRows: (rows: Record<string, unknown>[]) => number;
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

function printTable(
  rows: {
    scenario: string;
    rows: number;
    serverP50: number;
    serverP95: number;
    pgP50: number;
    pgP95: number;
    met: boolean;
  }[],
): void {
  const ms = (value: number) => value.toFixed(1).padStart(10);
  const width = Math.max(...rows.map((row) => row.scenario.length));
  console.log(
    `\n${'scenario'.padEnd(width)}  ${'rows'.padStart(6)}  ${'server p50'.padStart(10)}  ${'pg p50'.padStart(10)}  ${'server p95'.padStart(10)}  ${'pg p95'.padStart(10)}  goal p95 ≤ ${GOAL_P95_MS} ms`,
  );
  for (const row of rows) {
    console.log(
      `${row.scenario.padEnd(width)}  ${String(row.rows).padStart(6)}  ${ms(row.serverP50)}  ${ms(row.pgP50)}  ${ms(row.serverP95)}  ${ms(row.pgP95)}  ${row.met ? 'met' : 'NOT met'}`,
    );
  }
}

await main();
