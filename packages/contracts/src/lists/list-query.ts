import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  GO_TO_PAGE_TOO_LOW_MESSAGE,
  MAX_ROWS_PER_PAGE,
  MIN_ROWS_PER_PAGE,
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
} from '../constants.ts';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const sortOrderSchema = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Longest search text a list accepts; longer input is a mistake, not a search. */
export const MAX_SEARCH_LENGTH = 500;

/**
 * A field of a list's search box (spec §3 Search option: value, label, active, disabled). `active`
 * fields are ticked by default and searched when a request names no `searchOptions`.
 */
export interface ListSearchOption<Field extends string = string> {
  value: Field;
  label: string;
  active: boolean;
  disabled: boolean;
}

/** One-based `page` (spec §2, §9); a blank, fractional or low value gets the spec §5 message. */
export const pageQuerySchema = z.coerce
  .number({ error: GO_TO_PAGE_TOO_LOW_MESSAGE })
  .int(GO_TO_PAGE_TOO_LOW_MESSAGE)
  .min(FIRST_PAGE, GO_TO_PAGE_TOO_LOW_MESSAGE)
  .default(FIRST_PAGE);

/** Rows per page, 1 to 100, default 30 (spec §5, §9). */
export const pageSizeQuerySchema = z.coerce
  .number({ error: ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE })
  .int(ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE)
  .min(MIN_ROWS_PER_PAGE, ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE)
  .max(MAX_ROWS_PER_PAGE, ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE)
  .default(DEFAULT_PAGE_SIZE);

/** `true`/`false` in a query string. */
export const queryFlagSchema = z
  .enum(['true', 'false'], { error: 'Use true or false.' })
  .optional()
  .transform((value) => value === 'true');

/**
 * Parses comma-separated search field ids (spec §2 `searchOptions`); blanks are ignored and an
 * empty list means the options ticked by default.
 */
export function parseSearchOptionsParam<Field extends string>(
  text: string | undefined,
  options: readonly ListSearchOption<Field>[],
): { fields: Field[] } | { error: string } {
  const requested = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (requested.length === 0) {
    return { fields: options.filter((option) => option.active).map((option) => option.value) };
  }
  const known = new Set<string>(options.map((option) => option.value));
  const unknown = requested.filter((field) => !known.has(field));
  if (unknown.length > 0) {
    return {
      error: `Unknown search field "${unknown[0]}". Use any of: ${[...known].join(', ')}.`,
    };
  }
  return { fields: [...new Set(requested)] as Field[] };
}

/**
 * The query of a list endpoint: `search`, `searchOptions` (comma-separated field ids), one-based
 * `page`, `pageSize` 1–100 (default 30), `sort` and `order`.
 */
export function createListQuerySchema<
  const Field extends string,
  const Sort extends string,
>(options: {
  searchOptions: readonly ListSearchOption<Field>[];
  sortFields: readonly [Sort, ...Sort[]];
  defaultSort: NoInfer<Sort>;
  defaultOrder: SortOrder;
}) {
  return z.object({
    search: z
      .string()
      .max(MAX_SEARCH_LENGTH, `Search text can have at most ${MAX_SEARCH_LENGTH} characters.`)
      .default(''),
    searchOptions: z
      .string()
      .optional()
      .transform((text, context): Field[] => {
        const parsed = parseSearchOptionsParam(text, options.searchOptions);
        if ('error' in parsed) {
          context.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed.fields;
      }),
    page: pageQuerySchema,
    pageSize: pageSizeQuerySchema,
    sort: z.enum(options.sortFields).default(options.defaultSort),
    order: sortOrderSchema.default(options.defaultOrder),
  });
}

/** Answer of a list endpoint: one page of items and where it sits. */
export function createPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    /** The page asked for; past the last page `items` is empty and `pageCount` tells where to go. */
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    /** At least 1: an empty list still has one (empty) page. */
    pageCount: z.number().int(),
  });
}

/** Number of pages for a total; an empty list still has one page. */
export function getListPageCount(total: number, pageSize: number): number {
  return Math.max(FIRST_PAGE, Math.ceil(total / pageSize));
}
