import { sql } from 'drizzle-orm';
import { badRequest } from '../../http/errors.ts';
import type { Executor } from './executor.ts';
import { uuidArray } from './list-sql.ts';

/** Tables with an integer `position` among siblings. */
export type OrderedTable =
  'storyfile_topics' | 'storyfile_questions' | 'questions' | 'script_topics' | 'script_questions';

/**
 * A reorder request must name every current id exactly once: anything else would drop, invent or
 * duplicate items, so it is refused whole (400) rather than half-applied.
 */
export function assertPermutation(
  currentIds: readonly string[],
  requestedIds: readonly string[],
  what: string,
): void {
  const current = new Set(currentIds);
  const requested = new Set(requestedIds);
  const isPermutation =
    requested.size === requestedIds.length &&
    requested.size === current.size &&
    requestedIds.every((id) => current.has(id));
  if (!isPermutation) {
    throw badRequest(
      `The new order must list every ${what} exactly once (${current.size} expected, ${requestedIds.length} given).`,
    );
  }
}

/** Sets `position` to each id's zero-based index in `ids`, in one statement. */
export async function rewritePositions(
  tx: Executor,
  table: OrderedTable,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await tx.execute(sql`update ${sql.identifier(table)} as item
    set position = ordered.ordinality - 1
    from unnest(${uuidArray(ids)}) with ordinality as ordered(id, ordinality)
    where item.id = ordered.id and item.position <> ordered.ordinality - 1`);
}

/** A reorder: `ids` must list every one of `currentIds` (assertPermutation), then take their places. */
export async function reorderPositions(
  tx: Executor,
  table: OrderedTable,
  currentIds: readonly string[],
  ids: readonly string[],
  what: string,
): Promise<void> {
  assertPermutation(currentIds, ids, what);
  await rewritePositions(tx, table, ids);
}

/** Where an insert at `index` lands among `count` siblings: past the end appends. */
export function clampIndex(index: number | undefined, count: number): number {
  return index === undefined ? count : Math.max(0, Math.min(index, count));
}
