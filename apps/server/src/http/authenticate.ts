import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CurrentUser } from '@conversa/contracts';
import type { Database } from '../db/client.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { readSessionCookie } from '../modules/auth/auth.routes.ts';
import { getCurrentUser } from '../modules/me/me.service.ts';

export type ResolveUser = (request: FastifyRequest) => Promise<CurrentUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one way to learn who sent a request (session cookie or bearer token). The permission
     * hook uses it, and so must any route that authenticates outside it (e.g. raw upload routes).
     */
    resolveUser: ResolveUser;
  }
}

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
      return userId ? ((await getCurrentUser(db, userId)) ?? null) : null;
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
    return (await getCurrentUser(db, session.userId)) ?? null;
  };
}

export function decorateUserResolver(app: FastifyInstance, resolveUser: ResolveUser): void {
  app.decorate('resolveUser', resolveUser);
}
