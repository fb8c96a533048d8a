import { z } from 'zod';

/**
 * What the browser learns of its session token record (spec §3): expiries, roles and identity,
 * never the tokens themselves, which stay on the server.
 */
export const sessionInfoSchema = z.object({
  /** Epoch milliseconds when the access token expires. */
  expiresIn: z.number(),
  /** Epoch milliseconds when the refresh token expires; null when the issuer did not say. */
  refreshExpiresIn: z.number().nullable(),
  /** Epoch milliseconds of the authentication. */
  ts: z.number(),
  scope: z.string(),
  roles: z.array(z.string()),
  username: z.string(),
  email: z.string(),
  isIdpLogin: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Answer of `POST /api/refresh_token` (spec §7); `error` is set when the refresh failed. */
export const refreshTokenResponseSchema = z.object({
  session: sessionInfoSchema.nullable(),
  error: z.string().optional(),
});
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;
