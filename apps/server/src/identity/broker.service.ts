import * as client from 'openid-client';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { UpstreamProviderConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { idpBrokerStates } from '../modules/auth/auth.tables.ts';
import { resolveExternalIdentity, TOKEN_TTL } from '../modules/auth/index.ts';
import { createLazyOidcConfiguration } from './oidc-client.ts';
import { IDP_MOUNT_PATH } from './provider.ts';

const UPSTREAM_LABELS: Record<string, string> = {
  google: 'Google',
  facebook: 'Facebook',
  medtronic: 'Medtronic',
  walmart: 'Walmart',
};

export type UpstreamHint = UpstreamProviderConfig['hint'];

/**
 * Brokering to upstream providers: the embedded provider's sign-in goes to Google, Medtronic, ...
 * with code + PKCE, and the account that comes back is linked to a studio user. A pending
 * sign-in lives in `idp_broker_states` (as long as the interaction), so any replica can finish it.
 */
export function createUpstreamBroker(options: {
  db: Database;
  publicUrl: string;
  upstreams: readonly UpstreamProviderConfig[];
}) {
  const { db, publicUrl } = options;
  const upstreams = new Map(options.upstreams.map((upstream) => [upstream.hint, upstream]));
  const configurations = new Map(
    options.upstreams.map((upstream) => [
      upstream.hint,
      createLazyOidcConfiguration({
        issuer: upstream.issuer,
        clientId: upstream.clientId,
        clientSecret: upstream.clientSecret,
      }),
    ]),
  );
  const callbackUrl = (hint: string) => `${publicUrl}${IDP_MOUNT_PATH}/broker/${hint}/callback`;
  const findUpstream = (hint: string) => upstreams.get(hint as UpstreamHint);

  return {
    isConfigured: (hint: string): boolean => upstreams.has(hint as UpstreamHint),

    /** The sign-in page's "Continue with ..." links for an interaction. */
    listLinks: (uid: string) =>
      [...upstreams.keys()].map((hint) => ({
        hint,
        label: UPSTREAM_LABELS[hint] ?? hint,
        href: `${IDP_MOUNT_PATH}/interaction/${uid}/upstream/${hint}`,
      })),

    /** Records a pending sign-in of the interaction and answers where to send the browser. */
    async startSignIn(uid: string, hint: string): Promise<URL> {
      const upstream = findUpstream(hint);
      if (!upstream) {
        throw new Error(`No upstream provider "${hint}" is configured.`);
      }
      const configuration = await configurations.get(upstream.hint)!();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await db.insert(idpBrokerStates).values({
        state,
        interactionUid: uid,
        hint: upstream.hint,
        nonce,
        codeVerifier,
        expiresAt: new Date(Date.now() + TOKEN_TTL.interaction * 1000),
      });
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl(upstream.hint),
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * The upstream's callback: exchanges the code, finds or creates the studio user and marks the
     * pending sign-in as done. Null when no pending sign-in matches (expired or never started).
     */
    async completeCallback(
      hint: string,
      currentUrl: URL,
    ): Promise<{ interactionUid: string; state: string } | null> {
      const stateParam = currentUrl.searchParams.get('state') ?? '';
      await db.delete(idpBrokerStates).where(lt(idpBrokerStates.expiresAt, new Date()));
      const [pending] = await db
        .select()
        .from(idpBrokerStates)
        .where(and(eq(idpBrokerStates.state, stateParam), eq(idpBrokerStates.hint, hint)));
      const upstream = findUpstream(hint);
      if (!pending || !upstream) {
        return null;
      }
      const configuration = await configurations.get(upstream.hint)!();
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> = { ...tokens.claims() };
      if (typeof claims.email !== 'string') {
        claims = {
          ...claims,
          ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub as string)),
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
      await db
        .update(idpBrokerStates)
        .set({ userId: user.id })
        .where(eq(idpBrokerStates.state, pending.state));
      return { interactionUid: pending.interactionUid, state: pending.state };
    },

    /**
     * The user a completed upstream sign-in of this interaction brought, once: the pending row
     * is deleted, so a replayed link signs nobody in.
     */
    async takeSignedInUser(uid: string, state: string): Promise<string | null> {
      const [completed] = await db
        .delete(idpBrokerStates)
        .where(
          and(
            eq(idpBrokerStates.state, state),
            eq(idpBrokerStates.interactionUid, uid),
            isNotNull(idpBrokerStates.userId),
          ),
        )
        .returning({ userId: idpBrokerStates.userId });
      return completed?.userId ?? null;
    },
  };
}

export type UpstreamBroker = ReturnType<typeof createUpstreamBroker>;
