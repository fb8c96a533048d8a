import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Generated secrets shared by every replica (signing keys, cookie keys, client secret). */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
