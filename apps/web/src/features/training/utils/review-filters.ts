import {
  CHAT_CHANNELS,
  CHAT_OUTCOMES,
  CONFIDENCE_CLASSES,
  EXCHANGE_FEEDBACK,
  REVIEW_SORT_FIELDS,
  REVIEW_STATES,
  type ChatChannel,
  type ChatOutcome,
  type ConfidenceClass,
  type ListReviewItemsQuery,
  type ReviewSortField,
  type ReviewState,
  type SortOrder,
} from '@conversa/contracts';

export type FeedbackFilter = (typeof EXCHANGE_FEEDBACK)[number] | 'none';

/** The inbox's filters and sort, as kept in the address. */
export interface ReviewFilters {
  storyfileId?: string;
  from?: string;
  to?: string;
  decision?: ChatOutcome;
  confidence?: ConfidenceClass;
  channel?: ChatChannel;
  reviewState?: ReviewState;
  feedback?: FeedbackFilter;
  nearTie?: boolean;
  /** Only exchanges where the storyfile asked back ("Did you mean…?", topics and starters). */
  clarified?: boolean;
  sort?: ReviewSortField;
  order?: SortOrder;
}

/** Address parameters the filters own; search, searchOptions and page belong to the list query. */
export const REVIEW_FILTER_PARAMS = [
  'storyfileId',
  'from',
  'to',
  'decision',
  'confidence',
  'channel',
  'reviewState',
  'feedback',
  'nearTie',
  'clarified',
  'sort',
  'order',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value);
}

/** Reads the filters from the address; unknown or malformed values are left out. */
export function readReviewFilters(params: URLSearchParams): ReviewFilters {
  const filters: ReviewFilters = {};
  const storyfileId = params.get('storyfileId');
  if (storyfileId && UUID.test(storyfileId)) {
    filters.storyfileId = storyfileId;
  }
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (value && DAY.test(value)) {
      filters[key] = value;
    }
  }
  const decision = pick(params.get('decision'), CHAT_OUTCOMES);
  const confidence = pick(params.get('confidence'), CONFIDENCE_CLASSES);
  const channel = pick(params.get('channel'), CHAT_CHANNELS);
  const reviewState = pick(params.get('reviewState'), REVIEW_STATES);
  const feedback = pick(params.get('feedback'), [...EXCHANGE_FEEDBACK, 'none'] as const);
  const sort = pick(params.get('sort'), REVIEW_SORT_FIELDS);
  const order = pick(params.get('order'), ['asc', 'desc'] as const);
  Object.assign(
    filters,
    decision && { decision },
    confidence && { confidence },
    channel && { channel },
    reviewState && { reviewState },
    feedback && { feedback },
    sort && { sort },
    order && { order },
  );
  if (params.get('nearTie') === 'true') {
    filters.nearTie = true;
  }
  if (params.get('clarified') === 'true') {
    filters.clarified = true;
  }
  return filters;
}

/** Writes the filters into `params` (other parameters kept), dropping empty ones. */
export function writeReviewFilters(
  params: URLSearchParams,
  filters: ReviewFilters,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of REVIEW_FILTER_PARAMS) {
    const value = filters[key];
    if (value === undefined || value === false || value === '') {
      next.delete(key);
    } else {
      next.set(key, String(value));
    }
  }
  return next;
}

/** The server query of one inbox page. */
export function toReviewRequestQuery(
  filters: ReviewFilters,
  list: { search: string; searchOptions: readonly string[]; page: number; pageSize: number },
): ListReviewItemsQuery {
  const { nearTie, clarified, ...rest } = filters;
  return {
    ...rest,
    ...(nearTie ? { nearTie: 'true' as const } : {}),
    ...(clarified ? { clarified: 'true' as const } : {}),
    ...(list.search === '' ? {} : { search: list.search }),
    ...(list.searchOptions.length === 0 ? {} : { searchOptions: list.searchOptions.join(',') }),
    page: list.page,
    pageSize: list.pageSize,
  };
}

/** The next sort when a column header is pressed: a new column starts descending, then flips. */
export function toggleSort(
  current: Pick<ReviewFilters, 'sort' | 'order'>,
  field: ReviewSortField,
): { sort: ReviewSortField; order: SortOrder } {
  const sort = current.sort ?? 'createdAt';
  const order = current.order ?? 'desc';
  if (sort !== field) {
    return { sort: field, order: field === 'createdAt' || field === 'score' ? 'desc' : 'asc' };
  }
  return { sort: field, order: order === 'asc' ? 'desc' : 'asc' };
}

export function countReviewFilters(filters: ReviewFilters): number {
  return REVIEW_FILTER_PARAMS.filter(
    (key) => key !== 'sort' && key !== 'order' && filters[key] !== undefined,
  ).length;
}
