import Provider, { type Configuration } from 'oidc-provider';
import http from 'node:http';

/**
 * A second, independent OpenID provider (its own process state, port, keys and accounts) that
 * plays an upstream identity provider such as Medtronic's. Any login name signs in as
 * `<login>@<domain>` with a verified email; its pages are oidc-provider's development pages.
 */
export async function startUpstreamIdp(options: {
  port: number;
  /** A loopback address other than the studio's, so the two providers' cookies never mix (cookies ignore ports). */
  host?: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  domain: string;
  /** Lets the provider act as the studio's own issuer (OIDC_ISSUER): refresh tokens and logout. */
  asStudioIssuer?: { postLogoutRedirectUri: string };
}): Promise<{ issuer: string; close: () => Promise<void> }> {
  const host = options.host ?? '127.0.0.2';
  const issuer = `http://${host}:${options.port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: options.asStudioIssuer
          ? ['authorization_code', 'refresh_token']
          : ['authorization_code'],
        response_types: ['code'],
        ...(options.asStudioIssuer
          ? { post_logout_redirect_uris: [options.asStudioIssuer.postLogoutRedirectUri] }
          : {}),
      },
    ],
    // Like Keycloak, issue refresh tokens without asking for offline_access.
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    rotateRefreshToken: true,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, id) =>
      Promise.resolve({
        accountId: id,
        claims: () => ({
          sub: `upstream-${id}`,
          email: `${id}@${options.domain}`,
          email_verified: true,
          given_name: id,
          family_name: 'Upstream',
        }),
      }),
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();
  const server = http.createServer((request, response) => {
    void callback(request, response);
  });
  await new Promise<void>((resolve) => {
    server.listen(options.port, host, () => resolve());
  });
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run standalone for the browser tests: node --import tsx apps/server/test/upstream-idp.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.UPSTREAM_PORT ?? 3201);
  const studioUrl = process.env.STUDIO_URL ?? 'http://127.0.0.1:3200';
  const { issuer } = await startUpstreamIdp({
    port,
    clientId: process.env.UPSTREAM_CLIENT_ID ?? 'studio-at-medtronic',
    clientSecret: process.env.UPSTREAM_CLIENT_SECRET ?? 'upstream-secret',
    redirectUri: `${studioUrl}/idp/broker/medtronic/callback`,
    domain: process.env.UPSTREAM_DOMAIN ?? 'medtronic.example',
  });
  console.log(`upstream identity provider at ${issuer}`);
}
