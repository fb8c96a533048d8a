// The auth module's public entry: what the assembly and tests may use.
export { createAuthService } from './auth.service.ts';
export { hashSessionId } from './auth-sessions.ts';
export { createBearerAuthenticator } from './bearer-authenticator.ts';
export { BRAND_COOKIE, SESSION_COOKIE } from './session-cookie.ts';
export { getLoginBindingCookieName } from './login-binding.ts';
export { createUserResolver } from './user-resolver.ts';
export { resolveExternalIdentity, type ExternalIdentity } from './external-identity.ts';
export { TOKEN_TTL } from './token-ttl.ts';
export { endUserSessions, forgetExternalIdentities } from './revocation.ts';
