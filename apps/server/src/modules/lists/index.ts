// The lists module's public entry: the SQL list, naming, position and visibility helpers that the
// storyfiles, library and chat-logs modules share.
export { assertNoRepeatedAlternate } from './alternates.ts';
export { isUniqueViolation, type Executor } from './executor.ts';
export {
  buildCappedListQueries,
  buildNaturalOrder,
  buildPageLimit,
  COUNT_CAP_BEYOND_PAGE,
  buildPlainOrder,
  buildSearchCondition,
  buildTableListQueries,
  joinConditions,
  runCappedListQueries,
  runListQueries,
  uuidArray,
  type CappedListQueries,
  type ListedTable,
  type ListQueries,
  type SearchFieldSql,
} from './list-sql.ts';
export { isNameTaken, pickCopyName, pickDeletedName } from './names.ts';
export { assertPermutation, clampIndex, reorderPositions, rewritePositions } from './positions.ts';
export { markUpdated, pickDefined } from './row-edits.ts';
export {
  isNameUniqueFor,
  markDeleted,
  markRestored,
  rethrowNameTaken,
  takeDeletedColumns,
  takeDeletedName,
  takeRestoredColumns,
  takeRestoredName,
} from './soft-delete.ts';
export {
  AUTHOR_COLUMNS,
  authorJoins,
  toIsoTimestamp,
  toIsoTimestampOrNull,
  toUserSummary,
} from './present.ts';
export {
  assertNamespaceExists,
  assertNamespaceRole,
  getNamespaceAccess,
  resolveNamespaceFilter,
} from './visibility.ts';
