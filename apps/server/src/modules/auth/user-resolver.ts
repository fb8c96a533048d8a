import type { Database } from '../../db/client.ts';
import type { ResolveUser } from '../../http/gateway.ts';
import { getCurrentUser } from '../me/index.ts';
import type { AuthService } from './auth.service.ts';
import { readSessionCookie } from './session-cookie.ts';

/** Who sent a request: a bearer token (checked at the issuer) or the session cookie. */
export function createUserResolver(options: {
  db: Database;
  auth: Pick<AuthService, 'findSession'>;
  authenticateBearer: (token: string) => Promise<string | null>;
}): ResolveUser {
  const { db, auth, authenticateBearer } = options;
  return async (request) => {
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const userId = await authenticateBearer(authorization.slice('Bearer '.length).trim());
      return userId
        ? ((await getCurrentUser(db, userId, { withStoryfiles: false })) ?? null)
        : null;
    }
    const sessionId = readSessionCookie(request);
    if (!sessionId) {
      return null;
    }
    const session = await auth.findSession(sessionId);
    // An expired access token makes the request anonymous; the browser refreshes and retries.
    if (!session || session.accessExpiresAt <= new Date()) {
      return null;
    }
    return (await getCurrentUser(db, session.userId, { withStoryfiles: false })) ?? null;
  };
}
