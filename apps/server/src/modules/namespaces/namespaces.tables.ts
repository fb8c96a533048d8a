import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GrantableScope, NamespaceAttributes, Scope } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';

export const namespaces = pgTable('namespaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull().unique(),
  attributes: jsonb('attributes').$type<NamespaceAttributes>().notNull().default({}),
  /** Scope a whitelisted person joins with (SSO_WHITELIST); the owner chooses it. */
  defaultScope: text('default_scope').$type<GrantableScope>().notNull().default('read:ns'),
  ...timestamps,
});

export const userNamespaces = pgTable(
  'user_namespaces',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<Scope>().notNull(),
    /** A suspended membership grants nothing until reactivated; the row (and its role) stays. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.namespaceId] }),
    index('user_namespaces_namespace_idx').on(table.namespaceId),
    check(
      'user_namespaces_scope_check',
      sql`${table.scope} in ('owner:ns', 'edit:ns', 'read:ns', 'restricted:ns')`,
    ),
  ],
);
