import {
  CHAT_CHANNELS,
  MAX_ASK_TEXT_LENGTH,
  CHAT_OUTCOMES,
  CONFIDENCE_CLASSES,
  type ChatChannel,
  type ChatOutcome,
  type ConfidenceClass,
  type ListChatLogsQuery,
} from '@conversa/contracts';

/** The chat log filters as kept in the address (and in recent activity's `chatLogQuery`). */
export type ChatLogFilters = {
  storyfileId?: string;
  /** A local calendar day, `YYYY-MM-DD`. */
  from?: string;
  /** A local calendar day, `YYYY-MM-DD`, included whole. */
  to?: string;
  /** What the asker got: answered, asked back or fallback. */
  decision?: ChatOutcome;
  confidence?: ConfidenceClass;
  channel?: ChatChannel;
  /** One question as visitors asked it (the dashboard's fallen-back questions link here). */
  question?: string;
  /** Words (or "quoted phrases") that must all appear in the question (spec §5 search match). */
  words?: string;
  /** Words (or "quoted phrases") that must all appear in what the answer said (its transcript). */
  said?: string;
};

export type ChatLogFilterKey = keyof ChatLogFilters;

/** Address order of the filters; also the order of `chatLogQuery`, so equal filters give equal text. */
export const CHAT_LOG_FILTER_KEYS = [
  'storyfileId',
  'from',
  'to',
  'decision',
  'confidence',
  'channel',
  'question',
  'words',
  'said',
] as const satisfies readonly ChatLogFilterKey[];

/** The conversation open in the transcript panel, kept in the address so a reload keeps it open. */
export const CONVERSATION_PARAM = 'conversation';

/** The exchange whose row opened the transcript: the panel scrolls to it and marks it. */
export const EXCHANGE_PARAM = 'exchange';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function pick<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDay(value: string | null): value is string {
  const match = DAY_PATTERN.exec(value ?? '');
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export function isUuid(value: string | null): value is string {
  return UUID_PATTERN.test(value ?? '');
}

/**
 * Reads the filters from the address. A hand-edited or stale value that the server would refuse
 * is ignored rather than turned into an error page.
 */
export function readChatLogFilters(params: URLSearchParams): ChatLogFilters {
  const filters: ChatLogFilters = {};
  const storyfileId = params.get('storyfileId');
  if (isUuid(storyfileId)) {
    filters.storyfileId = storyfileId.toLowerCase();
  }
  const from = params.get('from');
  if (isCalendarDay(from)) {
    filters.from = from;
  }
  const to = params.get('to');
  if (isCalendarDay(to)) {
    filters.to = to;
  }
  const decision = pick(CHAT_OUTCOMES, params.get('decision'));
  if (decision) {
    filters.decision = decision;
  }
  const confidence = pick(CONFIDENCE_CLASSES, params.get('confidence'));
  if (confidence) {
    filters.confidence = confidence;
  }
  const channel = pick(CHAT_CHANNELS, params.get('channel'));
  if (channel) {
    filters.channel = channel;
  }
  const question = params.get('question')?.trim() ?? '';
  if (question !== '' && question.length <= MAX_ASK_TEXT_LENGTH) {
    filters.question = question;
  }
  const words = params.get('words')?.trim() ?? '';
  if (words !== '' && words.length <= MAX_ASK_TEXT_LENGTH) {
    filters.words = words;
  }
  const said = params.get('said')?.trim() ?? '';
  if (said !== '' && said.length <= MAX_ASK_TEXT_LENGTH) {
    filters.said = said;
  }
  return filters;
}

/**
 * Writes the filters into a copy of the address parameters: set ones replace, unset ones are
 * removed, other parameters (search, conversation) stay. A change of filters goes back to page 1.
 */
export function writeChatLogFilters(
  params: URLSearchParams,
  filters: ChatLogFilters,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of CHAT_LOG_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '') {
      next.delete(key);
    } else {
      next.set(key, value);
    }
  }
  next.delete('page');
  return next;
}

/** The filters as a query string in a fixed order (`decision=fallback&channel=share`), or ''. */
export function serializeChatLogFilters(filters: ChatLogFilters): string {
  return writeChatLogFilters(new URLSearchParams(), filters).toString();
}

export function countActiveFilters(filters: ChatLogFilters): number {
  return CHAT_LOG_FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
}

function parseLocalDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/**
 * The filters as the list call's query. Days are the viewer's calendar days (the list shows
 * local times), so they go out as instants: `from` at local midnight, `to` up to the last
 * millisecond before the next local midnight.
 */
export function toChatLogRequestQuery(
  filters: ChatLogFilters,
  page: number,
  pageSize: number,
): ListChatLogsQuery {
  const query: ListChatLogsQuery = { page, pageSize };
  if (filters.storyfileId) {
    query.storyfileId = filters.storyfileId;
  }
  if (filters.from) {
    query.from = parseLocalDay(filters.from).toISOString();
  }
  if (filters.to) {
    const nextDay = parseLocalDay(filters.to);
    nextDay.setDate(nextDay.getDate() + 1);
    query.to = new Date(nextDay.getTime() - 1).toISOString();
  }
  if (filters.decision) {
    query.decision = filters.decision;
  }
  if (filters.confidence) {
    query.confidence = filters.confidence;
  }
  if (filters.channel) {
    query.channel = filters.channel;
  }
  if (filters.question) {
    query.question = filters.question;
  }
  if (filters.words) {
    query.words = filters.words;
  }
  if (filters.said) {
    query.said = filters.said;
  }
  return query;
}

/** The date-range problem a person should see, or null when the range is fine. */
export function getDateRangeError(filters: ChatLogFilters): string | null {
  if (filters.from && filters.to && filters.from > filters.to) {
    return 'The “From” day is after the “To” day, so no exchange can match.';
  }
  return null;
}

/** What a person reads for a `?conversation=` that names no conversation: retrying cannot help. */
export const CONVERSATION_ADDRESS_INVALID_MESSAGE =
  'This address does not point to a conversation. Close this panel and open a conversation from the chat log list.';

/** Whether `?conversation=` can name a conversation at all (ids are UUIDs), before any request. */
export function isConversationId(value: string): boolean {
  return UUID_PATTERN.test(value);
}
