import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { visitorLinks } from './publishing.tables.ts';
import type { ResolveUser } from '../../http/gateway.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { VISITOR_COOKIE } from './visitor-cookie.ts';

/** Links remembered per process, so a browser's requests write one row once (then a lookup). */
const REMEMBERED_LINKS_MAX = 10_000;

/** The public player's visitor id a request carries, when it is one the studio made. */
export function readVisitorId(request: FastifyRequest): string | undefined {
  const value = request.cookies[VISITOR_COOKIE];
  return value && /^[0-9a-f-]{36}$/.test(value) ? value : undefined;
}

/** Records that a visitor id belongs to a studio user (idempotent). */
export async function linkVisitorToUser(
  db: Database,
  visitorId: string,
  userId: string,
): Promise<void> {
  await db.insert(visitorLinks).values({ visitorId, userId }).onConflictDoNothing();
}

/**
 * Ties the public player's anonymous visitor cookie to the studio user signed in on the same
 * browser, whichever comes first: a team member who tries their own share link while signed in,
 * or who visited anonymously and signs in later (the cookie is the studio's, path `/`, so every
 * studio request carries it). The popular score then leaves those visits out with the team's
 * own (issue 19). Runs after the answer is sent, so visitors never wait for it; a bearer client
 * is no browser and is skipped (its asks carry `user:` keys already).
 */
export function installVisitorLinking(
  app: FastifyInstance,
  options: { db: Database; resolveUser: ResolveUser },
): void {
  const remembered = new Set<string>();
  const remember = (key: string) => {
    if (remembered.size >= REMEMBERED_LINKS_MAX) {
      remembered.clear();
    }
    remembered.add(key);
  };
  app.addHook('onResponse', async (request) => {
    const visitorId = readVisitorId(request);
    if (!visitorId || request.headers.authorization) {
      return;
    }
    try {
      const known = request.currentUser;
      if (known?.isLoggedIn) {
        const key = `${visitorId}|${known.iam}`;
        if (!remembered.has(key)) {
          await linkVisitorToUser(options.db, visitorId, known.iam);
          remember(key);
        }
        return;
      }
      // Public calls and pages resolve nobody; a studio session cookie beside the visitor's says who.
      const session = request.cookies[SESSION_COOKIE];
      const sessionKey = session && `${visitorId}|session:${session}`;
      if (!sessionKey || remembered.has(sessionKey) || request.url.startsWith('/idp')) {
        return;
      }
      const user = await options.resolveUser(request);
      if (user?.isLoggedIn) {
        await linkVisitorToUser(options.db, visitorId, user.iam);
        remember(sessionKey);
        remember(`${visitorId}|${user.iam}`);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'could not link a visitor to a studio user');
    }
  });
}
