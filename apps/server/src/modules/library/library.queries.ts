import { sql, type SQL } from 'drizzle-orm';
import type {
  LibraryQuestion,
  LibraryQuestionSearchField,
  LibraryQuestionSortField,
  ListLibraryQuestionsQuery,
  ListTopicsQuery,
  SortOrder,
  Topic,
  TopicSearchField,
  TopicSortField,
} from '@conversa/contracts';
import {
  AUTHOR_COLUMNS,
  authorJoins,
  buildNaturalOrder,
  buildPageLimit,
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

/** Namespaces a library list reads, and where soft-deleted rows may be shown. */
export interface LibraryListScope {
  namespaceIds: 'all' | readonly string[];
  deletedIn: 'all' | readonly string[] | 'none';
}

function buildScope(alias: string, scope: LibraryListScope): SQL | undefined {
  return scope.namespaceIds === 'all'
    ? undefined
    : sql`${sql.raw(alias)}.namespace_id = any(${uuidArray(scope.namespaceIds)})`;
}

/** Live rows, or also deleted ones in `deletedIn`; `isDeleted` says when a row counts as deleted. */
function buildDeleted(alias: string, isDeleted: SQL, scope: LibraryListScope): SQL | undefined {
  if (scope.deletedIn === 'all') {
    return undefined;
  }
  if (scope.deletedIn === 'none' || scope.deletedIn.length === 0) {
    return sql`not ${isDeleted}`;
  }
  return sql`(not ${isDeleted} or ${sql.raw(alias)}.namespace_id = any(${uuidArray(scope.deletedIn)}))`;
}

// --- topics (alias t) ---

const TOPIC_SEARCH_FIELDS: Record<TopicSearchField, SearchFieldSql> = {
  name: (pattern) => sql`t.name ilike ${pattern}`,
  description: (pattern) => sql`t.description ilike ${pattern}`,
  questions: (pattern) =>
    sql`t.id in (select q.topic_id from questions q where q.deleted_at is null and q.text ilike ${pattern})`,
};

const TOPIC_QUESTION_COUNT_SQL = `(select count(*)::int from questions q
  where q.topic_id = t.id and q.deleted_at is null)`;
const TOPIC_QUESTION_COUNT = sql.raw(TOPIC_QUESTION_COUNT_SQL);

function buildTopicOrder(sort: TopicSortField, order: SortOrder): SQL {
  const terms: Record<TopicSortField, () => SQL[]> = {
    name: () => buildNaturalOrder(sql`t.name`, order),
    questionCount: () => [
      ...buildPlainOrder(TOPIC_QUESTION_COUNT, order),
      ...buildNaturalOrder(sql`t.name`, 'asc'),
    ],
    createdAt: () => buildPlainOrder(sql`t.created_at`, order),
    updatedAt: () => buildPlainOrder(sql`t.updated_at`, order),
  };
  return sql.join([...terms[sort](), sql`t.id ${sql.raw(order)}`], sql`, `);
}

const TOPIC_COLUMNS = sql.raw(`t.id, t.namespace_id, n.label as namespace_label, t.name,
  t.description, t.created_at, t.updated_at, t.deleted_at,
  ${TOPIC_QUESTION_COUNT_SQL} as question_count,
  ${AUTHOR_COLUMNS}`);

const TOPIC_JOINS = sql`join ${namespaces} n on n.id = t.namespace_id ${authorJoins('t')}`;

export function buildTopicListQueries(
  query: Pick<ListTopicsQuery, 'search' | 'searchOptions' | 'page' | 'pageSize' | 'sort' | 'order'>,
  scope: LibraryListScope,
): ListQueries {
  const where = joinConditions([
    buildScope('t', scope),
    buildDeleted('t', sql`(t.deleted_at is not null)`, scope),
    buildSearchCondition(
      query.search,
      query.searchOptions.map((field) => TOPIC_SEARCH_FIELDS[field]),
    ),
  ]);
  const order = buildTopicOrder(query.sort, query.order);
  return buildTableListQueries({
    table: 'topics t',
    columns: TOPIC_COLUMNS,
    joins: TOPIC_JOINS,
    where,
    order,
    paging: query,
  });
}

export function buildTopicQuery(topicId: string): SQL {
  return sql`select ${TOPIC_COLUMNS} from topics t ${TOPIC_JOINS} where t.id = ${topicId}`;
}

export type TopicRow = Record<string, unknown> & {
  id: string;
  namespace_id: string;
  namespace_label: string;
  name: string;
  description: string;
  question_count: number;
  created_at: string | Date;
  updated_at: string | Date;
  deleted_at: string | Date | null;
};

export function presentTopic(row: TopicRow): Topic {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    namespaceLabel: row.namespace_label,
    name: row.name,
    description: row.description,
    questionCount: row.question_count,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
    deletedAt: toIsoTimestampOrNull(row.deleted_at),
    createdBy: toUserSummary(row, 'created_by'),
    updatedBy: toUserSummary(row, 'updated_by'),
  };
}

