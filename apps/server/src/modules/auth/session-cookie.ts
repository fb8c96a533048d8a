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
