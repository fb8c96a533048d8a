import * as client from 'openid-client';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { resolveExternalIdentity } from './external-identity.ts';

const BEARER_CACHE_MS = 60_000;
const BEARER_CACHE_MAX = 10_000;

/**
 * Validates bearer access tokens of other API clients at the issuer's userinfo endpoint, which
 * works the same for the embedded provider and for an external one (opaque or JWT tokens alike).
 * Answers are cached briefly per token hash, so a busy client costs one call a minute.
 */
export function createBearerAuthenticator(options: {
  db: Database;
  getConfiguration: () => Promise<client.Configuration>;
}) {
  const cache = new Map<string, { userId: string | null; until: number }>();
  return async function authenticateBearer(token: string): Promise<string | null> {
    const key = createHash('sha256').update(token).digest('base64url');
    const cached = cache.get(key);
    if (cached && cached.until > Date.now()) {
      return cached.userId;
    }
    let userId: string | null;
    try {
      const configuration = await options.getConfiguration();
      const claims = await client.fetchUserInfo(configuration, token, client.skipSubjectCheck);
      const user = await resolveExternalIdentity(options.db, {
        issuer: configuration.serverMetadata().issuer,
        subject: claims.sub,
        email: claims.email,
        isEmailVerified: claims.email_verified === true,
      });
      userId = user.id;
    } catch {
      userId = null;
    }
    if (cache.size >= BEARER_CACHE_MAX) {
      cache.clear();
    }
    cache.set(key, { userId, until: Date.now() + BEARER_CACHE_MS });
    return userId;
  };
}
