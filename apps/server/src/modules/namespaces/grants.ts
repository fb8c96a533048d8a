import { asc, eq } from 'drizzle-orm';
import { grantableScopeSchema, type Scope } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { findUserByEmail } from '../users/index.ts';
import { users } from '../users/users.tables.ts';
import { namespaces, userNamespaces } from './namespaces.tables.ts';
import { upsertMembership } from './namespaces.service.ts';

/** Gives a person (by email) a scope in a namespace (by label): the CLI's `grant`. */
export async function grantScope(
  db: Database,
  input: { email: string; namespaceLabel: string; scope: string },
): Promise<void> {
  const scope = grantableScopeSchema.safeParse(input.scope);
  if (!scope.success) {
    throw badRequest(
      `Unknown scope "${input.scope}". Use one of: ${grantableScopeSchema.options.join(', ')}.`,
    );
  }
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    throw notFound(`No user with the email ${input.email}.`);
  }
  const [namespace] = await db
    .select()
    .from(namespaces)
    .where(eq(namespaces.label, input.namespaceLabel));
  if (!namespace) {
    throw notFound(`No namespace labelled "${input.namespaceLabel}".`);
  }
  await upsertMembership(db, { userId: user.id, namespaceId: namespace.id, scope: scope.data });
}

export interface UserListRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  grants: { namespace: string; scope: Scope }[];
}

/** Every account with the scopes it holds in each namespace: the CLI's `users`. */
export async function listUsers(db: Database): Promise<UserListRow[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      namespace: namespaces.label,
      scope: userNamespaces.scope,
    })
    .from(users)
    .leftJoin(userNamespaces, eq(userNamespaces.userId, users.id))
    .leftJoin(namespaces, eq(namespaces.id, userNamespaces.namespaceId))
    .orderBy(asc(users.email), asc(namespaces.label));
  const byId = new Map<string, UserListRow>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      isAdmin: row.isAdmin,
      grants: [],
    };
    if (row.namespace && row.scope) {
      entry.grants.push({ namespace: row.namespace, scope: row.scope });
    }
    byId.set(row.id, entry);
  }
  return [...byId.values()];
}
