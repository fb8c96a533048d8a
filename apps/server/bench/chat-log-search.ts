// Benchmark of the chat logs' word search (not a test): seeds 1,000,000 exchanges (20 storyfiles
// of one namespace, questions made of a few hundred words), then times word searches through the
// real server as the platform admin, and prints PostgreSQL's plan of one of them (the trigram index
// on the folded question, chat_log_entries_normalized_trgm_idx). Prints a table and writes
// bench-results/chat-log-search.json.
//
// Usage: npm run bench:chat-log-search [-- --exchanges 1000000 --requests 20 --keep]
//   DATABASE_URL  any PostgreSQL (a database `conversa_bench_chat_logs` is created there); unset
//                 starts the bench's own embedded PostgreSQL under .data-bench/chatLogs/ (port
//                 BENCH_POSTGRES_PORT, default 54375)
import { parseArgs } from 'node:util';
import { TestBrowser, signIn } from '../test/studio.ts';
import {
  BENCH_ADMIN,
  createBenchPool,
  prepareBenchDatabase,
  startBenchStudio,
  writeBenchResults,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    exchanges: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
  },
});
const EXCHANGES = Number(args.exchanges);
const REQUESTS = Number(args.requests);
const STORYFILES = 20;
const WORDS = [
  'what',
  'where',
  'when',
  'how',
  'why',
  'did',
  'you',
  'your',
  'working',
  'lab',
  'school',
  'mother',
  'father',
  'childhood',
  'favourite',
  'movie',
  'music',
  'garden',
  'river',
  'city',
  'travel',
  'war',
  'love',
  'job',
  'first',
  'remember',
  'learn',
  'teacher',
  'friend',
  'kitchen',
  'recipe',
  'holiday',
  'winter',
  'summer',
  'brother',
  'sister',
  'farm',
  'ship',
  'train',
  'book',
];
const wordArray = `array[${WORDS.map((word) => `'${word}'`).join(',')}]`;

const SEARCHES = [
  'working',
  'working lab',
  '"favourite movie"',
  'mother kitchen recipe',
  'zebra',
  'what did you learn',
];

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

async function main(): Promise<void> {
  const { url, embedded } = await prepareBenchDatabase('conversa_bench_chat_logs', 'chatLogs', {
    reuse: args.keep,
  });
  const direct = createBenchPool(url);
  const studio = await startBenchStudio(url, 'chat-logs');
  try {
    const seeded = await direct.query<{ count: string }>('select count(*) from chat_log_entries');
    if (Number(seeded.rows[0]!.count) === 0) {
      const started = performance.now();
      await direct.query(`drop index if exists chat_log_entries_normalized_trgm_idx`);
      await direct.query(`insert into namespaces (label) values ('bench-chat')`);
      await direct.query(
        `insert into storyfiles (namespace_id, name, description, language, status)
         select (select id from namespaces where label = 'bench-chat'), 'Storyfile ' || i, '', 'en-US', 'published'
         from generate_series(1, ${STORYFILES}) i`,
      );
      await direct.query(
        `insert into conversations (storyfile_id, channel, visitor_key)
         select id, 'share', 'visitor:bench' from storyfiles`,
      );
      // Questions of 4 to 7 words; the folded form is the same words, lower case.
      await direct.query(
        `insert into chat_log_entries (conversation_id, storyfile_id, channel, question_text,
           input_mode, decision, normalized_text, created_at)
         select c.id, c.storyfile_id, 'share', initcap(q.words) || '?', 'typed',
           (array['answered','fallback'])[1 + g % 2], q.words, now() - make_interval(secs => g)
         from generate_series(1, ${EXCHANGES}) g
         cross join lateral (
           select array_to_string(array(
             select (${wordArray})[1 + ((g::bigint * 7919 + k * 104729 + k * k * 31) % ${WORDS.length})]
             from generate_series(1, 4 + g % 4) k), ' ') as words
         ) q
         join lateral (select id, storyfile_id from conversations
                       order by id offset g % ${STORYFILES} limit 1) c on true`,
      );
      await direct.query(`set maintenance_work_mem = '256MB'`);
      await direct.query(
        `create index chat_log_entries_normalized_trgm_idx on chat_log_entries using gin (normalized_text gin_trgm_ops)`,
      );
      await direct.query('analyze chat_log_entries');
      console.log(
        `Seeded ${EXCHANGES} exchanges and built the index in ${Math.round((performance.now() - started) / 1000)} s`,
      );
    }
    const browser = new TestBrowser(studio.url);
    await signIn(browser, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const results = [];
    for (const words of SEARCHES) {
      const samples: number[] = [];
      let total = 0;
      for (let round = -2; round < REQUESTS; round += 1) {
        const started = performance.now();
        const response = await browser.api(
          `/v1/conversa/chat-logs?words=${encodeURIComponent(words)}`,
        );
        if (response.status !== 200) {
          throw new Error(`words=${words} answered ${response.status}: ${await response.text()}`);
        }
        total = ((await response.json()) as { total: number }).total;
        if (round >= 0) {
          samples.push(performance.now() - started);
        }
      }
      results.push({
        words,
        matches: total,
        p50: percentile(samples, 0.5),
        p95: percentile(samples, 0.95),
      });
    }
    const plan = await direct.query<{ 'QUERY PLAN': string }>(
      `explain select count(*) from chat_log_entries
       where normalized_text like '%working%' and normalized_text like '%lab%'`,
    );
    console.log(
      `\n${'words'.padEnd(24)}  ${'matches'.padStart(8)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}`,
    );
    for (const row of results) {
      console.log(
        `${row.words.padEnd(24)}  ${String(row.matches).padStart(8)}  ${row.p50.toFixed(1).padStart(8)}  ${row.p95.toFixed(1).padStart(8)}`,
      );
    }
    console.log(
      `\nPlan of "working lab":\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`,
    );
    const file = writeBenchResults('chat-log-search', {
      when: new Date().toISOString(),
      exchanges: EXCHANGES,
      requestsPerSearch: REQUESTS,
      results,
      plan: plan.rows.map((row) => row['QUERY PLAN']),
    });
    console.log(`Wrote ${file}`);
  } finally {
    await direct.end();
    await studio.stop();
    await embedded?.stop();
  }
}

await main();
