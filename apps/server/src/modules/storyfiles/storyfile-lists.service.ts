import {
  canSeeNamespace,
  DELETED_NAME_MARKER,
  RECENT_LIST_LIMIT,
  type CurrentUser,
  type ListStoryfilesQuery,
  type NameTakenQuery,
  type StoryfilePage,
  type StoryfileSummary,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import {
  getNamespaceAccess,
  isNameUniqueFor,
  resolveNamespaceFilter,
  runListQueries,
} from '../lists/index.ts';
import {
  buildStoryfileListQueries,
  buildStoryfileSummariesQuery,
  presentStoryfileSummary,
  type StoryfileListScope,
  type StoryfileSummaryRow,
} from './storyfiles.queries.ts';

/** The list scope of a caller: what they see, and where deleted rows may be shown. */
export function getStoryfileListScope(
  user: CurrentUser,
  input: { namespaceId?: string | undefined; includeDeleted: boolean },
): StoryfileListScope {
  const namespaceIds = resolveNamespaceFilter(
    user,
    input.namespaceId === undefined ? undefined : [input.namespaceId],
  );
  if (!input.includeDeleted) {
    return { namespaceIds, deletedIn: 'none' };
  }
  const { owned } = getNamespaceAccess(user);
  return { namespaceIds, deletedIn: owned };
}

export async function listStoryfiles(
  db: Database,
  user: CurrentUser,
  query: ListStoryfilesQuery,
): Promise<StoryfilePage> {
  const scope = getStoryfileListScope(user, query);
  return runListQueries(
    db,
    buildStoryfileListQueries(query, scope),
    query,
    (row: StoryfileSummaryRow) => presentStoryfileSummary(row),
  );
}

/**
 * Resolves the browser's recent storyfile ids: live storyfiles the user may see, in the order
 * given, at most RECENT_LIST_LIMIT. Deleted ones (and any name carrying the deleted marker) stay
 * out, as spec §5 keeps them out of recent lists.
 */
export async function getRecentStoryfiles(
  db: Database,
  user: CurrentUser,
  ids: readonly string[],
): Promise<StoryfileSummary[]> {
  if (ids.length === 0) {
    return [];
  }
  const result = await db.execute<StoryfileSummaryRow>(buildStoryfileSummariesQuery(ids));
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  return ids
    .map((id) => byId.get(id))
    .filter(
      (row): row is StoryfileSummaryRow =>
        row !== undefined &&
        row.deleted_at === null &&
        !row.name.includes(DELETED_NAME_MARKER) &&
        canSeeNamespace(user, row.namespace_id),
    )
    .slice(0, RECENT_LIST_LIMIT)
    .map(presentStoryfileSummary);
}

/** spec §7 nameTaken for storyfiles: `unique` is true when no storyfile in scope has the name. */
export function isStoryfileNameUnique(
  db: Database,
  user: CurrentUser,
  query: NameTakenQuery,
): Promise<boolean> {
  return isNameUniqueFor(db, 'storyfiles', user, query);
}
