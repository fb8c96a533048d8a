import { sql, type SQL } from 'drizzle-orm';
import { DELETED_NAME_MARKER, type CurrentUser, type NameTakenQuery } from '@conversa/contracts';
import { conflict } from '../../http/errors.ts';
import { isUniqueViolation, type Executor } from './executor.ts';
import { isNameTaken, pickDeletedName, type NamedTable } from './names.ts';
import { resolveNamespaceFilter } from './visibility.ts';

// Soft delete and restore, and the names unique per namespace they keep free, shared by storyfiles, topics, scripts and library questions (spec §5:
// a deleted item keeps its row, is renamed `<name> - Deleted` when it has a name unique in its
// namespace, and an owner can restore it under its old name). Each function returns the column
// values the caller writes into its own table, in its own transaction, so the owner still writes
// its table and its row lock and other changes commit with the rename.

/** The columns that mark a row deleted by a user. */
export function markDeleted(userIam: string): {
  deletedAt: SQL;
  deletedBy: string;
  updatedAt: SQL;
  updatedBy: string;
} {
  return { deletedAt: sql`now()`, deletedBy: userIam, updatedAt: sql`now()`, updatedBy: userIam };
}

/** The columns that bring a deleted row back. */
export function markRestored(userIam: string): {
  deletedAt: null;
  deletedBy: null;
  updatedAt: SQL;
  updatedBy: string;
} {
  return { deletedAt: null, deletedBy: null, updatedAt: sql`now()`, updatedBy: userIam };
}

/**
 * The name a named item takes as it is deleted (`<name> - Deleted`, `(2)`, ... while an earlier
 * deletion holds it) and the name it had. Serialises deletions in the namespace (an advisory lock
 * for the caller's transaction), so two deletions cannot pick the same free name.
 */
export async function takeDeletedName(
  tx: Executor,
  table: NamedTable,
  item: { namespaceId: string; name: string },
): Promise<{ name: string; nameBeforeDelete: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${table}:${item.namespaceId}`}))`);
  return {
    name: await pickDeletedName(tx, table, item.namespaceId, item.name),
    nameBeforeDelete: item.name,
  };
}

/**
 * The name a deleted item gets back: the one it had (or its deleted name without the marker, for
 * rows deleted before that was kept). 409 with `formatTakenMessage` when another live item of the
 * namespace took it meanwhile.
 */
export async function takeRestoredName(
  tx: Executor,
  table: NamedTable,
  item: { namespaceId: string; name: string; nameBeforeDelete: string | null },
  formatTakenMessage: (name: string) => string,
): Promise<{ name: string; nameBeforeDelete: null }> {
  const name = item.nameBeforeDelete ?? item.name.split(DELETED_NAME_MARKER)[0]!;
  if (await isNameTaken(tx, table, { name, namespaceIds: [item.namespaceId] })) {
    throw conflict(formatTakenMessage(name));
  }
  return { name, nameBeforeDelete: null };
}

/** The columns that delete a named item: its deleted name (see takeDeletedName) and the marks. */
export async function takeDeletedColumns(
  tx: Executor,
  table: NamedTable,
  item: { namespaceId: string; name: string },
  userIam: string,
): Promise<{ name: string; nameBeforeDelete: string } & ReturnType<typeof markDeleted>> {
  return { ...(await takeDeletedName(tx, table, item)), ...markDeleted(userIam) };
}

/** The columns that restore a named item: its old name (see takeRestoredName) and the marks. */
export async function takeRestoredColumns(
  tx: Executor,
  table: NamedTable,
  item: { namespaceId: string; name: string; nameBeforeDelete: string | null },
  userIam: string,
  formatTakenMessage: (name: string) => string,
): Promise<{ name: string; nameBeforeDelete: null } & ReturnType<typeof markRestored>> {
  return {
    ...(await takeRestoredName(tx, table, item, formatTakenMessage)),
    ...markRestored(userIam),
  };
}

/** spec §7 nameTaken: true when no item of the table in the caller's scope has the name. */
export async function isNameUniqueFor(
  db: Executor,
  table: NamedTable,
  user: CurrentUser,
  query: NameTakenQuery,
): Promise<boolean> {
  return !(await isNameTaken(db, table, {
    name: query.name,
    namespaceIds: resolveNamespaceFilter(user, query.organizationIds),
    ...(query.excludeId ? { excludeId: query.excludeId } : {}),
  }));
}

/**
 * Rethrows a write's error, as a 409 with `formatTakenMessage(name)` when it broke the table's
 * unique name (`constraint`): two writers that both checked the name first still meet here.
 */
export function rethrowNameTaken(
  error: unknown,
  constraint: string,
  formatTakenMessage: (name: string) => string,
  name: string,
): never {
  if (isUniqueViolation(error, constraint)) {
    throw conflict(formatTakenMessage(name));
  }
  throw error;
}
