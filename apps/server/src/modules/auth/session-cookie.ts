import type { FastifyRequest } from 'fastify';

/** The browser's only credential: an opaque id whose SHA-256 keys its auth_sessions row. */
export const SESSION_COOKIE = 'conversa_session';

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}
