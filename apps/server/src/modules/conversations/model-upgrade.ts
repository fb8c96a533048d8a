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

/** Distinct texts of other models that the model in force has no vector for. */
function missingTexts(model: string) {
  return sql`
    from sentence_vectors other
    where other.model <> ${model}
      and not exists (
        select 1 from sentence_vectors mine
        where mine.model = ${model} and mine.text_hash = other.text_hash
      )`;
}

async function countMissing(db: Database, model: string) {
  const result = await db.execute<{ model: string; texts: number }>(sql`
    select other.model, count(distinct other.text_hash)::int as texts ${missingTexts(model)}
    group by other.model`);
  return result.rows;
}

async function readMissingPage(db: Database, model: string): Promise<string[]> {
  const result = await db.execute<{ text: string }>(sql`
    select distinct on (other.text_hash) other.text ${missingTexts(model)}
    order by other.text_hash
    limit ${PAGE}`);
  return result.rows.map((row) => row.text);
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
  const vectors = createSentenceVectors(db, embedder, undefined, { capacity: PAGE * 2 });
  const report: ModelUpgradeReport = { status: 'waiting', from: [], texts: 0, embedded: 0 };
  let isStopped = false;
  let wake: (() => void) | undefined;
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
        await embedder.ready();
        break;
      } catch {
        await pause(FAILED_WAIT_MS);
      }
    }
    if (isStopped) {
      return;
    }
    const counts = await countMissing(db, embedder.id);
    report.from = counts.map((row) => row.model).sort();
    report.texts = counts.reduce((sum, row) => sum + row.texts, 0);
    report.status = 'running';
    if (report.texts > 0) {
      log(
        `sentence model ${embedder.id}: embedding again ${report.texts} texts of ${report.from.join(', ')} in the background`,
      );
    }
    while (!isStopped) {
      const page = await readMissingPage(db, embedder.id);
      if (page.length === 0) {
        break;
      }
      await vectors.preparePhrasings(page);
      const left = await readMissingPage(db, embedder.id);
      const progress = page.filter((text) => !left.includes(text)).length;
      report.embedded += progress;
      if (progress === 0) {
        // The model failed: nothing was stored. Wait for it to load again.
        await pause(FAILED_WAIT_MS);
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
      wake?.();
      await running;
    },
  };
}
