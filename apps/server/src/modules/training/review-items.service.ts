import { sql, type SQL } from 'drizzle-orm';
import {
  EXCHANGE_ALREADY_RATED_MESSAGE,
  EXCHANGE_NOT_FOUND_MESSAGE,
  NEAR_TIE_MARGIN,
  type CurrentUser,
  type ExchangeFeedback,
  type ExchangeRating,
  type ReviewItem,
  type ReviewItemPage,
  type ReviewSortField,
  type listReviewItemsQuerySchema,
} from '@conversa/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { getReadableNamespaceIds } from '../chat-logs/index.ts';
import {
  outcomeCondition,
  recordExchangeFeedback,
  selectChatLogEntryColumns,
} from '../conversations/index.ts';
import {
  buildCappedListQueries,
  buildNaturalOrder,
  buildPageLimit,
  buildPlainOrder,
  buildSearchCondition,
  joinConditions,
  runCappedListQueries,
  uuidArray,
  type CappedListQueries,
  type SearchFieldSql,
} from '../lists/index.ts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

type ReviewItemsQuery = z.output<typeof listReviewItemsQuerySchema>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(value: string): Date {
  return new Date(DAY_PATTERN.test(value) ? `${value}T00:00:00Z` : value);
}

const SEARCH_FIELDS: Record<'question' | 'answer', SearchFieldSql> = {
  question: (pattern) => sql`e.question_text ilike ${pattern}`,
  answer: (pattern) =>
    sql`coalesce(e.answer_question_text, e.matched_question_text, '') ilike ${pattern}`,
};

function buildOrder(sort: ReviewSortField, order: 'asc' | 'desc'): SQL[] {
  const orderBy: Record<ReviewSortField, () => SQL[]> = {
    createdAt: () => buildPlainOrder(sql`e.created_at`, order),
    questionText: () => buildNaturalOrder(sql`e.question_text`, order),
    storyfileName: () => buildNaturalOrder(sql`s.name`, order),
    channel: () => buildPlainOrder(sql`e.channel`, order),
    decision: () => buildPlainOrder(sql`e.decision`, order),
    answer: () =>
      buildNaturalOrder(sql`coalesce(e.answer_question_text, e.matched_question_text, '')`, order),
    score: () => buildPlainOrder(sql`e.score`, order),
    confidence: () => buildPlainOrder(sql`e.confidence`, order),
    topMargin: () => buildPlainOrder(sql`e.top_margin`, order),
    reviewState: () => buildPlainOrder(sql`e.review_state`, order),
    feedback: () => buildPlainOrder(sql`e.feedback`, order),
  };
  // Then newest first: a stable order for paging.
  return [...orderBy[sort](), sql`e.created_at desc`, sql`e.id desc`];
}

type ReviewItemRow = Omit<ReviewItem, 'createdAt'> & { createdAt: Date | string };

function presentReviewItem(row: ReviewItemRow): ReviewItem {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

/**
 * The Response quality inbox: one page of logged exchanges in the user's namespaces, filtered,
 * searched (spec §5) and sorted in SQL. The count is capped a thousand rows past the page
 * (`runCappedListQueries`): exact near the end of the list, the planner's estimate beyond it.
 */
export async function listReviewItems(
  db: Database,
  user: CurrentUser,
  query: ReviewItemsQuery,
): Promise<ReviewItemPage> {
  const queries = buildReviewItemQueries(user, query);
  if (queries === undefined) {
    return {
      items: [],
      page: query.page,
      pageSize: query.pageSize,
      total: 0,
      pageCount: 1,
      isTotalEstimated: false,
    };
  }
  return runCappedListQueries<ReviewItemRow, ReviewItem>(db, queries, query, presentReviewItem);
}

/**
 * The inbox's count, estimate and page statements (undefined when the user reads no namespace);
 * the benchmark runs the same SQL through `pg` beside the server.
 */
export function buildReviewItemQueries(
  user: CurrentUser,
  query: ReviewItemsQuery,
): CappedListQueries | undefined {
  const namespaceIds = getReadableNamespaceIds(user);
  if (namespaceIds !== null && namespaceIds.length === 0) {
    return undefined;
  }
  const conditions: (SQL | undefined)[] = [
    namespaceIds === null ? undefined : sql`s.namespace_id = any(${uuidArray(namespaceIds)})`,
    query.storyfileId ? sql`e.storyfile_id = ${query.storyfileId}` : undefined,
    query.from ? sql`e.created_at >= ${dayStart(query.from)}` : undefined,
    query.to
      ? DAY_PATTERN.test(query.to)
        ? sql`e.created_at < ${new Date(dayStart(query.to).getTime() + 86_400_000)}`
        : sql`e.created_at <= ${new Date(query.to)}`
      : undefined,
    query.decision ? outcomeCondition(query.decision, 'e') : undefined,
    query.confidence ? sql`e.confidence = ${query.confidence}` : undefined,
    query.channel ? sql`e.channel = ${query.channel}` : undefined,
    query.reviewState ? sql`e.review_state = ${query.reviewState}` : undefined,
    query.feedback === 'none'
      ? sql`e.feedback is null`
      : query.feedback
        ? sql`e.feedback = ${query.feedback}`
        : undefined,
    query.nearTie ? sql`e.top_margin <= ${NEAR_TIE_MARGIN}` : undefined,
    query.clarified ? sql`e.clarification is not null` : undefined,
    buildSearchCondition(
      query.search,
      query.searchOptions.map((field) => SEARCH_FIELDS[field]),
    ),
  ];
  const where = joinConditions(conditions);
  const from = sql`from ${chatLogEntries} e join ${storyfiles} s on s.id = e.storyfile_id`;
  const orderBy = sql.join(buildOrder(query.sort, query.order), sql`, `);
  // The page's ids first (a deep page skips its offset in the index alone), then their rows.
  return buildCappedListQueries(
    sql`${from} where ${where}`,
    sql`select ${selectChatLogEntryColumns({ entry: 'e', storyfile: 's' })},
        e.top_candidates as "topCandidates", e.top_margin as "topMargin",
        e.review_state as "reviewState",
        (select jsonb_build_object('questionId', c.answer_question_id,
            'questionText', c.answer_question_text)
          from ${chatLogEntries} c
          where c.chosen_from_exchange_id = e.id and c.answer_question_id is not null
          order by c.created_at desc, c.id desc limit 1) as "chosenSuggestion"
      ${from}
      where e.id in (select e.id ${from} where ${where} order by ${orderBy} ${buildPageLimit(query)})
      order by ${orderBy}`,
    query,
  );
}

/**
 * Records the asker's thumbs up or down on one exchange, once. Only the one who asked (the
 * conversation's visitor key) can rate it; anyone else is told it does not exist.
 */
export async function rateExchange(
  db: Database,
  input: {
    exchangeId: string;
    visitorKey: string;
    /** A visitor's network (`clientNetwork`), by which learning counts them; null: an account. */
    clientKey: string | null;
    storyfileId?: string;
    feedback: ExchangeFeedback;
  },
): Promise<ExchangeRating> {
  const row = await recordExchangeFeedback(db, input);
  if (!row) {
    throw notFound(EXCHANGE_NOT_FOUND_MESSAGE);
  }
  if (!row.rated) {
    throw conflict(EXCHANGE_ALREADY_RATED_MESSAGE);
  }
  return { exchangeId: row.id, feedback: input.feedback };
}
