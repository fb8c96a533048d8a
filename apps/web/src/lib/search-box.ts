import { FIRST_PAGE, SEARCH_OPTIONS_EVENT_DELAY_MS } from '@conversa/contracts/constants';
import { parsePageParam } from './paging.ts';

export { SEARCH_OPTIONS_EVENT_DELAY_MS };

/** A checkable search field of a list (spec §3 Search option). */
export type SearchOption = {
  value: string;
  label: string;
  isActive: boolean;
  isDisabled: boolean;
};

/** One entry of the search event payload (spec §3). */
export type SearchPayloadEntry = { fieldId: string; searchText: string };

const CHAT_LOGS_PATH = '/training/chat_logs';

/** The Search button needs at least one ticked field and some non-blank text (spec §4). */
export function canSearch(selectedFieldIds: readonly string[], text: string): boolean {
  return selectedFieldIds.length > 0 && text.trim() !== '';
}

/** The box stays disabled until options exist, and always on chat log paths (spec §2, §4). */
export function isSearchBoxDisabled(options: readonly SearchOption[], pathname: string): boolean {
  return options.length === 0 || pathname.includes(CHAT_LOGS_PATH);
}

/**
 * One entry per ticked field, all with the same trimmed text. Blank text gives an empty payload,
 * which is the "empty search" run when the text is cleared.
 */
export function buildSearchPayload(
  selectedFieldIds: readonly string[],
  text: string,
): SearchPayloadEntry[] {
  const searchText = text.trim();
  if (searchText === '') {
    return [];
  }
  return selectedFieldIds.map((fieldId) => ({ fieldId, searchText }));
}

/**
 * Whether a route change clears the search text: it does unless the last recorded path is the one
 * being entered (e.g. only the query string changed).
 */
export function shouldClearSearchText(
  recordedPaths: readonly string[],
  nextPathname: string,
): boolean {
  return recordedPaths.at(-1) !== nextPathname;
}

/** The list state kept in the address of list pages (spec §2 Query parameters). */
export type ListQuery = { search: string; searchOptions: string[]; page: number };

/** Reads search, comma-separated searchOptions and the one-based page from the address. */
export function readListQuery(params: URLSearchParams): ListQuery {
  return {
    search: params.get('search') ?? '',
    searchOptions: (params.get('searchOptions') ?? '').split(',').filter((option) => option !== ''),
    page: parsePageParam(params.get('page')),
  };
}

/** Writes the list state into a copy of the given parameters, dropping empty values. */
export function writeListQuery(params: URLSearchParams, query: ListQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  const entries: [string, string][] = [
    ['search', query.search],
    ['searchOptions', query.searchOptions.join(',')],
    ['page', query.page > FIRST_PAGE ? String(query.page) : ''],
  ];
  for (const [key, value] of entries) {
    if (value === '') {
      next.delete(key);
    } else {
      next.set(key, value);
    }
  }
  return next;
}
