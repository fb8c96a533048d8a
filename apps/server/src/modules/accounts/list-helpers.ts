// The lists module's helpers under the names this module uses.
import { buildIlikeContainsPattern } from '@conversa/contracts';
export {
  buildNaturalOrder,
  buildPageLimit,
  buildPlainOrder,
  buildSearchCondition,
  isUniqueViolation,
  joinConditions,
  runListQueries,
  toIsoTimestamp,
  toIsoTimestampOrNull,
  uuidArray,
  type Executor,
} from '../lists/index.ts';

export interface ListPage<Item> {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

/** An ILIKE pattern matching the text anywhere, literally. */
export function buildIlikeContains(text: string): string {
  return buildIlikeContainsPattern(text);
}
