import { sql } from 'drizzle-orm';
import { DELETED_NAME_MARKER, escapeIlikeTerm } from '@conversa/contracts';
import type { Executor } from './executor.ts';

/** Tables whose names are unique per namespace, case-insensitively. */
export type NamedTable = 'storyfiles' | 'topics' | 'scripts';

async function findNamesStartingWith(
  db: Executor,
  table: NamedTable,
  namespaceId: string,
  base: string,
): Promise<Set<string>> {
  const result = await db.execute<{ name: string }>(
    sql`select lower(name) as name from ${sql.identifier(table)}
        where namespace_id = ${namespaceId} and lower(name) like ${`${escapeIlikeTerm(base.toLowerCase())}%`}`,
  );
  return new Set(result.rows.map((row) => row.name));
}

async function pickFreeName(
  db: Executor,
  table: NamedTable,
  namespaceId: string,
  base: string,
): Promise<string> {
  const taken = await findNamesStartingWith(db, table, namespaceId, base);
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? base : `${base} (${attempt})`;
    if (!taken.has(candidate.toLowerCase())) {
      return candidate;
    }
  }
}

/**
 * The name a soft-deleted item takes: `<name> - Deleted`, or `<name> - Deleted (2)` and so on
 * when an earlier deletion holds it. Every form contains the marker that keeps items out of
 * recent lists (spec §5).
 */
export function pickDeletedName(
  db: Executor,
  table: NamedTable,
  namespaceId: string,
  name: string,
): Promise<string> {
  return pickFreeName(db, table, namespaceId, `${name}${DELETED_NAME_MARKER}`);
}

/** The name of a copy: `<name> (copy)`, then `<name> (copy) (2)`, ... */
export function pickCopyName(
  db: Executor,
  table: NamedTable,
  namespaceId: string,
  name: string,
): Promise<string> {
  return pickFreeName(db, table, namespaceId, `${name} (copy)`);
}

/** Whether a name is used in any of the namespaces (case-insensitive), leaving out one item. */
export async function isNameTaken(
  db: Executor,
  table: NamedTable,
  input: { name: string; namespaceIds: 'all' | readonly string[]; excludeId?: string },
): Promise<boolean> {
  if (input.namespaceIds !== 'all' && input.namespaceIds.length === 0) {
    return false;
  }
  const namespaceFilter =
    input.namespaceIds === 'all'
      ? sql`namespace_id is not null`
      : sql`namespace_id = any(${sql.param([...input.namespaceIds])}::uuid[])`;
  const result = await db.execute(
    sql`select 1 from ${sql.identifier(table)}
        where ${namespaceFilter} and lower(name) = lower(${input.name.trim()})
        ${input.excludeId ? sql`and id <> ${input.excludeId}` : sql``}
        limit 1`,
  );
  return result.rows.length > 0;
}
