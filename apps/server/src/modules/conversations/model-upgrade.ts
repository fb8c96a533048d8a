// After the studio's sentence model changes (issue 64: USE lite to all-MiniLM-L6-v2), every text
// some other model embedded (the scripts' phrasings and alternates, transcripts' passages, what
// visitors asked) is embedded again with the model in force, in the background, oldest model's
// rows read in pages: a storyfile's first ask then finds its vectors made and answers by meaning
// at once, where it would answer by words while they were made. Meanwhile a storyfile asked before
// its turn still makes its own vectors first (`matcher-cache.ts`), as it always did.
import { sql } from 'drizzle-orm';
import type { TextEmbedder } from '@conversa/embeddings';
import type { Database } from '../../db/client.ts';
import { createSentenceVectors } from './sentence-vectors.ts';

/** Texts read and embedded at a time: one worker message each, 32 at a time (~0.2 s). */
const PAGE = 128;
/** Wait before looking again when the model failed (it is loaded again after its own wait). */
const FAILED_WAIT_MS = 30_000;

export interface ModelUpgradeReport {
  /**
   * `waiting`: for the model to load; `running`; `done`: nothing left; `stopped`: the studio
   * stops.
   */
  status: 'waiting' | 'running' | 'done' | 'stopped';
  /** The models whose texts are embedded again, e.g. `['use-lite']` (none: nothing to do). */
  from: string[];
  /** Texts the model in force lacked when the upgrade began, and how many it has embedded since. */
  texts: number;
  embedded: number;
}

export interface ModelUpgrade {
  report(): ModelUpgradeReport;
  /** Resolves when nothing is left (tests), or when stopped. */
  finished(): Promise<void>;
  stop(): Promise<void>;
}

/** Texts of another model that the model in force has no vector for. */
function lacking(model: string) {
  return sql`not exists (
    select 1 from sentence_vectors mine
    where mine.model = ${model} and mine.text_hash = other.text_hash
  )`;
}

/** The other models that embedded texts the model in force lacks, and how many texts (distinct). */
async function countMissing(db: Database, model: string) {
  const result = await db.execute<{ models: string[] | null; texts: number }>(sql`
    select array_agg(distinct other.model order by other.model) as models,
      count(distinct other.text_hash)::int as texts
    from sentence_vectors other
    where other.model <> ${model} and ${lacking(model)}`);
  const row = result.rows[0];
  return { from: row?.models ?? [], texts: row?.texts ?? 0 };
}

/**
 * The next page of `from`'s texts after `after` (by hash: the primary key's order, so each page
 * is a range of the index) that the model in force lacks.
 */
async function readMissingPage(db: Database, model: string, from: string, after: string) {
  const result = await db.execute<{ text: string; text_hash: string }>(sql`
    select other.text, other.text_hash from sentence_vectors other
    where other.model = ${from} and other.text_hash > ${after} and ${lacking(model)}
    order by other.text_hash
    limit ${PAGE}`);
  return result.rows;
}

/** How many of `hashes` the model in force has a vector for now. */
async function countPresent(db: Database, model: string, hashes: readonly string[]) {
  const result = await db.execute<{ present: number }>(sql`
    select count(*)::int as present from sentence_vectors
    where model = ${model} and text_hash in (${sql.join(
      hashes.map((hash) => sql`${hash}`),
      sql`, `,
    )})`);
  return result.rows[0]?.present ?? 0;
}

/**
 * Starts embedding again, with `embedder`, every text another model embedded. One page at a time,
 * at the embedder's batch priority (a visitor's question goes first); stops at `stop()`. A page
 * that makes no progress (the model failed) waits and is tried again.
 */
export function startModelUpgrade(
  db: Database,
  embedder: TextEmbedder,
  log: (message: string) => void,
): ModelUpgrade {
  // A store of its own, a page or two: the old texts must not push the vectors visitors' asks use
  // out of the asks' store (least recently used first).
  const vectors = createSentenceVectors(db, embedder, undefined, { capacity: PAGE * 2 });
  const report: ModelUpgradeReport = { status: 'waiting', from: [], texts: 0, embedded: 0 };
  let isStopped = false;
  let wake: (() => void) | undefined;
  let onStop: () => void = () => undefined;
  /** Settles at `stop()`: a model still loading holds no stop up. */
  const stopped = new Promise<void>((resolve) => {
    onStop = resolve;
  });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms).unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    while (!isStopped) {
      try {
        await Promise.race([embedder.ready(), stopped]);
        break;
      } catch {
        await pause(FAILED_WAIT_MS);
      }
    }
    if (isStopped) {
      return;
    }
    const missing = await countMissing(db, embedder.id);
    report.from = missing.from;
    report.texts = missing.texts;
    report.status = 'running';
    if (report.texts > 0) {
      log(
        `sentence model ${embedder.id}: embedding again ${report.texts} texts of ${report.from.join(', ')} in the background`,
      );
    }
    for (const from of report.from) {
      let after = '';
      while (!isStopped) {
        const page = await readMissingPage(db, embedder.id, from, after);
        if (page.length === 0) {
          break;
        }
        await vectors.preparePhrasings(page.map((row) => row.text));
        const embedded = await countPresent(
          db,
          embedder.id,
          page.map((row) => row.text_hash),
        );
        report.embedded += embedded;
        if (embedded === 0) {
          // The model failed: nothing was stored. Wait for it to load again, then the same page.
          await pause(FAILED_WAIT_MS);
          continue;
        }
        after = page.at(-1)!.text_hash;
      }
    }
    if (!isStopped) {
      report.status = 'done';
      if (report.texts > 0) {
        log(`sentence model ${embedder.id}: ${report.embedded} texts embedded again`);
      }
    }
  }

  const running = run().catch((error: unknown) => {
    // The database went away (the studio stops) or refused: the next start takes it up again.
    if (!isStopped) {
      log(
        `sentence model ${embedder.id}: embedding again stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });

  return {
    report: () => ({ ...report, from: [...report.from] }),
    finished: () => running,
    async stop() {
      isStopped = true;
      report.status = report.status === 'done' ? 'done' : 'stopped';
      onStop();
      wake?.();
      await running;
    },
  };
}
