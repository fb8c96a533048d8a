import type * as client from 'openid-client';

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

export const HYBRID_RESPONSE_TYPE = 'code id_token';

/**
 * Provider errors that can mean "not `code id_token` for this client" (RFC 6749
 * `unsupported_response_type`, Keycloak's `unauthorized_client`, oidc-provider's `invalid_request`
 * "requested response_type is not allowed for this client"): the sign-in is retried once, with the
 * code flow, which is never retried.
 */
export const HYBRID_REFUSED_ERRORS = new Set([
  'unsupported_response_type',
  'unauthorized_client',
  'invalid_request',
]);

/**
 * OpenID Connect Core 3.3.3.6: the token endpoint's ID token must name the same issuer and subject
 * as the (already validated) ID token of the hybrid authorization response.
 */
export function assertSameSubject(
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
