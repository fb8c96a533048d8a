// bench:storyfiles' set-up: a published storyfile made through the studio (its script, answer
// videos, transcripts and stored sentence vectors), copied in bulk SQL as many times as asked.
// Every row of the template's tables is copied with its ids mapped (the id's first 24 characters
// and the copy's number: the same mapping for a key and the columns that refer to it, and the
// copy's ids sort as the template's), the storyfile's name and its publication's slug made unique.
// The copies say the same words, so their phrasings and passages find the template's vectors in
// `sentence_vectors`, and their matchers the template's trained state in `matcher_trained_states`
// (as a studio's storyfiles find their own once each was asked): nothing is embedded or trained
// again.
import type pg from 'pg';

/** The tables copied, parents first, and which rows of each belong to the template. */
const TABLES: ReadonlyArray<{ name: string; rowsOf: string }> = [
  { name: 'storyfiles', rowsOf: 'id = $1' },
  { name: 'storyfile_topics', rowsOf: 'storyfile_id = $1' },
  { name: 'storyfile_questions', rowsOf: 'storyfile_id = $1' },
  { name: 'uploads', rowsOf: 'storyfile_id = $1' },
  { name: 'media_assets', rowsOf: 'storyfile_id = $1' },
  { name: 'video_transcripts', rowsOf: 'storyfile_id = $1' },
  { name: 'storyfile_clips', rowsOf: 'storyfile_id = $1' },
  { name: 'storyfile_starters', rowsOf: 'storyfile_id = $1' },
  { name: 'storyfile_publications', rowsOf: 'storyfile_id = $1' },
];

/** Keys that are copied with a new value: the copied rows' ids and the columns naming them. */
const MAPPED_UUIDS = new Set([
  'id',
  'storyfile_id',
  'storyfile_topic_id',
  'storyfile_question_id',
  'asset_id',
]);
/** Text keys of uploads (a hex id and tus's id) and the media asset's reference to one. */
const MAPPED_TEXTS = new Set(['upload_id', 'tus_id']);

/** The expression that gives a column's value in copy `n`. */
function copiedValue(table: string, column: string, type: string): string {
  const quoted = `"${column}"`;
  if (table === 'uploads' && column === 'id') {
    return `md5(${quoted} || ':' || n)`;
  }
  if (MAPPED_UUIDS.has(column) && type === 'uuid') {
    // The id's first 24 characters and the copy's number: a copy's ids sort as the template's, so
    // its matcher trains the template's state and finds it stored (matcher_trained_states).
    return `(left(${quoted}::text, 24) || lpad(to_hex(n), 12, '0'))::uuid`;
  }
  if (MAPPED_TEXTS.has(column)) {
    return `md5(${quoted} || ':' || n)`;
  }
  if (table === 'storyfiles' && column === 'name') {
    return `${quoted} || ' #' || n`;
  }
  if (table === 'storyfile_publications' && column === 'slug') {
    return `substr(md5(${quoted} || ':' || n), 1, 10)`;
  }
  return quoted;
}

/**
 * Copies the template storyfile `copies` times (copy numbers 1..copies), `batch` copies a
 * statement per table; answers the copies' slugs and ids.
 */
export async function cloneStoryfile(
  pool: pg.Pool,
  templateId: string,
  copies: number,
  batch = 50,
): Promise<Array<{ id: string; slug: string }>> {
  const statements: string[] = [];
  for (const { name, rowsOf } of TABLES) {
    const { rows: columns } = await pool.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
        order by ordinal_position`,
      [name],
    );
    if (columns.length === 0) {
      throw new Error(`bench:storyfiles: no table ${name} to copy`);
    }
    const list = columns.map(({ column_name }) => `"${column_name}"`).join(', ');
    const values = columns
      .map(({ column_name, data_type }) => copiedValue(name, column_name, data_type))
      .join(', ');
    statements.push(
      `insert into ${name} (${list})
       select ${values} from ${name}, generate_series($2::int, $3::int) as n where ${rowsOf}`,
    );
  }
  // A batch of copies is one transaction: the studio's sweep for answers without a transcript
  // never sees a copied answer video before its transcript.
  const client = await pool.connect();
  try {
    for (let first = 1; first <= copies; first += batch) {
      const last = Math.min(copies, first + batch - 1);
      await client.query('begin');
      for (const statement of statements) {
        await client.query(statement, [templateId, first, last]);
      }
      await client.query('commit');
    }
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  // As autovacuum leaves a studio's tables between edits: statistics that know of every copy (the
  // prepared stamp's generic plan is chosen on them) and visibility maps that let its counts read
  // the indexes alone. Without it the first minutes of asks measure a bulk load's aftermath.
  await pool.query(`vacuum (analyze) ${TABLES.map(({ name }) => name).join(', ')}`);
  const { rows } = await pool.query<{ id: string; slug: string }>(
    `select storyfile_id as id, slug from storyfile_publications
      where storyfile_id in (select ${copiedValue('storyfiles', 'id', 'uuid').replaceAll('"id"', '$1::uuid')}
                               from generate_series(1, $2::int) as n)`,
    [templateId, copies],
  );
  return rows;
}
