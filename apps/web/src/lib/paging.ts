import {
  FIRST_PAGE,
  formatGoToPageTooHighMessage,
  GO_TO_PAGE_TOO_LOW_MESSAGE,
  MAX_ROWS_PER_PAGE,
  MIN_ROWS_PER_PAGE,
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
} from '@conversa/contracts/constants';

export type PagingInputResult =
  { isValid: true; value: number } | { isValid: false; message: string };

// Inputs arrive as text; blanks and non-numbers become NaN, fractions are cut to whole numbers.
function parseWholeNumber(input: string | number): number {
  if (typeof input === 'string' && input.trim() === '') {
    return Number.NaN;
  }
  return Math.trunc(Number(input));
}

/** Validates the rows-per-page input: a whole number from 1 to 100 (spec §5). */
export function validateRowsPerPage(input: string | number): PagingInputResult {
  const value = parseWholeNumber(input);
  if (Number.isNaN(value) || value < MIN_ROWS_PER_PAGE || value > MAX_ROWS_PER_PAGE) {
    return { isValid: false, message: ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE };
  }
  return { isValid: true, value };
}

/**
 * Validates the go-to-page input against the page count (spec §5). An empty or non-numeric value
 * gets the "less than 1" message.
 */
export function validateGoToPage(input: string | number, pageCount: number): PagingInputResult {
  const value = parseWholeNumber(input);
  if (Number.isNaN(value) || value < FIRST_PAGE) {
    return { isValid: false, message: GO_TO_PAGE_TOO_LOW_MESSAGE };
  }
  if (value > pageCount) {
    return { isValid: false, message: formatGoToPageTooHighMessage(pageCount) };
  }
  return { isValid: true, value };
}

export function isPreviousPageDisabled(page: number): boolean {
  return page <= FIRST_PAGE;
}

export function isNextPageDisabled(page: number, pageCount: number): boolean {
  return page >= pageCount;
}

/** Reads the one-based `page` query parameter; anything that is not a page number means page 1. */
export function parsePageParam(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE;
}

/**
 * The sentence under an empty page past the end: "There is 1 page of exchanges." (one page is
 * singular; it once read "There are 1 pages"), thousands with commas (spec §9).
 */
export function describePageCount(pageCount: number, itemsName: string): string {
  const count = pageCount.toLocaleString('en-US');
  return pageCount === 1
    ? `There is ${count} page of ${itemsName}.`
    : `There are ${count} pages of ${itemsName}.`;
}
