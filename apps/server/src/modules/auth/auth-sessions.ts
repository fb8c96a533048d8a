import * as client from 'openid-client';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SIGNED_OUT_LANDING_PATH, type SessionInfo } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { authSessions } from './auth.tables.ts';
import { users } from '../users/users.tables.ts';
import { isUserAllowed } from '../accounts/index.ts';
import { getUserProductAccessGroups } from '../me/index.ts';

/** Used when the issuer does not say how long its refresh tokens live (Keycloak does, oidc-provider does not). */
const DEFAULT_REFRESH_TTL_SECONDS = 14 * 24 * 60 * 60;

export type AuthSession = typeof authSessions.$inferSelect;

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

export type RefreshOutcome =
  | { kind: 'refreshed'; session: AuthSession }
  | { kind: 'rejected' } // the issuer answered 400: the token is cleared
  | { kind: 'failed'; message: string }; // anything else: the browser runs the logout flow

/**
 * Stores the session a finished sign-in opens; the browser keeps only the random
 * id (its hash is the key), the tokens stay here.
 */
export async function openSession(
  db: Database,
  input: {
    sessionId: string;
    userId: string;
    tokens: client.TokenEndpointResponse;
    authTime: number | undefined;
    idpHint: string | null;
  },
): Promise<void> {
  const { tokens } = input;
  const now = Date.now();
  await db.insert(authSessions).values({
    idHash: hashSessionId(input.sessionId),
    userId: input.userId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    idToken: tokens.id_token ?? null,
    scope: tokens.scope ?? 'openid email profile',
    accessExpiresAt: new Date(now + (tokens.expires_in ?? 300) * 1000),
    refreshExpiresAt: tokens.refresh_token
      ? new Date(now + refreshTtlSeconds(tokens) * 1000)
      : null,
    authTime: input.authTime !== undefined ? new Date(input.authTime * 1000) : new Date(now),
    idpHint: input.idpHint,
  });
}

/**
 * The studio's sessions once signed in: find, refresh (rotating the refresh token), end (with the
 * provider's end-session), and describe for the console.
 */
export function createSessionService(options: {
  db: Database;
  publicUrl: string;
  getConfiguration: () => Promise<client.Configuration>;
}) {
  const { db, publicUrl, getConfiguration } = options;

  async function findSession(sessionId: string): Promise<AuthSession | undefined> {
    const [session] = await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.idHash, hashSessionId(sessionId)));
    return session;
  }

  async function refresh(sessionId: string): Promise<RefreshOutcome> {
    const session = await findSession(sessionId);
    if (
      !session?.refreshToken ||
      !(await isUserAllowed(db, session.userId)) ||
      (session.refreshExpiresAt && session.refreshExpiresAt <= new Date())
    ) {
      if (session) {
        await deleteSession(session.idHash);
      }
      return { kind: 'rejected' };
    }
    const configuration = await getConfiguration();
    let tokens: Awaited<ReturnType<typeof client.refreshTokenGrant>>;
    try {
      tokens = await client.refreshTokenGrant(configuration, session.refreshToken);
    } catch (error) {
      if (error instanceof client.ResponseBodyError && error.status === 400) {
        await deleteSession(session.idHash);
        return { kind: 'rejected' };
      }
      return {
        kind: 'failed',
        message: error instanceof Error ? error.message : 'Token refresh failed.',
      };
    }
    const now = Date.now();
    const rotated = tokens.refresh_token ?? session.refreshToken;
    const [updated] = await db
      .update(authSessions)
      .set({
        accessToken: tokens.access_token,
        refreshToken: rotated,
        idToken: tokens.id_token ?? session.idToken,
        scope: tokens.scope ?? session.scope,
        accessExpiresAt: new Date(now + (tokens.expires_in ?? 300) * 1000),
        refreshExpiresAt: tokens.refresh_token
          ? new Date(now + refreshTtlSeconds(tokens) * 1000)
          : session.refreshExpiresAt,
        updatedAt: new Date(now),
      })
      .where(eq(authSessions.idHash, session.idHash))
      .returning();
    // A concurrent refresh of the same session reused the rotated token, so the provider revoked
    // the grant and that request deleted the session: this one has nothing left to refresh.
    if (!updated) {
      return { kind: 'rejected' };
    }
    return { kind: 'refreshed', session: updated };
  }

  async function deleteSession(idHash: string): Promise<void> {
    await db.delete(authSessions).where(eq(authSessions.idHash, idHash));
  }

  /**
   * Ends the studio session (and revokes its refresh token). Answers whether the browser should go
   * on through the provider's end-session, and with which ID token hint: the caller keeps that
   * hint on the server side of the browser (an httpOnly cookie) for `buildEndSessionRedirect`, so
   * the page's JavaScript never holds the ID token (issue 30).
   */
  async function logout(
    sessionId: string | undefined,
  ): Promise<{ isProviderLogout: false } | { isProviderLogout: true; idToken: string | null }> {
    const session = sessionId ? await findSession(sessionId) : undefined;
    if (!session) {
      return { isProviderLogout: false };
    }
    await deleteSession(session.idHash);
    const configuration = await getConfiguration().catch(() => undefined);
    if (!configuration) {
      return { isProviderLogout: false };
    }
    if (session.refreshToken && configuration.serverMetadata().revocation_endpoint) {
      await client
        .tokenRevocation(configuration, session.refreshToken, { token_type_hint: 'refresh_token' })
        .catch(() => undefined);
    }
    if (!configuration.serverMetadata().end_session_endpoint) {
      return { isProviderLogout: false };
    }
    return { isProviderLogout: true, idToken: session.idToken ?? null };
  }

  /** Where the browser goes to end its provider session: the end-session URL, or the landing page. */
  async function buildEndSessionRedirect(idToken: string | null): Promise<string> {
    const configuration = await getConfiguration().catch(() => undefined);
    if (!configuration?.serverMetadata().end_session_endpoint) {
      return SIGNED_OUT_LANDING_PATH;
    }
    return client.buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: `${publicUrl}/`,
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  }

  async function describeSession(session: AuthSession): Promise<SessionInfo> {
    const [user] = await db.select().from(users).where(eq(users.id, session.userId));
    return {
      expiresIn: session.accessExpiresAt.getTime(),
      refreshExpiresIn: session.refreshExpiresAt?.getTime() ?? null,
      ts: session.authTime.getTime(),
      scope: session.scope ?? '',
      roles: await getUserProductAccessGroups(db, session.userId),
      username: user?.id ?? session.userId,
      email: user?.email ?? '',
      isIdpLogin: session.idpHint !== null,
    };
  }

  return { findSession, refresh, logout, buildEndSessionRedirect, describeSession };
}

function refreshTtlSeconds(tokens: client.TokenEndpointResponse): number {
  const value = (tokens as { refresh_expires_in?: unknown }).refresh_expires_in;
  return typeof value === 'number' && value > 0 ? value : DEFAULT_REFRESH_TTL_SECONDS;
}
