import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** scrypt hash in PHC-like form; null for accounts that only sign in through an upstream provider. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set when a platform admin deletes the account: name and email are anonymised, content stays. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Set when the SCIM of the account's only organization deprovisions it (no platform admin,
     * no other membership): the account is refused until an organization takes it in again.
     */
    deprovisionedAt: timestamp('deprovisioned_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/**
 * Failed sign-ins per source (client address) and email, whether or not an account has that email
 * (issue 43): after MAX_FAILED_LOGINS the pair is locked for LOCKOUT_MINUTES, so a stranger locks
 * out only their own address, and an unknown email locks like a real one.
 */
export const signInFailures = pgTable('sign_in_failures', {
  /** `<client address>|<email in lower case>`. */
  key: text('key').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who created and last changed a row (set null when the account goes). */
export const authorship = {
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
};

/** Soft delete: the row stays, renamed `<name> - Deleted`; restore puts `name_before_delete` back. */
export const softDelete = {
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
};
