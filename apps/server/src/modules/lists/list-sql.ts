import { sql, type SQL } from 'drizzle-orm';
import {
  buildIlikeContainsPattern,
  getListPageCount,
  parseSearchQuery,
  type SortOrder,
} from '@conversa/contracts';
import type { Executor } from './executor.ts';

/** Builds the condition "this field contains the pattern" for one ILIKE pattern. */
export type SearchFieldSql = (pattern: string) => SQL;

/**
 * Spec §5 search in SQL: the text splits into quoted phrases and words, and every term must appear,
 * case-insensitively, in at least one of the selected fields:
 * `(f1 ILIKE %t1% OR f2 ILIKE %t1%) AND (f1 ILIKE %t2% OR ...)`. Terms are bound parameters with
 * `%`, `_` and `\` escaped, so they match literally. Undefined when there is nothing to filter.
 */
export function buildSearchCondition(
  search: string,
  fields: readonly SearchFieldSql[],
): SQL | undefined {
  const terms = parseSearchQuery(search);
  if (terms.length === 0 || fields.length === 0) {
    return undefined;
  }
  return sql.join(
    terms.map((term) => {
      const pattern = buildIlikeContainsPattern(term);
      return sql`(${sql.join(
        fields.map((field) => field(pattern)),
        sql` or `,
      )})`;
    }),
    sql` and `,
  );
}

// A numeric string (spec §5 sorting): optional sign, digits with an optional fraction, blanks around;
// in PostgreSQL's regex dialect, a constant, never input.
const NUMERIC_TEXT_PATTERN = String.raw`'^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)\s*$'`;

/**
 * ORDER BY terms for a text column sorted as spec §5 says: numeric strings by value, before the
 * others, which sort by text (case-insensitive, then exact for a stable order). Descending
 * reverses the whole order.
 */
export function buildNaturalOrder(expression: SQL, order: SortOrder): SQL[] {
  const isNumeric = sql`(${expression} ~ ${sql.raw(NUMERIC_TEXT_PATTERN)})`;
  const direction = sql.raw(order);
  const numericGroup = sql.raw(order === 'asc' ? 'desc' : 'asc');
  return [
    sql`${isNumeric} ${numericGroup}`,
    sql`(case when ${isNumeric} then trim(${expression})::numeric end) ${direction}`,
    sql`lower(${expression}) ${direction}`,
    sql`${expression} ${direction}`,
  ];
}

/** ORDER BY term for a column compared as it is (timestamps, counts). */
export function buildPlainOrder(expression: SQL, order: SortOrder): SQL[] {
  return [sql`${expression} ${sql.raw(order)}`];
}

/** Joins conditions with AND; `true` when there are none. */
export function joinConditions(conditions: readonly (SQL | undefined)[]): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
}

