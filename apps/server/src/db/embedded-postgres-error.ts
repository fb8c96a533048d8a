/**
 * A start of the embedded PostgreSQL that cannot work, told in one line: the path, the reason and
 * the fix. Callers print `message` alone, never a stack trace.
 */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}
