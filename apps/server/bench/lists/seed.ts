// bench:lists' data (bench/lists.ts): 10,000 storyfiles with 200,000 checklist questions and a
// 50,000-question library across 50 namespaces, written by SQL in one go.
import type pg from 'pg';

export const NAMESPACES = 50;
export const STORYFILES_PER_NAMESPACE = 200;
export const TOPICS_PER_STORYFILE = 4;
export const QUESTIONS_PER_TOPIC = 5;
export const LIBRARY_TOPICS_PER_NAMESPACE = 20;
export const LIBRARY_QUESTIONS_PER_TOPIC = 50;
/** The member reads this many namespaces (1,000 storyfiles); the admin sees all 50. */
export const MEMBER_NAMESPACES = 5;
export const PASSWORD = 'bench-password';

export const WORDS = [
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
export async function seed(client: pg.ClientBase): Promise<void> {
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
