import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { readBearerToken, type ResolveUser } from '../../http/gateway.ts';
import { getCurrentUser, getCurrentUserBySession } from '../me/index.ts';
import { hashSessionId } from './auth-sessions.ts';
import { authSessions } from './auth.tables.ts';
import { readSessionCookie } from './session-cookie.ts';

/**
 * Who sent a request: a bearer token (checked at the issuer) or the session cookie. A cookie
 * costs one statement before the handler: the session, its user, the memberships and the team
 * scopes are read together (getCurrentUserBySession).
 */
export function createUserResolver(options: {
  db: Database;
  authenticateBearer: (token: string) => Promise<string | null>;
}): ResolveUser {
  const { db, authenticateBearer } = options;
  return async (request) => {
    const token = readBearerToken(request.headers.authorization);
    if (token) {
      const userId = await authenticateBearer(token);
      return userId
        ? ((await getCurrentUser(db, userId, { withStoryfiles: false })) ?? null)
        : null;
    }
    const sessionId = readSessionCookie(request);
    if (!sessionId) {
      return null;
    }
    // An expired access token makes the request anonymous; the browser refreshes and retries.
    const session = sql`select user_id, extract(epoch from access_expires_at)::float8 * 1000 as access_expires_ms
      from ${authSessions} where id_hash = ${hashSessionId(sessionId)}`;
    return (await getCurrentUserBySession(db, session)) ?? null;
  };
}
