import type { CurrentUser, ListScriptsQuery, NameTakenQuery } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import {
  getNamespaceAccess,
  isNameUniqueFor,
  resolveNamespaceFilter,
  runListQueries,
} from '../lists/index.ts';
import { buildScriptListQueries, presentScript, type ScriptRow } from './scripts.queries.ts';

export function listScripts(db: Database, user: CurrentUser, query: ListScriptsQuery) {
  const namespaceIds = resolveNamespaceFilter(
    user,
    query.namespaceId === undefined ? undefined : [query.namespaceId],
  );
  return runListQueries(
    db,
    buildScriptListQueries(query, {
      namespaceIds,
      includeShipped: query.shipped !== false,
      includeNamespaced: query.shipped !== true,
      deletedIn: query.includeDeleted ? getNamespaceAccess(user).owned : 'none',
    }),
    query,
    (row: ScriptRow) => presentScript(row),
  );
}

export function isScriptNameUnique(
  db: Database,
  user: CurrentUser,
  query: NameTakenQuery,
): Promise<boolean> {
  return isNameUniqueFor(db, 'scripts', user, query);
}
