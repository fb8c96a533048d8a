import type { UserSummary } from '@conversa/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { users } from '../users/users.tables.ts';

/**
 * ISO 8601 text of a timestamp from either query style: Drizzle's typed selects give Dates, raw
 * `execute` gives PostgreSQL's text (`2026-01-02 03:04:05.678+00`).
 */
export function toIsoTimestamp(value: Date | string): string {
  if (value instanceof Date) {
    return value.toISOString();
  }
  const normalized = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(normalized);
  if (Number.isNaN(date.getTime())) {
    throw new Error(`Unreadable timestamp from the database: ${value}`);
  }
  return date.toISOString();
}

export function toIsoTimestampOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIsoTimestamp(value);
}

/** The author columns a list row carries under a prefix, e.g. `created_by_email`. */
export function toUserSummary(
  row: Record<string, unknown>,
  prefix: 'created_by' | 'updated_by',
): UserSummary | null {
  const id = row[`${prefix}_id`];
  if (typeof id !== 'string') {
    return null;
  }
  return {
    id,
    email: String(row[`${prefix}_email`]),
    firstName: (row[`${prefix}_first_name`] as string | null) ?? null,
    lastName: (row[`${prefix}_last_name`] as string | null) ?? null,
  };
}

/** Select-list and joins for the author columns read by toUserSummary (`alias` is the item). */
export const AUTHOR_COLUMNS = `cu.id as created_by_id, cu.email as created_by_email,
  cu.first_name as created_by_first_name, cu.last_name as created_by_last_name,
  uu.id as updated_by_id, uu.email as updated_by_email,
  uu.first_name as updated_by_first_name, uu.last_name as updated_by_last_name`;

/** `alias` is a constant of the caller's query (the item's table alias), never input. */
export function authorJoins(alias: string): SQL {
  const item = sql.raw(alias);
  return sql`left join ${users} cu on cu.id = ${item}.created_by
  left join ${users} uu on uu.id = ${item}.updated_by`;
}
