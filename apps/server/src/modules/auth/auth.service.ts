import { createSessionService } from './auth-sessions.ts';
import { createSignInFlow, type AuthServiceOptions } from './sign-in-flow.ts';

/**
 * The studio as an OpenID Connect relying party: the sign-in flow (`sign-in-flow.ts`: start,
 * callback, abandon) and the sessions it opens (`auth-sessions.ts`: find, refresh, logout,
 * describe), over one issuer configuration.
 */
export function createAuthService(options: AuthServiceOptions) {
  return { ...createSignInFlow(options), ...createSessionService(options) };
}

export type AuthService = ReturnType<typeof createAuthService>;
