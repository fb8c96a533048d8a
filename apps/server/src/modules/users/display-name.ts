import { sql, type SQL } from 'drizzle-orm';

// The spec's display rule for a person: first and last name, else the email. One rule, read in SQL
// (lists sorted and searched by it) and in code (rows already read).

/** The display name in SQL, over the `users` columns of `alias` (or unqualified columns). */
export function displayNameSql(alias?: string): SQL {
  const column = (name: 'first_name' | 'last_name' | 'email') =>
    sql.raw(alias ? `${alias}.${name}` : name);
  return sql`coalesce(nullif(trim(concat_ws(' ', ${column('first_name')}, ${column('last_name')})), ''), ${column('email')})`;
}

/** The display name of a person already read. */
export function formatDisplayName(person: {
  email: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.email;
}
