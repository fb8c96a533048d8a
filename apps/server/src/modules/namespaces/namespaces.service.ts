import { eq } from 'drizzle-orm';
import { namespaceAttributeSchema, type NamespaceAttributes } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { namespaces } from './namespaces.tables.ts';
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
