import type { FastifyRequest } from 'fastify';

/** Shown on the account page when its form came from another page than its own. */
export const CROSS_SITE_FORM_MESSAGE =
  'This form was sent from another site, so nothing was saved. Make your changes on this page and save them here.';

/**
 * Whether a form post comes from the studio's own pages (issue 53: the provider's account page
 * took a form auto-submitted from another port of the same host, since its Lax `_session` cookie
 * goes with a same-site post). A browser says where a post comes from: `Sec-Fetch-Site` must be
 * `same-origin` (or `none`, typed by the person), and `Origin` the studio's own (PUBLIC_URL's, or
 * the host the request came to). A request naming neither is no browser's, so no CSRF.
 */
export function isSameOriginForm(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return false;
  }
  const origin = request.headers.origin;
  if (origin === undefined) {
    return true;
  }
  const ownOrigins = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  return ownOrigins.has(origin);
}
