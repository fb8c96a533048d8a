import * as client from 'openid-client';
import { randomBytes } from 'node:crypto';
import { hashBrowserBinding, isBoundToBrowser } from './login-binding.ts';
import { eq, lt } from 'drizzle-orm';
import {
  IDP_HINTS,
  LOGIN_STATE_LIFETIME_MS,
  ACCOUNT_SUSPENDED_MESSAGE,
  WHITELIST_REFUSED_MESSAGE,
  type SignInErrorCode,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { authLoginStates } from './auth.tables.ts';
import { badRequest } from '../../http/errors.ts';
import { resolveExternalIdentity } from './external-identity.ts';
import {
  acceptPendingInvitations,
  admitThroughWhitelist,
  isUserAllowed,
} from '../accounts/index.ts';
import { sanitizeReturnTo } from './return-to.ts';
import { recordSignIn } from '../users/index.ts';
import {
  HYBRID_REFUSED_ERRORS,
  HYBRID_RESPONSE_TYPE,
  assertSameSubject,
  offersHybridSignIn,
} from './hybrid-sign-in.ts';
import { openSession } from './auth-sessions.ts';

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
 * The studio as an OpenID Connect relying party: code + PKCE S256, refresh, end-session. Two
 * ways in (spec §4 "a silent check through a hidden page when cookies are enabled; otherwise
 * login-required with hybrid flow"): the landing page's silent check (`prompt=none` in a hidden
 * frame) always uses the code flow, its answer a GET to the callback; the sign-in a person starts
 * asks for the hybrid flow (`flow=hybrid`: `code id_token`, `form_post`, PKCE as well) when the
 * issuer offers it, else the code flow. Either way the callback ends with the same session cookie.
 */
export function createSignInFlow(options: AuthServiceOptions) {
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
    await openSession(db, {
      sessionId,
      userId: user.id,
      tokens,
      authTime: typeof claims.auth_time === 'number' ? claims.auth_time : undefined,
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

  /** The callback URL as the issuer saw it (PUBLIC_URL, not the address behind a proxy). */
  function callbackUrl(requestUrl: string): URL {
    return new URL(requestUrl, publicUrl);
  }

  return { startLogin, completeLogin, abandonLogin, callbackUrl };
}
