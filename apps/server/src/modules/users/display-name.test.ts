import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/studio.ts';
import { displayNameSql, formatDisplayName } from './display-name.ts';

// Spec: "**Name display rule**: first and last name if present, otherwise email." Lists sort and
// search by the SQL form; rows already read use the code form: both must give the same name.
const PEOPLE = [
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', name: 'Ada Lovelace' },
  { firstName: 'Ada', lastName: null, email: 'ada@example.com', name: 'Ada' },
  { firstName: null, lastName: 'Lovelace', email: 'ada@example.com', name: 'Lovelace' },
  { firstName: '', lastName: 'Lovelace', email: 'ada@example.com', name: 'Lovelace' },
  { firstName: null, lastName: null, email: 'ada@example.com', name: 'ada@example.com' },
  { firstName: '', lastName: '  ', email: 'ada@example.com', name: 'ada@example.com' },
];

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 1 });
});
afterAll(async () => {
  await pool?.end();
});

describe('the name display rule', () => {
  it.each(PEOPLE)('$firstName / $lastName / $email → "$name"', async (person) => {
    expect(formatDisplayName(person)).toBe(person.name);
    const result = await drizzle(pool).execute<{ name: string }>(sql`
      select ${displayNameSql('u')} as name
        from (values (${person.firstName}::text, ${person.lastName}::text, ${person.email}::text))
          as u(first_name, last_name, email)`);
    expect(result.rows[0]!.name).toBe(person.name);
  });
});
