import type { FastifyRequest } from 'fastify';

/**
 * The path a request was routed by: its matched route's pattern (`/v1/conversa/storyfiles/:id`),
 * or, for a request no route matched, its decoded path. Rules that depend on where a request goes
 * (the system id header, the API version) read this, never the raw URL: the router decodes
 * percent-escapes first, so `/%761/…` reaches the `/v1/…` route while its raw text does not start
 * with `/v1/` (issue 53).
 */
export function readRoutedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined) {
    return pattern;
  }
  const rawPath = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(rawPath);
  } catch {
    // A malformed escape matches no route; its raw text is all there is to judge.
    return rawPath;
  }
}
