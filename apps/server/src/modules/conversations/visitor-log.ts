// What a storyfile's visitors asked (issue 50, item 3), as its matcher reads it: the distinct
// questions of its chat log, newest first, asked anywhere but the studio's own test chat. The
// matcher weighs words and answers by them, unlabelled (`@conversa/matching`'s
// `setVisitorQuestions`). The log in force is stored (`storyfile_visitor_logs`): every process
// scores with the same one, and its `updated_at` is part of the matcher's stamp. An ask reads the
// chat log again now and then (`createVisitorLogRefresher`), off its path, and stores the log once
// enough of it is new to be worth a new calibration (`hasLogMoved`).
import type { MatchingSettings } from '@conversa/contracts';
import { DEFAULT_TUNING } from '@conversa/matching';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatLogEntries } from './conversations.tables.ts';
import type { SentenceVectors } from './sentence-vectors.ts';
import { storyfileVisitorLogs } from './visitor-logs.tables.ts';

/** Distinct questions read per storyfile at most (the newest): bounds a read and a calibration. */
export const MAX_VISITOR_QUESTIONS = 1_000;

/** How much of the log must be new before the matcher takes it (each take recalibrates). */
export const VISITOR_LOG_CHANGE_SHARE = 0.25;

/** Exchanges read per storyfile at most (the newest): bounds a read of a long chat log. */
export const MAX_VISITOR_EXCHANGES_READ = 20_000;

/**
 * The newest `MAX_VISITOR_EXCHANGES_READ` exchanges of the storyfile that visitors asked (the
 * studio's test chat is the author's, not a visitor's, and is left out), as a relation.
 */
function recentVisitorExchanges(storyfileId: string): SQL {
  const entry = chatLogEntries;
  return sql`(
    select ${entry.questionText} as question_text, ${entry.normalizedText} as normalized_text,
      ${entry.createdAt} as created_at
    from ${entry}
    where ${entry.storyfileId} = ${storyfileId} and ${entry.channel} <> 'studio'
    order by ${entry.createdAt} desc
    limit ${MAX_VISITOR_EXCHANGES_READ}
  )`;
}

/**
 * The storyfile's distinct visitor questions (by their normalised text, each as last asked) among
 * its newest exchanges, newest first, at most `MAX_VISITOR_QUESTIONS`.
 */
export async function loadVisitorQuestions(db: Database, storyfileId: string): Promise<string[]> {
  const result = await db.execute<{ question_text: string }>(sql`
    select question_text from (
      select distinct on (normalized_text) question_text, created_at
      from ${recentVisitorExchanges(storyfileId)} recent
      where normalized_text <> ''
      order by normalized_text, created_at desc
    ) asked
    order by created_at desc
    limit ${MAX_VISITOR_QUESTIONS}`);
  return result.rows.map((row) => row.question_text);
}

/**
 * Whether `next` is worth handing to the matcher in place of `current`: once it holds the
 * matcher's minimum (below it the log changes nothing, so nothing is handed on), when at least
 * `VISITOR_LOG_CHANGE_SHARE` of it is new, or when it fell below the minimum again.
 */
export function hasLogMoved(current: readonly string[], next: readonly string[]): boolean {
  const minimum = DEFAULT_TUNING.visitorLogMinQuestions;
  if (next.length < minimum) {
    return current.length > 0;
  }
  const known = new Set(current);
  const added = next.filter((text) => !known.has(text)).length;
  return current.length === 0 || added >= VISITOR_LOG_CHANGE_SHARE * current.length;
}

/** The stored log's part of the matcher's stamp: it moves when another log is stored. */
export function visitorLogStampPart(storyfileId: string): SQL {
  return sql`(select coalesce(max(${storyfileVisitorLogs.updatedAt})::text, '')
    from ${storyfileVisitorLogs} where ${storyfileVisitorLogs.storyfileId} = ${storyfileId})`;
}

/** The log the storyfile's matcher scores with ([] until one was stored). */
export async function loadStoredVisitorLog(db: Database, storyfileId: string): Promise<string[]> {
  const [row] = await db
    .select({ questions: storyfileVisitorLogs.questions })
    .from(storyfileVisitorLogs)
    .where(eq(storyfileVisitorLogs.storyfileId, storyfileId));
  return row?.questions ?? [];
}

/**
 * What Matching settings say of the visitors' log: the distinct questions asked (as far as they are
 * read), the log in force (`inForce`: the entry's), when it was taken, and the minimum.
 */
export async function describeVisitorLog(
  db: Database,
  storyfileId: string,
  inForce: readonly string[],
): Promise<MatchingSettings['visitorLog']> {
  const [counted, stored] = await Promise.all([
    db.execute<{ asked: number }>(sql`
      select count(*)::int as asked from (
        select distinct normalized_text from ${recentVisitorExchanges(storyfileId)} recent
        where normalized_text <> ''
        limit ${MAX_VISITOR_QUESTIONS}
      ) asked`),
    db
      .select({ updatedAt: storyfileVisitorLogs.updatedAt })
      .from(storyfileVisitorLogs)
      .where(eq(storyfileVisitorLogs.storyfileId, storyfileId)),
  ]);
  return {
    asked: counted.rows[0]?.asked ?? 0,
    inForce: inForce.length,
    takenAt: inForce.length > 0 ? (stored[0]?.updatedAt.toISOString() ?? null) : null,
    minimum: DEFAULT_TUNING.visitorLogMinQuestions,
  };
}

/**
 * Reads a storyfile's chat log again at most once per `intervalMs` per process, off the ask's
 * path, and stores the log when it moved (`hasLogMoved`), after its questions' sentence vectors
 * (read back, else embedded in batches and stored), so that a matcher never takes a log it cannot
 * score with. A failure is logged and tried again at the next interval.
 */
export function createVisitorLogRefresher(options: {
  intervalMs: number;
  vectors?: Pick<SentenceVectors, 'preparePhrasings'> | undefined;
  logger?: { warn(message: string): void } | undefined;
}) {
  const readAt = new Map<string, number>();
  const reads = new Map<string, Promise<void>>();
  return {
    /** Starts a read of the chat log when the last one is `intervalMs` old; `current` is in force. */
    refresh(db: Database, storyfileId: string, current: readonly string[]): void {
      const last = readAt.get(storyfileId);
      if (
        reads.has(storyfileId) ||
        (last !== undefined && Date.now() - last < options.intervalMs)
      ) {
        return;
      }
      readAt.set(storyfileId, Date.now());
      const read = (async () => {
        const next = await loadVisitorQuestions(db, storyfileId);
        if (!hasLogMoved(current, next)) {
          return;
        }
        const questions = next.length >= DEFAULT_TUNING.visitorLogMinQuestions ? next : [];
        await options.vectors?.preparePhrasings(questions);
        await db
          .insert(storyfileVisitorLogs)
          .values({ storyfileId, questions, questionCount: questions.length })
          .onConflictDoUpdate({
            target: storyfileVisitorLogs.storyfileId,
            set: { questions, questionCount: questions.length, updatedAt: sql`now()` },
          });
      })()
        .catch((error: unknown) => {
          options.logger?.warn(`the visitors' questions were not taken: ${String(error)}`);
        })
        .finally(() => reads.delete(storyfileId));
      reads.set(storyfileId, read);
    },
    /** Resolves once the storyfile's read in flight, if any, is done (tests, benchmarks). */
    async settle(storyfileId: string): Promise<void> {
      await reads.get(storyfileId);
    },
  };
}

export type VisitorLogRefresher = ReturnType<typeof createVisitorLogRefresher>;
