import { sql, type SQL } from 'drizzle-orm';
import type {
  ListScriptsQuery,
  Script,
  ScriptSearchField,
  ScriptSortField,
  SortOrder,
} from '@conversa/contracts';
import {
  AUTHOR_COLUMNS,
  authorJoins,
  buildNaturalOrder,
  buildPlainOrder,
  buildSearchCondition,
  buildTableListQueries,
  joinConditions,
  type ListQueries,
  type SearchFieldSql,
  toIsoTimestamp,
  toIsoTimestampOrNull,
  toUserSummary,
  uuidArray,
} from '../lists/index.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';

// Scripts are read under the alias `sc`.

const SEARCH_FIELDS: Record<ScriptSearchField, SearchFieldSql> = {
  name: (pattern) => sql`sc.name ilike ${pattern}`,
  description: (pattern) => sql`sc.description ilike ${pattern}`,
  questions: (pattern) =>
    sql`sc.id in (select sq.script_id from script_questions sq where sq.text ilike ${pattern})`,
};

const QUESTION_COUNT_SQL = `(select count(*)::int from script_questions sq where sq.script_id = sc.id)`;

function buildOrder(sort: ScriptSortField, order: SortOrder): SQL {
  const terms: Record<ScriptSortField, () => SQL[]> = {
    name: () => buildNaturalOrder(sql`sc.name`, order),
    questionCount: () => [
      ...buildPlainOrder(sql.raw(QUESTION_COUNT_SQL), order),
      ...buildNaturalOrder(sql`sc.name`, 'asc'),
    ],
    createdAt: () => buildPlainOrder(sql`sc.created_at`, order),
    updatedAt: () => buildPlainOrder(sql`sc.updated_at`, order),
  };
  return sql.join([...terms[sort](), sql`sc.id ${sql.raw(order)}`], sql`, `);
}

/** Shipped templates are visible to everyone; namespace scripts to their namespaces. */
export interface ScriptListScope {
  namespaceIds: 'all' | readonly string[];
  /** Whether the shipped templates take part (not when the list is narrowed to a namespace). */
  includeShipped: boolean;
  includeNamespaced: boolean;
  deletedIn: 'all' | readonly string[] | 'none';
}

function buildScope(scope: ScriptListScope): SQL {
  const namespaced =
    scope.namespaceIds === 'all'
      ? sql`sc.namespace_id is not null`
      : sql`sc.namespace_id = any(${uuidArray(scope.namespaceIds)})`;
  const parts = [
    ...(scope.includeShipped ? [sql`sc.namespace_id is null`] : []),
    ...(scope.includeNamespaced ? [namespaced] : []),
  ];
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

function buildDeleted(scope: ScriptListScope): SQL | undefined {
  if (scope.deletedIn === 'all') {
    return undefined;
  }
  if (scope.deletedIn === 'none' || scope.deletedIn.length === 0) {
    return sql`sc.deleted_at is null`;
  }
  return sql`(sc.deleted_at is null or sc.namespace_id = any(${uuidArray(scope.deletedIn)}))`;
}

const COLUMNS = sql.raw(`sc.id, sc.namespace_id, n.label as namespace_label, sc.name,
  sc.description, sc.language, sc.created_at, sc.updated_at, sc.deleted_at,
  (select count(*)::int from script_topics st where st.script_id = sc.id) as topic_count,
  ${QUESTION_COUNT_SQL} as question_count, ${AUTHOR_COLUMNS}`);

const JOINS = sql`left join ${namespaces} n on n.id = sc.namespace_id ${authorJoins('sc')}`;

export function buildScriptListQueries(
  query: Pick<
    ListScriptsQuery,
    'search' | 'searchOptions' | 'page' | 'pageSize' | 'sort' | 'order'
  >,
  scope: ScriptListScope,
): ListQueries {
  const where = joinConditions([
    buildScope(scope),
    buildDeleted(scope),
    buildSearchCondition(
      query.search,
      query.searchOptions.map((field) => SEARCH_FIELDS[field]),
    ),
  ]);
  const order = buildOrder(query.sort, query.order);
  return buildTableListQueries({
    table: 'scripts sc',
    columns: COLUMNS,
    joins: JOINS,
    where,
    order,
    paging: query,
  });
}

export function buildScriptQuery(scriptId: string): SQL {
  return sql`select ${COLUMNS} from scripts sc ${JOINS} where sc.id = ${scriptId}`;
}

export type ScriptRow = Record<string, unknown> & {
  id: string;
  namespace_id: string | null;
  namespace_label: string | null;
  name: string;
  description: string;
  language: string;
  topic_count: number;
  question_count: number;
  created_at: string | Date;
  updated_at: string | Date;
  deleted_at: string | Date | null;
};

export function presentScript(row: ScriptRow): Script {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    namespaceLabel: row.namespace_label,
    isShipped: row.namespace_id === null,
    name: row.name,
    description: row.description,
    language: row.language,
    topicCount: row.topic_count,
    questionCount: row.question_count,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
    deletedAt: toIsoTimestampOrNull(row.deleted_at),
    createdBy: toUserSummary(row, 'created_by'),
    updatedBy: toUserSummary(row, 'updated_by'),
  };
}
