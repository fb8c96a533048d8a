import * as client from 'openid-client';
import { createHash, randomBytes } from 'node:crypto';
import { hashBrowserBinding, isBoundToBrowser } from './login-binding.ts';
import { eq, lt } from 'drizzle-orm';
import {
  IDP_HINTS,
  LOGIN_STATE_LIFETIME_MS,
  SIGNED_OUT_LANDING_PATH,
  ACCOUNT_SUSPENDED_MESSAGE,
  WHITELIST_REFUSED_MESSAGE,
  type SignInErrorCode,
  type SessionInfo,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { authLoginStates, authSessions } from './auth.tables.ts';
import { users } from '../users/users.tables.ts';
import { badRequest } from '../../http/errors.ts';
import { resolveExternalIdentity } from './external-identity.ts';
import {
  acceptPendingInvitations,
  admitThroughWhitelist,
  isUserAllowed,
} from '../accounts/index.ts';
import { getUserProductAccessGroups } from '../me/index.ts';
import { sanitizeReturnTo } from './return-to.ts';
import { recordSignIn } from '../users/index.ts';

/** Used when the issuer does not say how long its refresh tokens live (Keycloak does, oidc-provider does not). */
const DEFAULT_REFRESH_TTL_SECONDS = 14 * 24 * 60 * 60;

export type AuthSession = typeof authSessions.$inferSelect;

export interface AuthServiceOptions {
  db: Database;
  publicUrl: string;
  getConfiguration: () => Promise<client.Configuration>;
  /**
   * The same issuer and client asking for `code id_token` (`useCodeIdTokenResponseType`): the
   * hybrid sign-in of spec §4. Without it, or when the issuer's discovery document does not offer
   * that response type with `form_post`, every sign-in uses the code flow.
   */
  getHybridConfiguration?: () => Promise<client.Configuration>;
  /** Hints the embedded provider can broker; undefined for an external issuer (it decides). */
  configuredHints: readonly string[] | undefined;
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

export type RefreshOutcome =
  | { kind: 'refreshed'; session: AuthSession }
  | { kind: 'rejected' } // the issuer answered 400: the token is cleared
  | { kind: 'failed'; message: string }; // anything else: the browser runs the logout flow

/** `isSilent`: the login was a `prompt=none` check (spec §4), so its callback shows no page. */
export type LoginCompletion =
  | {
      kind: 'signed-in';
      sessionId: string;
      returnTo: string;
      isSilent: boolean;
      /** The brand whose host the sign-in began on; null for the studio's own. */
      brandId: string | null;
    }
  | {
      kind: 'invalid';
      code: SignInErrorCode;
      reason: string;
      isSilent: boolean;
      /**
       * Whether the answer carried a state this browser began (its binding cookie): only then may
       * its failure end the browser's session. A forged or stale link must sign nobody out.
       */
      isBound: boolean;
    };

/**
 * Whether an issuer offers the hybrid flow the way the studio asks for it: `code id_token` among
 * its response types (in any order) and `form_post` among its response modes, since only a POST
 * brings the authorization response's ID token to the server (a fragment stays in the browser).
 */
export function offersHybridSignIn(metadata: client.ServerMetadata): boolean {
  const normalise = (responseType: string) => responseType.split(' ').sort().join(' ');
  return (
    (metadata.response_types_supported ?? []).some(
      (responseType) => normalise(responseType) === normalise(HYBRID_RESPONSE_TYPE),
    ) && (metadata.response_modes_supported ?? []).includes('form_post')
  );
}

const HYBRID_RESPONSE_TYPE = 'code id_token';

/**
 * Provider errors that can mean "not `code id_token` for this client" (RFC 6749
 * `unsupported_response_type`, Keycloak's `unauthorized_client`, oidc-provider's `invalid_request`
 * "requested response_type is not allowed for this client"): the sign-in is retried once, with the
 * code flow, which is never retried.
 */
const HYBRID_REFUSED_ERRORS = new Set([
  'unsupported_response_type',
  'unauthorized_client',
  'invalid_request',
]);

/**
 * The studio as an OpenID Connect relying party: code + PKCE S256, refresh, end-session. Two
 * ways in (spec §4 "a silent check through a hidden page when cookies are enabled; otherwise
 * login-required with hybrid flow"): the landing page's silent check (`prompt=none` in a hidden
 * frame) always uses the code flow, its answer a GET to the callback; the sign-in a person starts
 * asks for the hybrid flow (`flow=hybrid`: `code id_token`, `form_post`, PKCE as well) when the
 * issuer offers it, else the code flow. Either way the callback ends with the same session cookie.
 */

export function createAuthService(options: AuthServiceOptions) {
  const { db, publicUrl, getConfiguration } = options;
  const redirectUri = `${publicUrl}/api/auth/callback`;

  async function startLogin(input: {
    idp?: string | undefined;
    returnTo?: string | undefined;
    /** `none`: the silent single-sign-on check; the provider must answer without a page. */
    prompt?: 'none' | undefined;
    /** `hybrid`: a person's sign-in after the silent check found no session (never the check). */
    flow?: 'hybrid' | undefined;
    /** The brand whose host the sign-in begins on (undefined: the studio's own). */
    brandId?: string | undefined;
    /** The browser's login-binding cookie: the callback must come with the same one. */
    browserBinding: string;
  }): Promise<URL> {
    const idp = input.idp?.trim() || undefined;
    if (idp && !(IDP_HINTS as readonly string[]).includes(idp)) {
      throw Object.assign(
        badRequest(
          `"${idp}" is not an identity provider this studio knows. Use one of: ${IDP_HINTS.join(', ')}.`,
        ),
        { signInError: 'unknown-provider' satisfies SignInErrorCode },
      );
    }
    if (idp && options.configuredHints && !options.configuredHints.includes(idp)) {
      throw Object.assign(
        badRequest(
          `Signing in with "${idp}" is not configured on this studio. Ask your administrator to set it up.`,
        ),
        { signInError: 'provider-not-configured' satisfies SignInErrorCode },
      );
    }
    const isSilent = input.prompt === 'none';
    const hybridConfiguration =
      input.flow === 'hybrid' && !isSilent ? await options.getHybridConfiguration?.() : undefined;
    const isHybrid =
      hybridConfiguration !== undefined && offersHybridSignIn(hybridConfiguration.serverMetadata());
    const configuration = isHybrid ? hybridConfiguration : await getConfiguration();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await db.delete(authLoginStates).where(lt(authLoginStates.expiresAt, new Date()));
    await db.insert(authLoginStates).values({
      state,
      nonce,
      codeVerifier,
      idpHint: idp ?? null,
      returnTo: sanitizeReturnTo(input.returnTo),
      isSilent,
      responseType: isHybrid ? HYBRID_RESPONSE_TYPE : 'code',
      brandId: input.brandId ?? null,
      browserBindingHash: hashBrowserBinding(input.browserBinding),
      expiresAt: new Date(Date.now() + LOGIN_STATE_LIFETIME_MS),
    });
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (isHybrid) {
      // buildAuthorizationUrl sets response_type `code id_token` from the hybrid configuration.
      parameters.response_mode = 'form_post';
    }
    if (isSilent) {
      parameters.prompt = 'none';
    }
    if (input.brandId) {
      // The embedded provider's sign-in page wears the brand; another issuer ignores it.
      parameters.brand = input.brandId;
    }
    if (idp) {
      // idp_hint for the embedded provider, kc_idp_hint for a Keycloak realm.
      parameters.idp_hint = idp;
      parameters.kc_idp_hint = idp;
    }
    return client.buildAuthorizationUrl(configuration, parameters);
  }

  /**
   * Finishes a sign-in from the provider's answer: `currentUrl` is the callback as the issuer saw
   * it; `formPost` the body of a `form_post` answer (the hybrid flow), absent for a GET. The answer
   * must be the one this sign-in asked for, so a hybrid sign-in is never finished from a code alone.
   */
  async function completeLogin(
    currentUrl: URL,
    formPost: URLSearchParams | undefined,
    browserBinding: string | undefined,
  ): Promise<LoginCompletion> {
    const state = (formPost ?? currentUrl.searchParams).get('state');
    if (!state) {
      return {
        kind: 'invalid',
        code: 'failed',
        reason: 'The sign-in answer had no state.',
        isSilent: false,
        isBound: false,
      };
    }
    const [pending] = await db
      .delete(authLoginStates)
      .where(eq(authLoginStates.state, state))
      .returning();
    if (!pending || pending.expiresAt < new Date()) {
      return {
        kind: 'invalid',
        code: 'expired',
        reason: 'This sign-in has expired. Please sign in again.',
        isSilent: pending?.isSilent ?? false,
        isBound: pending !== undefined && isBoundToBrowser(pending, browserBinding),
      };
    }
    // Only the browser that began the sign-in may finish it (its state is used up either way).
    if (!isBoundToBrowser(pending, browserBinding)) {
      return {
        kind: 'invalid',
        code: 'failed',
        reason: 'The sign-in answer came to another browser than the one that began the sign-in.',
        isSilent: pending.isSilent,
        isBound: false,
      };
    }
    const isHybrid = pending.responseType === HYBRID_RESPONSE_TYPE;
    if (isHybrid !== (formPost !== undefined)) {
      return {
        kind: 'invalid',
        code: 'failed',
        reason: isHybrid
          ? 'The hybrid sign-in was answered without its form post.'
          : 'The sign-in was answered with a form post it did not ask for.',
        isSilent: pending.isSilent,
        isBound: true,
      };
    }
    let configuration: client.Configuration;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      configuration =
        isHybrid && options.getHybridConfiguration
          ? await options.getHybridConfiguration()
          : await getConfiguration();
      // The hybrid answer is handed over as the POST it was: openid-client validates its ID token
      // (signature, issuer, audience, nonce, c_hash against the code, state) before it exchanges the
      // code; the token endpoint's ID token is checked against the same nonce.
      const answer = formPost
        ? new Request(currentUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: formPost.toString(),
          })
        : currentUrl;
      tokens = await client.authorizationCodeGrant(configuration, answer, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      if (formPost) {
        assertSameSubject(formPost.get('id_token'), tokens.claims());
      }
    } catch (error) {
      // Includes an invalid nonce: no session is created, so the token is cleared (spec §8).
      return {
        kind: 'invalid',
        code: 'failed',
        reason: error instanceof Error ? error.message : 'Sign-in failed.',
        isSilent: pending.isSilent,
        isBound: true,
      };
    }
    let claims: Record<string, unknown> = { ...tokens.claims() };
    if (typeof claims.email !== 'string') {
      claims = {
        ...claims,
        ...(await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))),
      };
    }
    const user = await resolveExternalIdentity(db, {
      issuer: configuration.serverMetadata().issuer,
      subject: String(claims.sub),
      email: typeof claims.email === 'string' ? claims.email : undefined,
      isEmailVerified: claims.email_verified === true,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
      lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
    });
    // Signing in accepts the invitations waiting for this (verified) email, then admits through
    // a whitelist; someone suspended everywhere, or refused by every whitelist, gets no session.
    await acceptPendingInvitations(db, user.id);
    if (pending.idpHint) {
      const admission = await admitThroughWhitelist(db, user.id);
      if (admission === 'refused') {
        return {
          kind: 'invalid',
          code: 'not-admitted',
          reason: WHITELIST_REFUSED_MESSAGE,
          isSilent: pending.isSilent,
          isBound: true,
        };
      }
    }
    if (!(await isUserAllowed(db, user.id))) {
      return {
        kind: 'invalid',
        code: 'suspended',
        reason: ACCOUNT_SUSPENDED_MESSAGE,
        isSilent: pending.isSilent,
        isBound: true,
      };
    }
    await recordSignIn(db, user.id);
    const sessionId = randomBytes(32).toString('base64url');
    const now = Date.now();
    await db.insert(authSessions).values({
      idHash: hashSessionId(sessionId),
      userId: user.id,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      idToken: tokens.id_token ?? null,
      scope: tokens.scope ?? 'openid email profile',
      accessExpiresAt: new Date(now + (tokens.expires_in ?? 300) * 1000),
      refreshExpiresAt: tokens.refresh_token
        ? new Date(now + refreshTtlSeconds(tokens) * 1000)
        : null,
      authTime:
        typeof claims.auth_time === 'number' ? new Date(claims.auth_time * 1000) : new Date(now),
      idpHint: pending.idpHint,
    });
    return {
      kind: 'signed-in',
      sessionId,
      returnTo: pending.returnTo ?? '/dashboard',
      isSilent: pending.isSilent,
      brandId: pending.brandId,
    };
  }

  /**
   * Drops the login state the provider answered with an error; says whether it was silent. An
   * issuer that advertises `code id_token` but will not answer this client with it (a Keycloak
   * client without its implicit flow enabled) gets the same sign-in again with the code flow:
   * `retryUrl`, where the browser goes next.
   */
  async function abandonLogin(
    state: string | null,
    error: string | undefined,
    browserBinding: string | undefined,
  ): Promise<{ isSilent: boolean; isBound: boolean; retryUrl?: URL }> {
    if (!state) {
      return { isSilent: false, isBound: false };
    }
    const [pending] = await db
      .delete(authLoginStates)
      .where(eq(authLoginStates.state, state))
      .returning();
    // The code flow is tried again only for the browser that began the refused sign-in.
    if (
      pending?.responseType === HYBRID_RESPONSE_TYPE &&
      error !== undefined &&
      HYBRID_REFUSED_ERRORS.has(error) &&
      browserBinding !== undefined &&
      isBoundToBrowser(pending, browserBinding)
    ) {
      const retryUrl = await startLogin({
        idp: pending.idpHint ?? undefined,
        returnTo: pending.returnTo ?? undefined,
        brandId: pending.brandId ?? undefined,
        browserBinding,
      });
      return { isSilent: false, isBound: true, retryUrl };
    }
    return {
      isSilent: pending?.isSilent ?? false,
      isBound: pending !== undefined && isBoundToBrowser(pending, browserBinding),
    };
  }

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
   * Ends the studio session, revokes its refresh token and says where the browser goes next: the
   * provider's end-session (which ends its session too), else the landing page flagged as signed
   * out so its silent check cannot sign the person straight back in.
   */
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

  /** The callback URL as the issuer saw it (PUBLIC_URL, not the address behind a proxy). */
  function callbackUrl(requestUrl: string): URL {
    return new URL(requestUrl, publicUrl);
  }

  return {
    startLogin,
    completeLogin,
    abandonLogin,
    callbackUrl,
    findSession,
    refresh,
    logout,
    buildEndSessionRedirect,
    describeSession,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * OpenID Connect Core 3.3.3.6: the token endpoint's ID token must name the same issuer and subject
 * as the (already validated) ID token of the hybrid authorization response.
 */
function assertSameSubject(
  frontChannelIdToken: string | null,
  claims: client.IDToken | undefined,
): void {
  const payload = frontChannelIdToken?.split('.')[1];
  const front = payload
    ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>)
    : undefined;
  if (!front || !claims || front.sub !== claims.sub || front.iss !== claims.iss) {
    throw new Error(
      'The ID tokens of the authorization and token responses name different people.',
    );
  }
}

function refreshTtlSeconds(tokens: client.TokenEndpointResponse): number {
  const value = (tokens as { refresh_expires_in?: unknown }).refresh_expires_in;
  return typeof value === 'number' && value > 0 ? value : DEFAULT_REFRESH_TTL_SECONDS;
}

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
