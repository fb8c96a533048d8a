import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { getOrCreateSecret } from '../db/secrets.ts';
import type { ResolveUser } from '../http/gateway.ts';
import { registerIdentityProviderRoutes } from '../identity/idp.routes.ts';
import { createLazyOidcConfiguration } from '../identity/oidc-client.ts';
import {
  createIdentityProvider,
  EMBEDDED_CLIENT_ID,
  IDP_MOUNT_PATH,
} from '../identity/provider.ts';
import {
  createAuthService,
  createBearerAuthenticator,
  createUserResolver,
} from '../modules/auth/index.ts';

/**
 * Identity: the embedded provider (mounted here) unless an external issuer is configured, and the
 * login service and request resolver over whichever issuer it is.
 */
export async function setUpIdentity(
  app: FastifyInstance,
  options: { config: Config; db: Database; isHttps: boolean },
): Promise<{
  isEmbeddedIdp: boolean;
  auth: ReturnType<typeof createAuthService>;
  resolveUser: ResolveUser;
}> {
  const { config, db, isHttps } = options;
  const isEmbeddedIdp = !config.oidc.issuer;
  const clientId = config.oidc.clientId ?? EMBEDDED_CLIENT_ID;
  const clientSecret =
    config.oidc.clientSecret ??
    (isEmbeddedIdp
      ? await getOrCreateSecret(db, 'idp.client-secret', () =>
          randomBytes(32).toString('base64url'),
        )
      : undefined);
  if (isEmbeddedIdp) {
    const provider = await createIdentityProvider({
      db,
      publicUrl: config.publicUrl,
      clientSecret: clientSecret!,
      isHttps,
    });
    await registerIdentityProviderRoutes(app, { provider, db, config });
  }
  const issuer = {
    issuer: config.oidc.issuer ?? `${config.publicUrl}${IDP_MOUNT_PATH}`,
    clientId,
    clientSecret,
  };
  const getConfiguration = createLazyOidcConfiguration(issuer);
  const auth = createAuthService({
    db,
    publicUrl: config.publicUrl,
    getConfiguration,
    getHybridConfiguration: createLazyOidcConfiguration({ ...issuer, isHybrid: true }),
    configuredHints: isEmbeddedIdp
      ? config.upstreamProviders.map((upstream) => upstream.hint)
      : undefined,
  });
  const authenticateBearer = createBearerAuthenticator({ db, getConfiguration });

  const resolveUser = createUserResolver({ db, authenticateBearer });
  return { isEmbeddedIdp, auth, resolveUser };
}
