import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_STATE_LIFETIME_MS } from '@conversa/contracts';

/**
 * The login binding (login CSRF): a random value the browser holds while one sign-in runs. Its
 * login state stores the value's hash and the callback must bring the same cookie back (see
 * auth_login_states.browser_binding_hash). One cookie per sign-in, named after its state: with one
 * cookie per browser, a landing page's silent check and the person's Sign in that both began
 * before either answer had arrived each set a value of their own, the later answer's won, and the
 * other sign-in ended at `signInError=failed` (issue 53, item 8: on a busy machine the silent
 * check is slow enough for a person to press Sign in first).
 */
export const LOGIN_BINDING_COOKIE_PREFIX = 'conversa_login_';
/** The one per-browser cookie of sign-ins begun before per-sign-in cookies; read, never set. */
const LEGACY_LOGIN_BINDING_COOKIE = 'conversa_login';

/** 32 random bytes, base64url: what a binding cookie must look like to be read. */
const LOGIN_BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie of the sign-in with this state: a digest of it, short enough for a cookie name. */
export function getLoginBindingCookieName(state: string): string {
  return `${LOGIN_BINDING_COOKIE_PREFIX}${createHash('sha256').update(state).digest('base64url').slice(0, 16)}`;
}

export function createLoginBinding(): string {
  return randomBytes(32).toString('base64url');
}

/*
 * Kept for a sign-in's hour, on /api/auth only. It must come back with the provider's answer,
 * which the hybrid flow sends as a cross-site form POST when the issuer is on another site: over
 * HTTPS the cookie is SameSite=None (Secure) so that POST carries it; over plain HTTP (development,
 * loopback) browsers refuse SameSite=None without Secure, so it is Lax, which serves the embedded
 * provider (same site).
 */
const bindingCookieOptions = (isHttps: boolean) =>
  ({
    path: '/api/auth',
    httpOnly: true,
    sameSite: isHttps ? 'none' : 'lax',
    secure: isHttps,
  }) as const;

/** Gives the browser the binding of the sign-in whose authorization URL is `authorizationUrl`. */
export function setLoginBindingCookie(
  reply: FastifyReply,
  authorizationUrl: URL,
  binding: string,
  isHttps: boolean,
): void {
  const state = authorizationUrl.searchParams.get('state');
  if (state) {
    reply.setCookie(getLoginBindingCookieName(state), binding, {
      ...bindingCookieOptions(isHttps),
      maxAge: LOGIN_STATE_LIFETIME_MS / 1000,
    });
  }
}

/** The binding the browser holds for the sign-in with this state (its state is used up after). */
export function readLoginBinding(
  request: FastifyRequest,
  state: string | null,
): string | undefined {
  const value =
    (state ? request.cookies[getLoginBindingCookieName(state)] : undefined) ??
    request.cookies[LEGACY_LOGIN_BINDING_COOKIE];
  return value && LOGIN_BINDING_PATTERN.test(value) ? value : undefined;
}

/** The callback used the sign-in's state up: its cookie has no more use. */
export function clearLoginBindingCookie(
  reply: FastifyReply,
  state: string | null,
  isHttps: boolean,
): void {
  if (state) {
    reply.clearCookie(getLoginBindingCookieName(state), bindingCookieOptions(isHttps));
  }
}

/** What a login state keeps of the browser's binding cookie: its SHA-256, never the value. */
export function hashBrowserBinding(binding: string): string {
  return createHash('sha256').update(binding).digest('base64url');
}

/** Whether a login state was begun by the browser with this binding cookie. */
export function isBoundToBrowser(
  pending: { browserBindingHash: string | null },
  browserBinding: string | undefined,
): boolean {
  return (
    pending.browserBindingHash === null ||
    (browserBinding !== undefined &&
      hashBrowserBinding(browserBinding) === pending.browserBindingHash)
  );
}
