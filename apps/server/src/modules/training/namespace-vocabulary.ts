import { sql, type SQL } from 'drizzle-orm';
import type { CurrentUser, SortOrder } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  assertNamespaceExists,
  assertNamespaceRole,
  buildNaturalOrder,
  buildPageLimit,
  buildPlainOrder,
  buildSearchCondition,
  isUniqueViolation,
  joinConditions,
  runListQueries,
  type ListQueries,
  type SearchFieldSql,
} from '../lists/index.ts';

// What custom categories and custom words share: both are a namespace's vocabulary, listed a page
// at a time with §5 search and a name or "last changed" sort, read by anyone who can read the
// namespace and changed by its editors. Each table says only its columns, search fields and
// messages here.

/** One vocabulary table: `alias` names it in every statement (`c` in `from custom_categories c`). */
export interface VocabularyTable<Field extends string, Row extends Record<string, unknown>, Item> {
  /** `from <table> <alias>` and any joins the select list needs. */
  from: SQL;
  /** The table's own name (for the permission lookup by id). */
  tableName: SQL;
  /** The select list of one item. */
  select: SQL;
  /**
   * Adds what is worked out for a set of items at once (categories' usage): `rows` is a
   * statement of items as `select` reads them; the result selects them with the additions, in
   * `orderBy`'s order (of the columns of `alias`). Without it, `select` is the whole answer.
   */
  decorate?: (rows: SQL, orderBy: SQL) => SQL;
  /** The table's alias in `from`; its rows have `id`, `namespace_id` and `updated_at`. */
  alias: string;
  /** The column sorted by name (`name`, `term`). */
  nameColumn: string;
  /** The query's `sort` value that sorts by the name column (any other: by last change). */
  nameSort: string;
  searchFields: Record<Field, SearchFieldSql>;
  present: (row: Row) => Item;
  notFoundMessage: string;
  takenMessage: string;
}

/** `<alias>.<column>`; both are constants of the code, never request text. */
function column(table: { alias: string }, name: string): SQL {
  return sql.raw(`${table.alias}.${name}`);
}

/** What a vocabulary list is asked for: the namespace, §5 search, a sort and a page. */
export interface VocabularyListQuery<Field extends string> {
  namespaceId: string;
  search: string;
  searchOptions: readonly Field[];
  sort: string;
  order: SortOrder;
  page: number;
  pageSize: number;
}

/**
 * The count and page statements of one page of a namespace's vocabulary (the benchmark runs the
 * same SQL through `pg`). Refuses unless the user reads the namespace.
 */
export function buildVocabularyQueries<
  Field extends string,
  Row extends Record<string, unknown>,
  Item,
>(
  user: CurrentUser,
  table: VocabularyTable<Field, Row, Item>,
  query: VocabularyListQuery<Field>,
): ListQueries {
  assertNamespaceRole(user, query.namespaceId, 'read:ns');
  const where = joinConditions([
    sql`${column(table, 'namespace_id')} = ${query.namespaceId}`,
    buildSearchCondition(
      query.search,
      query.searchOptions.map((field) => table.searchFields[field]),
    ),
  ]);
  const order =
    query.sort === table.nameSort
      ? buildNaturalOrder(column(table, table.nameColumn), query.order)
      : buildPlainOrder(column(table, 'updated_at'), query.order);
  const orderBy = sql.join([...order, column(table, 'id')], sql`, `);
  const page = sql`select ${table.select} ${table.from} where ${where}
    order by ${orderBy} ${buildPageLimit(query)}`;
  return {
    count: sql`select count(*)::int as total ${table.from} where ${where}`,
    page: table.decorate ? table.decorate(page, orderBy) : page,
  };
}

/** One page of a namespace's vocabulary, searched and sorted by name or by last change. */
export async function listVocabulary<
  Field extends string,
  Row extends Record<string, unknown>,
  Item,
>(
  db: Database,
  user: CurrentUser,
  table: VocabularyTable<Field, Row, Item>,
  query: VocabularyListQuery<Field>,
) {
  return runListQueries<Row, Item>(
    db,
    buildVocabularyQueries(user, table, query),
    query,
    table.present,
  );
}

/** One item by id, or 404 with the table's message. */
export async function readVocabularyItem<Row extends Record<string, unknown>, Item>(
  db: Database,
  table: VocabularyTable<string, Row, Item>,
  id: string,
): Promise<Item> {
  const one = sql`select ${table.select} ${table.from} where ${column(table, 'id')} = ${id}`;
  const row = (
    await db.execute<Row>(table.decorate ? table.decorate(one, column(table, 'id')) : one)
  ).rows[0];
  if (!row) {
    throw notFound(table.notFoundMessage);
  }
  return table.present(row as Row);
}

/**
 * Refuses unless `user` may edit the item's namespace; an item of a namespace the user cannot see
 * is "not found", as if it did not exist.
 */
export async function assertVocabularyEditable(
  db: Database,
  user: CurrentUser,
  table: Pick<VocabularyTable<string, never, unknown>, 'tableName' | 'notFoundMessage'>,
  id: string,
): Promise<void> {
  const row = (
    await db.execute<{ namespace_id: string }>(
      sql`select namespace_id from ${table.tableName} where id = ${id}`,
    )
  ).rows[0];
  if (!row) {
    throw notFound(table.notFoundMessage);
  }
  assertNamespaceRole(user, row.namespace_id, 'edit:ns', table.notFoundMessage);
}

/** Runs a write; a second item of the same name in the scope answers 409 with the table's message. */
export async function writeVocabulary<T>(
  table: Pick<VocabularyTable<string, never, unknown>, 'takenMessage'>,
  write: Promise<T>,
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(table.takenMessage);
    }
    throw error;
  }
}

/** Refuses unless `user` may add to the namespace, and it exists. */
export async function assertVocabularyNamespaceEditable(
  db: Database,
  user: CurrentUser,
  namespaceId: string,
): Promise<void> {
  assertNamespaceRole(user, namespaceId, 'edit:ns');
  await assertNamespaceExists(db, namespaceId);
}

/** Deletes one item the user may edit. */
export async function deleteVocabularyItem(
  db: Database,
  user: CurrentUser,
  table: Pick<VocabularyTable<string, never, unknown>, 'tableName' | 'notFoundMessage'>,
  id: string,
): Promise<{ id: string }> {
  await assertVocabularyEditable(db, user, table, id);
  await db.execute(sql`delete from ${table.tableName} where id = ${id}`);
  return { id };
}

/** The shared operations bound to one table, so a service names only what is its own. */
export function defineVocabulary<Field extends string, Row extends Record<string, unknown>, Item>(
  table: VocabularyTable<Field, Row, Item>,
) {
  return {
    list: (db: Database, user: CurrentUser, query: VocabularyListQuery<Field>) =>
      listVocabulary(db, user, table, query),
    buildListQueries: (user: CurrentUser, query: VocabularyListQuery<Field>) =>
      buildVocabularyQueries(user, table, query),
    read: (db: Database, id: string) => readVocabularyItem(db, table, id),
    assertEditable: (db: Database, user: CurrentUser, id: string) =>
      assertVocabularyEditable(db, user, table, id),
    assertNamespaceEditable: (db: Database, user: CurrentUser, namespaceId: string) =>
      assertVocabularyNamespaceEditable(db, user, namespaceId),
    write: <T>(write: Promise<T>) => writeVocabulary(table, write),
    remove: (db: Database, user: CurrentUser, id: string) =>
      deleteVocabularyItem(db, user, table, id),
  };
}
