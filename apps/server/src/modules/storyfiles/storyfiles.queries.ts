import { sql, type SQL } from 'drizzle-orm';
import type {
  ListStoryfilesQuery,
  StoryfileSearchField,
  StoryfileSortField,
  StoryfileStatus,
  StoryfileSummary,
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

// Every query here reads storyfiles under the alias `s`.

const SEARCH_FIELDS: Record<StoryfileSearchField, SearchFieldSql> = {
  name: (pattern) => sql`s.name ilike ${pattern}`,
  description: (pattern) => sql`s.description ilike ${pattern}`,
  language: (pattern) => sql`s.language ilike ${pattern}`,
  // Uncorrelated, so PostgreSQL runs it once (trigram index on the text) and hashes the ids.
  questions: (pattern) =>
    sql`s.id in (select q.storyfile_id from storyfile_questions q where q.text ilike ${pattern})`,
};

/**
 * The status people see: "published" exactly while the publication is live (one source of truth
 * with the share link), otherwise the work status set in Details. Rows stored as "published"
 * before the status followed the publication read as "ready".
 */
const STATUS_SQL = `(case
  when s.is_publication_live then 'published'
  when s.status = 'published' then 'ready'
  else s.status end)`;

const STATUS_ORDER = sql.raw(
  `array_position(array['draft','recording','ready','published'], ${STATUS_SQL})`,
);

function buildOrder(sort: StoryfileSortField, order: SortOrder): SQL {
  const terms: Record<StoryfileSortField, () => SQL[]> = {
    name: () => buildNaturalOrder(sql`s.name`, order),
    status: () => [
      ...buildPlainOrder(STATUS_ORDER, order),
      ...buildNaturalOrder(sql`s.name`, 'asc'),
    ],
    language: () => [
      ...buildNaturalOrder(sql`s.language`, order),
      ...buildNaturalOrder(sql`s.name`, 'asc'),
    ],
    createdAt: () => buildPlainOrder(sql`s.created_at`, order),
    updatedAt: () => buildPlainOrder(sql`s.updated_at`, order),
  };
  // The id makes the order total, so pages never overlap or skip rows.
  return sql.join([...terms[sort](), sql`s.id ${sql.raw(order)}`], sql`, `);
}

/**
 * Which storyfiles a caller may list: the namespaces they see (`all` for admins), and where
 * soft-deleted ones may be included (owners, for restore).
 */
export interface StoryfileListScope {
  namespaceIds: 'all' | readonly string[];
  deletedIn: 'all' | readonly string[] | 'none';
}

function buildScopeCondition(scope: StoryfileListScope): SQL | undefined {
  if (scope.namespaceIds === 'all') {
    return undefined;
  }
  return sql`s.namespace_id = any(${uuidArray(scope.namespaceIds)})`;
}

function buildDeletedCondition(scope: StoryfileListScope): SQL | undefined {
  if (scope.deletedIn === 'all') {
    return undefined;
  }
  if (scope.deletedIn === 'none' || scope.deletedIn.length === 0) {
    return sql`s.deleted_at is null`;
  }
  return sql`(s.deleted_at is null or s.namespace_id = any(${uuidArray(scope.deletedIn)}))`;
}

/** Columns and joins of a storyfile summary, counts included, for rows aliased `s`. */
const SUMMARY_COLUMNS = sql.raw(`s.id, s.namespace_id, n.label as namespace_label, s.name,
  s.description, s.language, ${STATUS_SQL} as status, s.avatar_url, s.created_at, s.updated_at, s.deleted_at,
  tc.topic_count, qc.question_count, qc.answered_count, ${AUTHOR_COLUMNS}`);

const SUMMARY_JOINS = sql`join ${namespaces} n on n.id = s.namespace_id
  ${authorJoins('s')}
  cross join lateral (select count(*)::int as topic_count
    from storyfile_topics t where t.storyfile_id = s.id) tc
  cross join lateral (select count(*)::int as question_count,
    count(q.answer_recorded_at)::int as answered_count
    from storyfile_questions q where q.storyfile_id = s.id) qc`;

/**
 * The count and page queries of the storyfile list. Filtering, sorting and paging happen on the
 * storyfiles table alone; counts and authors are joined to the page's rows only.
 */
export function buildStoryfileListQueries(
  query: Pick<
    ListStoryfilesQuery,
    'search' | 'searchOptions' | 'page' | 'pageSize' | 'sort' | 'order' | 'status'
  >,
  scope: StoryfileListScope,
): ListQueries {
  const where = joinConditions([
    buildScopeCondition(scope),
    buildDeletedCondition(scope),
    query.status === undefined ? undefined : sql`${sql.raw(STATUS_SQL)} = ${query.status}`,
    buildSearchCondition(
      query.search,
      query.searchOptions.map((field) => SEARCH_FIELDS[field]),
    ),
  ]);
  const order = buildOrder(query.sort, query.order);
  return buildTableListQueries({
    table: 'storyfiles s',
    columns: SUMMARY_COLUMNS,
    joins: SUMMARY_JOINS,
    where,
    order,
    paging: query,
  });
}

/** Summaries of the given storyfiles (any order; callers arrange them). */
export function buildStoryfileSummariesQuery(ids: readonly string[]): SQL {
  return sql`select ${SUMMARY_COLUMNS} from storyfiles s ${SUMMARY_JOINS}
    where s.id = any(${uuidArray(ids)})`;
}

export type StoryfileSummaryRow = Record<string, unknown> & {
  id: string;
  namespace_id: string;
  namespace_label: string;
  name: string;
  description: string;
  language: string;
  status: StoryfileStatus;
  avatar_url: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  deleted_at: string | Date | null;
  topic_count: number;
  question_count: number;
  answered_count: number;
};

export function presentStoryfileSummary(row: StoryfileSummaryRow): StoryfileSummary {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    namespaceLabel: row.namespace_label,
    name: row.name,
    description: row.description,
    language: row.language,
    status: row.status,
    avatarUrl: row.avatar_url,
    topicCount: row.topic_count,
    questionCount: row.question_count,
    answeredCount: row.answered_count,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
    deletedAt: toIsoTimestampOrNull(row.deleted_at),
    createdBy: toUserSummary(row, 'created_by'),
    updatedBy: toUserSummary(row, 'updated_by'),
  };
}
