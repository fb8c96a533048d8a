import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from './list-helpers.ts';
import { buildListResponse, isResourceId, scimNotFound, type readPaging } from './scim-protocol.ts';

// The reads SCIM's Users and Groups share: a filtered page of a resource's rows, and one resource
// by id. Each resource's query file brings its selection, its filter's condition and its shape.

/**
 * A SCIM list response (RFC 7644 §3.4.2): the rows of `selection` that meet `condition`, oldest
 * first, within `paging`, each presented, with how many meet it in all (`count=0` reads the total
 * alone).
 */
export async function listScimResources<Row extends Record<string, unknown>>(
  db: Executor,
  selection: SQL,
  condition: SQL,
  paging: ReturnType<typeof readPaging>,
  present: (row: Row) => Record<string, unknown>,
) {
  const source = sql`(${selection} and ${condition}) as s`;
  const [count, page] = await Promise.all([
    db.execute<{ total: number }>(sql`select count(*)::int as total from ${source}`),
    paging.count === 0
      ? Promise.resolve({ rows: [] as Row[] })
      : db.execute<Row>(
          sql`select * from ${source} order by created_at, id limit ${paging.count} offset ${paging.offset}`,
        ),
  ]);
  // drizzle types a generic row as Assume<Row, QueryResultRow>, which is Row for these rows.
  return buildListResponse(
    (page.rows as Row[]).map(present),
    Number(count.rows[0]?.total ?? 0),
    paging.startIndex,
  );
}

/**
 * The row of `selection` whose `idColumn` is `id`; SCIM's 404 for `resource` when `id` is no
 * resource id (never sent to PostgreSQL as a uuid) or names none.
 */
export async function loadScimResource<Row extends Record<string, unknown>>(
  db: Executor,
  resource: 'User' | 'Group',
  selection: SQL,
  idColumn: SQL,
  id: string,
): Promise<Row> {
  if (!isResourceId(id)) {
    throw scimNotFound(resource, id);
  }
  const result = await db.execute<Row>(sql`${selection} and ${idColumn} = ${id}`);
  const row = result.rows[0] as Row | undefined;
  if (!row) {
    throw scimNotFound(resource, id);
  }
  return row;
}