/** A uuid[] parameter for `= any(...)`: one bound array, whatever its length (also empty). */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${sql.param([...ids])}::uuid[]`;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

export function getPageOffset({ page, pageSize }: PageRequest): number {
  return (page - 1) * pageSize;
}

/** `limit … offset …` of a one-based page. */
export function buildPageLimit(request: PageRequest): SQL {
  return sql`limit ${request.pageSize} offset ${getPageOffset(request)}`;
}

export interface ListQueries {
  /** One row with an integer `total`. */
  count: SQL;
  /** The rows of the requested page, in order. */
  page: SQL;
}

/** Tables listed page by page, each read under its one alias. */
export type ListedTable = 'storyfiles s' | 'topics t' | 'scripts sc';

/**
 * The count and page queries of a list over one table: filtering, sorting and paging happen on
 * the table alone; `joins` add what the page shows (namespace, counts, authors) to its rows only.
 */
export function buildTableListQueries(input: {
  table: ListedTable;
  columns: SQL;
  joins: SQL;
  where: SQL;
  order: SQL;
  paging: PageRequest;
}): ListQueries {
  const { columns, joins, where, order } = input;
  const from = sql.raw(input.table);
  const alias = sql.raw(input.table.split(' ')[1]!);
  return {
    count: sql`select count(*)::int as total from ${from} where ${where}`,
    page: sql`select ${columns}
      from (select * from ${from} where ${where} order by ${order} ${buildPageLimit(input.paging)}) ${alias}
      ${joins}
      order by ${order}`,
  };
}

export interface ListPage<Item> {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

/**
 * Runs a list's count and page queries side by side. A page past the last one answers no items
 * with the real `pageCount`, so a screen can move to the last page after deletions.
 */
export async function runListQueries<Row extends Record<string, unknown>, Item>(
  db: Executor,
  queries: ListQueries,
  request: PageRequest,
  present: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const [countResult, pageResult] = await Promise.all([
    db.execute<{ total: number }>(queries.count),
    db.execute<Row>(queries.page),
  ]);
  const total = Number(countResult.rows[0]?.total ?? 0);
  return {
    items: pageResult.rows.map((row) => present(row as Row)),
    page: request.page,
    pageSize: request.pageSize,
    total,
    pageCount: getListPageCount(total, request.pageSize),
  };
}

/**
 * Rows a capped count reads past the page asked for. Counting 100,000 rows exactly costs a scan of
 * all of them on every page; up to this many beyond the page the count is exact, and past it the
 * total is the planner's estimate (spec §5 paging still gets a page count to check against).
 */
export const COUNT_CAP_BEYOND_PAGE = 1_000;

export interface CappedListQueries {
  /** `select count(*)::int as total from (select 1 … limit <cap>)`: exact below the cap. */
  count: SQL;
  /** `explain (format json) select 1 …`: the planner's row estimate when the cap is reached. */
  estimate: SQL;
  /** The rows of the requested page, in order. */
  page: SQL;
}

/**
 * A list's statements with a capped count: `from` is the FROM/WHERE clause shared by the count
 * and the page; the count stops at the rows up to the end of the requested page plus
 * `COUNT_CAP_BEYOND_PAGE`, so it is exact on (and past) the last page.
 */
export function buildCappedListQueries(
  fromWhere: SQL,
  page: SQL,
  request: PageRequest,
): CappedListQueries {
  return {
    count: sql`select count(*)::int as total
      from (select 1 ${fromWhere} limit ${getCountCap(request) + 1}) capped`,
    estimate: sql`explain (format json) select 1 ${fromWhere}`,
    page,
  };
}

/** Where a capped count stops for a page request: the end of the page plus the cap. */
export function getCountCap(request: PageRequest): number {
  return getPageOffset(request) + request.pageSize + COUNT_CAP_BEYOND_PAGE;
}

/**
 * Runs a capped list's count, estimate and page side by side (the estimate is planning only).
 * `isTotalEstimated` says the list is longer than the cap and the total is the planner's
 * estimate, never below what the count saw.
 */
export async function runCappedListQueries<Row extends Record<string, unknown>, Item>(
  db: Executor,
  queries: CappedListQueries,
  request: PageRequest,
  present: (row: Row) => Item,
): Promise<ListPage<Item> & { isTotalEstimated: boolean }> {
  const [countResult, planResult, pageResult] = await Promise.all([
    db.execute<{ total: number }>(queries.count),
    db.execute<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(queries.estimate),
    db.execute<Row>(queries.page),
  ]);
  const counted = Number(countResult.rows[0]?.total ?? 0);
  const isTotalEstimated = counted > getCountCap(request);
  const estimated = Math.round(Number(planResult.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows']));
  const total = isTotalEstimated
    ? Math.max(counted, Number.isFinite(estimated) ? estimated : 0)
    : counted;
  return {
    items: pageResult.rows.map((row) => present(row as Row)),
    page: request.page,
    pageSize: request.pageSize,
    total,
    pageCount: getListPageCount(total, request.pageSize),
    isTotalEstimated,
  };
}
