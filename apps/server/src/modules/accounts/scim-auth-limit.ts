import { eq, lt, sql } from 'drizzle-orm';
import { SCIM_AUTH_RATE_LIMIT_MESSAGE } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { windowSecondsLeftSql } from '../../db/window-counter.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { scimAuthFailures } from './accounts.tables.ts';

/**
 * Failed SCIM authentications (no token, or one that is unknown or revoked) one source address may
 * make per window. An identity provider with the right token never fails; one with a stale token
 * fails on each sync, a few times a window; a guesser fails on every call.
 */
export const SCIM_FAILED_AUTH_LIMIT = 20;
/** The window starts at the source's first failure. */
export const SCIM_FAILED_AUTH_WINDOW_MINUTES = 10;

const WINDOW = sql.raw(`interval '${SCIM_FAILED_AUTH_WINDOW_MINUTES} minutes'`);

/**
 * Refuses (429 with Retry-After) every SCIM call from a source that used up its failures, before
 * its token is looked at: a locked-out guesser learns nothing, not even from a right guess.
 */
export async function assertScimSourceAllowed(db: Database, source: string): Promise<void> {
  const [row] = await db
    .select({
      secondsLeft: sql<number>`${windowSecondsLeftSql(sql`${scimAuthFailures.windowStart}`, WINDOW)}`,
    })
    .from(scimAuthFailures)
    .where(
      sql`${eq(scimAuthFailures.source, source)} and ${scimAuthFailures.count} >= ${SCIM_FAILED_AUTH_LIMIT} and ${scimAuthFailures.windowStart} > now() - ${WINDOW}`,
    );
  if (row) {
    throw tooManyRequests(SCIM_AUTH_RATE_LIMIT_MESSAGE, Math.max(1, row.secondsLeft));
  }
}

/**
 * Counts one failed SCIM authentication of `source` in one atomic upsert (every replica shares the
 * row); past the limit, throws the 429 instead of letting the caller answer 401.
 */
export async function countScimAuthFailure(
  db: Pick<Database, 'execute'>,
  source: string,
): Promise<void> {
  const result = await db.execute<{ count: number; seconds_left: number }>(sql`
    insert into ${scimAuthFailures} as c (source, window_start, count)
    values (${source}, now(), 1)
    on conflict (source) do update set
      count = case when c.window_start <= now() - ${WINDOW} then 1 else c.count + 1 end,
      window_start = case when c.window_start <= now() - ${WINDOW} then now() else c.window_start end
    returning c.count, ${windowSecondsLeftSql(sql`c.window_start`, WINDOW)} as seconds_left`);
  const row = result.rows[0];
  if (row && row.count > SCIM_FAILED_AUTH_LIMIT) {
    throw tooManyRequests(SCIM_AUTH_RATE_LIMIT_MESSAGE, Math.max(1, row.seconds_left));
  }
}

/** Deletes the counters whose window is over (maintenance). */
export async function deletePastScimAuthFailures(db: Database): Promise<void> {
  await db.delete(scimAuthFailures).where(lt(scimAuthFailures.windowStart, sql`now() - ${WINDOW}`));
}
