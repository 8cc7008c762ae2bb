import type { FastifyRequest } from 'fastify';

/** What a cross-site form post is told (403). */
export const CROSS_SITE_FORM = 'A form sent from another site is not accepted';

/**
 * Whether a browser sent this form post from another site (CSRF, docs/security.md): a page
 * elsewhere can make a shopper's browser post a form to the shop, with the shop's cookies.
 * Browsers say where a request comes from — `Sec-Fetch-Site` (same-origin, or none when the
 * shopper acted themselves), else `Origin` — and a post from an origin that is not one of this
 * shop's is refused. A request naming neither is no browser's form (curl, a server) and carries
 * no shopper's cookies by accident: it is let through.
 */
export function isCrossSiteForm(request: Pick<FastifyRequest, 'headers' | 'protocol'>, shopOrigins: readonly string[]): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return site !== undefined; // same-site or cross-site without an Origin: refused
  const own = [...shopOrigins, `${request.protocol}://${request.headers.host ?? ''}`];
  return !own.includes(origin);
}
