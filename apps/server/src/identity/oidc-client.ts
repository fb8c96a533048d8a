import * as client from 'openid-client';

/**
 * Discovers an issuer lazily and once: our own embedded issuer is only reachable after the server
 * listens, and an upstream one may be briefly down at start-up without taking the studio with it.
 */
export function createLazyOidcConfiguration(options: {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /**
   * Asks for `code id_token` (the OpenID Connect hybrid flow) instead of `code`: openid-client then
   * validates the ID token of the authorization response (signature, nonce, c_hash) before the code
   * exchange. Whether the issuer offers it is for the caller to read from its metadata.
   */
  isHybrid?: boolean;
}): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= (async () => {
      const url = new URL(options.issuer);
      const isHttp = url.protocol === 'http:';
      const configuration = await client.discovery(
        url,
        options.clientId,
        options.clientSecret,
        options.clientSecret ? client.ClientSecretBasic(options.clientSecret) : client.None(),
        // Plain HTTP is only for loopback development and tests; production issuers use HTTPS.
        isHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      if (options.isHybrid) {
        client.useCodeIdTokenResponseType(configuration);
      }
      return configuration;
    })().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
