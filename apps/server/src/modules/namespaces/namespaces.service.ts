import { and, eq } from 'drizzle-orm';
import {
  namespaceAttributeSchema,
  type NamespaceAttributes,
  type Scope,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { namespaces, userNamespaces } from './namespaces.tables.ts';
import { badRequest, conflict } from '../../http/errors.ts';

export type Namespace = typeof namespaces.$inferSelect;

/** Parses `LEARNING_MODULE,SSO_WHITELIST` into the attribute map of spec §3. */
export function parseAttributeList(list: string | undefined): NamespaceAttributes {
  const attributes: NamespaceAttributes = {};
  for (const name of (list ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const attribute = namespaceAttributeSchema.safeParse(name);
    if (!attribute.success) {
      throw badRequest(
        `Unknown namespace attribute "${name}". Use any of: ${namespaceAttributeSchema.options.join(', ')}.`,
      );
    }
    attributes[attribute.data] = true;
  }
  return attributes;
}

export async function createNamespace(
  db: Database,
  input: { label: string; attributes?: NamespaceAttributes },
): Promise<Namespace> {
  const label = input.label.trim();
  if (!label) {
    throw badRequest('A namespace needs a label.');
  }
  const existing = await db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(eq(namespaces.label, label));
  if (existing.length > 0) {
    throw conflict(`A namespace labelled "${label}" already exists.`);
  }
  const [namespace] = await db
    .insert(namespaces)
    .values({ label, attributes: input.attributes ?? {} })
    .returning();
  return namespace!;
}

/** Gives a person a scope in a namespace, or changes the scope they hold there. */
export async function upsertMembership(
  db: Pick<Database, 'insert'>,
  membership: { userId: string; namespaceId: string; scope: Scope },
): Promise<void> {
  await db
    .insert(userNamespaces)
    .values(membership)
    .onConflictDoUpdate({
      target: [userNamespaces.userId, userNamespaces.namespaceId],
      set: { scope: membership.scope, updatedAt: new Date() },
    });
}

/** Writes a namespace row, in the caller's transaction (its label is checked by the caller). */
export async function insertNamespace(
  db: Pick<Database, 'insert'>,
  values: typeof namespaces.$inferInsert,
): Promise<{ id: string }> {
  const [namespace] = await db.insert(namespaces).values(values).returning({ id: namespaces.id });
  return namespace!;
}

/**
 * Makes a person a member of a namespace. `isKeepingExisting`: a membership they already have stays
 * as it is; otherwise it is refused (a unique violation).
 */
export async function addMembership(
  db: Pick<Database, 'insert'>,
  membership: { userId: string; namespaceId: string; scope: Scope; suspendedAt?: Date | null },
  options: { isKeepingExisting?: boolean } = {},
): Promise<void> {
  const insert = db.insert(userNamespaces).values(membership);
  await (options.isKeepingExisting ? insert.onConflictDoNothing() : insert);
}

/** Changes a person's scope in a namespace, or suspends or reactivates them there. */
export async function updateMembership(
  db: Pick<Database, 'update'>,
  membership: { userId: string; namespaceId: string },
  changes: { scope?: Scope; suspendedAt?: Date | null },
): Promise<void> {
  await db
    .update(userNamespaces)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(userNamespaces.namespaceId, membership.namespaceId),
        eq(userNamespaces.userId, membership.userId),
      ),
    );
}

/** Removes a person from one namespace, or (without `namespaceId`) from every namespace. */
export async function removeMemberships(
  db: Pick<Database, 'delete'>,
  membership: { userId: string; namespaceId?: string },
): Promise<void> {
  await db
    .delete(userNamespaces)
    .where(
      and(
        eq(userNamespaces.userId, membership.userId),
        membership.namespaceId === undefined
          ? undefined
          : eq(userNamespaces.namespaceId, membership.namespaceId),
      ),
    );
}

export async function updateNamespace(
  db: Pick<Database, 'update'>,
  namespaceId: string,
  changes: Partial<Pick<Namespace, 'label' | 'attributes' | 'defaultScope'>>,
): Promise<void> {
  await db
    .update(namespaces)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(namespaces.id, namespaceId));
}

/** Deletes a namespace row; the caller has checked that it may go. */
export async function deleteNamespace(
  db: Pick<Database, 'delete'>,
  namespaceId: string,
): Promise<void> {
  await db.delete(namespaces).where(eq(namespaces.id, namespaceId));
}
