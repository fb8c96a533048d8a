import type { FastifyRequest } from 'fastify';

/** The browser's only credential: an opaque id whose SHA-256 keys its auth_sessions row. */
export const SESSION_COOKIE = 'conversa_session';

/**
 * The brand a person signed in under (issue 45): set when a sign-in began on a brand's host, so the
 * console keeps that brand on `PUBLIC_URL`'s host, where every sign-in returns; cleared when a
 * sign-in begins on the studio's own host and at logout. It names a look, not a right: the brand
 * resolver reads it only when the request's host names no brand of its own.
 */
export const BRAND_COOKIE = 'conversa_brand';

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/**
 * A random value this browser holds while it signs in: each sign-in stores its hash and the
 * callback must bring the same cookie back (see auth_login_states.browser_binding_hash). One per
 * browser, not per sign-in, so the landing page's silent check and a sign-in in another tab never
 * overwrite each other's.
 */
export const LOGIN_BINDING_COOKIE = 'conversa_login';

/** 32 random bytes, base64url: what a binding cookie must look like to be reused. */
export const LOGIN_BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function readLoginBindingCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[LOGIN_BINDING_COOKIE];
  return value && LOGIN_BINDING_PATTERN.test(value) ? value : undefined;
}
