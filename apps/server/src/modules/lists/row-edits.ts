import { sql, type SQL } from 'drizzle-orm';

/** The columns that mark a row changed by a user. */
export function markUpdated(userIam: string): { updatedAt: SQL; updatedBy: string } {
  return { updatedAt: sql`now()`, updatedBy: userIam };
}

/** The fields of an edit that were sent (a partial update leaves the others as they are). */
export function pickDefined<T extends object, K extends keyof T>(
  values: T,
  keys: readonly K[],
): { [P in K]?: Exclude<T[P], undefined> } {
  const picked: { [P in K]?: Exclude<T[P], undefined> } = {};
  for (const key of keys) {
    if (values[key] !== undefined) {
      picked[key] = values[key] as Exclude<T[K], undefined>;
    }
  }
  return picked;
}