// --- library questions (alias q, topic t) ---

const QUESTION_SEARCH_FIELDS: Record<LibraryQuestionSearchField, SearchFieldSql> = {
  text: (pattern) => sql`q.text ilike ${pattern}`,
  // conversa_alternates_text is an immutable array_to_string with a trigram index of its own.
  alternates: (pattern) => sql`conversa_alternates_text(q.alternates) ilike ${pattern}`,
  topic: (pattern) => sql`t.name ilike ${pattern}`,
};

function buildQuestionOrder(sort: LibraryQuestionSortField, order: SortOrder): SQL {
  const byTopicPlace = (direction: SortOrder) => [
    ...buildNaturalOrder(sql`t.name`, direction),
    sql`t.id ${sql.raw(direction)}`,
    sql`q.position ${sql.raw(direction)}`,
  ];
  const terms: Record<LibraryQuestionSortField, () => SQL[]> = {
    position: () => byTopicPlace(order),
    topic: () => byTopicPlace(order),
    text: () => buildNaturalOrder(sql`q.text`, order),
    createdAt: () => buildPlainOrder(sql`q.created_at`, order),
    updatedAt: () => buildPlainOrder(sql`q.updated_at`, order),
  };
  return sql.join([...terms[sort](), sql`q.id ${sql.raw(order)}`], sql`, `);
}

const QUESTION_COLUMNS = sql.raw(`q.id, q.namespace_id, q.topic_id, t.name as topic_name, q.text,
  q.alternates, q.position, q.created_at, q.updated_at, q.deleted_at, ${AUTHOR_COLUMNS}`);

export function buildLibraryQuestionListQueries(
  query: Pick<
    ListLibraryQuestionsQuery,
    'search' | 'searchOptions' | 'page' | 'pageSize' | 'sort' | 'order' | 'topicId'
  >,
  scope: LibraryListScope,
): ListQueries {
  const where = joinConditions([
    buildScope('q', scope),
    buildDeleted('q', sql`(q.deleted_at is not null or t.deleted_at is not null)`, scope),
    query.topicId === undefined ? undefined : sql`q.topic_id = ${query.topicId}`,
    buildSearchCondition(
      query.search,
      query.searchOptions.map((field) => QUESTION_SEARCH_FIELDS[field]),
    ),
  ]);
  const order = buildQuestionOrder(query.sort, query.order);
  const from = sql`questions q join topics t on t.id = q.topic_id`;
  return {
    count: sql`select count(*)::int as total from ${from} where ${where}`,
    page: sql`select ${QUESTION_COLUMNS} from ${from} ${authorJoins('q')}
      where q.id in (select q.id from ${from} where ${where} order by ${order} ${buildPageLimit(query)})
      order by ${order}`,
  };
}

export function buildLibraryQuestionQuery(condition: SQL, order?: SQL): SQL {
  return sql`select ${QUESTION_COLUMNS} from questions q join topics t on t.id = q.topic_id
    ${authorJoins('q')} where ${condition} ${order ? sql`order by ${order}` : sql``}`;
}

export type LibraryQuestionRow = Record<string, unknown> & {
  id: string;
  namespace_id: string;
  topic_id: string;
  topic_name: string;
  text: string;
  alternates: string[];
  position: number;
  created_at: string | Date;
  updated_at: string | Date;
  deleted_at: string | Date | null;
};

export function presentLibraryQuestion(row: LibraryQuestionRow): LibraryQuestion {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    topicId: row.topic_id,
    topicName: row.topic_name,
    text: row.text,
    alternates: row.alternates,
    position: row.position,
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
    deletedAt: toIsoTimestampOrNull(row.deleted_at),
    createdBy: toUserSummary(row, 'created_by'),
    updatedBy: toUserSummary(row, 'updated_by'),
  };
}
