import { escapeHtml } from '@conversa/contracts';
import Provider, {
  type Configuration,
  type InteractionResults,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { TOKEN_TTL } from '../modules/auth/index.ts';
import { getUserProductAccessGroups } from '../modules/me/index.ts';
import { findUserById } from '../modules/users/index.ts';
import { createPostgresAdapterClass } from './pg-adapter.ts';
import { getOrCreateSecret } from '../db/secrets.ts';
import { LOGOUT_SUBMIT_SCRIPT, renderIdpPage } from './idp-pages.ts';

export const EMBEDDED_CLIENT_ID = 'conversa-studio';
export const IDP_MOUNT_PATH = '/idp';

const FIRST_PARTY_SCOPES = 'openid email profile offline_access';

export interface IdentityProviderOptions {
  db: Database;
  publicUrl: string;
  clientSecret: string;
  isHttps: boolean;
}

async function loadSigningKeys(db: Database) {
  return getOrCreateSecret(db, 'idp.jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }] };
  });
}

/** The embedded OpenID provider; accounts are the studio's users table. */
export async function createIdentityProvider(options: IdentityProviderOptions): Promise<Provider> {
  const { db, publicUrl } = options;
  const jwks = await loadSigningKeys(db);
  const cookieKeys = await getOrCreateSecret(db, 'idp.cookie-keys', () => [
    randomBytes(32).toString('base64url'),
    randomBytes(32).toString('base64url'),
  ]);

  const configuration: Configuration = {
    adapter: createPostgresAdapterClass(db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: options.clientSecret,
        client_name: 'Conversa Studio',
        redirect_uris: [`${publicUrl}/api/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        // `code`: the silent check (and any client asking for the code flow); `code id_token`: the
        // hybrid sign-in of spec §4, answered by form_post. An ID token in the front channel is
        // the `implicit` grant type to the provider; the access token still comes only from the
        // token endpoint, with PKCE.
        grant_types: ['authorization_code', 'implicit', 'refresh_token'],
        response_types: ['code', 'code id_token'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks,
    cookies: {
      keys: cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure: options.isHttps },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure: options.isHttps },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      // Product-access groups of spec §6, for downstream apps.
      profile: ['name', 'given_name', 'family_name', 'groups'],
    },
    // The studio reads identity from the ID token, so scope claims go in it.
    conformIdTokenClaims: false,
    // `brand`: the brand a sign-in began under, for the sign-in page's look (issue 54, item 9).
    extraParams: ['idp_hint', 'kc_idp_hint', 'brand'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // A client may revoke only tokens issued to it.
        allowedPolicy: (_ctx, client, token) => Promise.resolve(token.clientId === client.clientId),
      },
      rpInitiatedLogout: {
        enabled: true,
        // The studio's logout button already asked; sign out of the provider without a second question.
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = renderIdpPage({
            title: 'Signing out',
            body: `<p class="muted">Signing you out…</p>${form}
              <input type="hidden" form="op.logoutForm" name="logout" value="yes" />
              <noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>
              <script>${LOGOUT_SUBMIT_SCRIPT}</script>`,
          });
          return Promise.resolve();
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = renderIdpPage({
            title: 'Signed out',
            body: `<h1>Signed out</h1><p class="muted">You have been signed out of Conversa Studio.</p>
              <p><a class="button" href="${publicUrl}/">Back to Conversa Studio</a></p>`,
          });
          return Promise.resolve();
        },
      },
    },
    rotateRefreshToken: true,
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    ttl: {
      AccessToken: TOKEN_TTL.accessToken,
      AuthorizationCode: 60,
      IdToken: TOKEN_TTL.idToken,
      RefreshToken: TOKEN_TTL.refreshToken,
      Grant: TOKEN_TTL.refreshToken,
      Session: TOKEN_TTL.session,
      Interaction: TOKEN_TTL.interaction,
    },
    interactions: {
      url: (_ctx, interaction) => `${IDP_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    // The studio is a first-party client: its grant is created on sign-in instead of asking for consent.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing || client.clientId !== EMBEDDED_CLIENT_ID || !session.accountId) {
        return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope(FIRST_PARTY_SCOPES);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const user = await findUserById(db, id);
      if (!user || user.deletedAt) {
        return undefined;
      }
      const groups = await getUserProductAccessGroups(db, user.id);
      return {
        accountId: user.id,
        claims: () => ({
          groups,
          sub: user.id,
          email: user.email,
          email_verified: true,
          given_name: user.firstName ?? undefined,
          family_name: user.lastName ?? undefined,
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined,
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderIdpPage({
        title: 'Sign-in problem',
        body: `<h1>Something went wrong</h1>
          <p class="error">${escapeHtml(String(out.error_description ?? out.error ?? 'Unknown error'))}</p>
          <p><a class="button" href="${publicUrl}/">Back to Conversa Studio</a></p>`,
      });
      return Promise.resolve();
    },
  };

  const provider = new Provider(`${publicUrl}${IDP_MOUNT_PATH}`, configuration);
  provider.proxy = true;
  if (!options.isHttps) {
    allowFrontChannelIdTokensOverHttp(provider);
  }
  return provider;
}

/**
 * oidc-provider refuses a client whose front channel carries an ID token (`implicit`, here the
 * hybrid flow) to an `http:` or `localhost` redirect URI. A studio served over plain HTTP is a
 * loopback development or test studio (PUBLIC_URL is https in production), so there the two checks
 * are skipped, the recipe oidc-provider documents for development; every other check stays.
 */
function allowFrontChannelIdTokensOverHttp(provider: Provider): void {
  const schema = (
    provider.Client as unknown as {
      Schema: { prototype: { invalidate: (message: string, code?: string) => void } };
    }
  ).Schema.prototype;
  const invalidate = schema.invalidate;
  schema.invalidate = function (this: unknown, message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') {
      return;
    }
    invalidate.call(this, message, code);
  };
}

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The consent prompt's result: the studio is first-party, so the scopes and claims the client
 * asks for are granted without a question.
 */
export async function grantFirstPartyConsent(
  provider: Provider,
  details: InteractionDetails,
  accountId: string,
): Promise<InteractionResults> {
  const { prompt, params } = details;
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ??
      new provider.Grant({ accountId, clientId: params.client_id as string }))
    : new provider.Grant({ accountId, clientId: params.client_id as string });
  const missingScopes = (prompt.details.missingOIDCScope as string[] | undefined) ?? [];
  if (missingScopes.length > 0) {
    grant.addOIDCScope(missingScopes.join(' '));
  }
  const missingClaims = (prompt.details.missingOIDCClaims as string[] | undefined) ?? [];
  if (missingClaims.length > 0) {
    grant.addOIDCClaims(missingClaims);
  }
  return { consent: { grantId: await grant.save() } };
}
