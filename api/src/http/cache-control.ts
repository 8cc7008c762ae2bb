import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How long an answer may be kept (spec §9: "expire headers 30d default, 24h JSON, 7d png"),
 * decided in one place by a route's `config: { cache }`:
 *
 * - `'catalog'` — public catalogue JSON (search, product reads, URL lookup, CMS, advice,
 *   reviews): fresh for 5 minutes, so a price or stock change reaches a shopper quickly; a copy
 *   may then be served for up to 24 h while it is refreshed or while the API fails, never
 *   longer (the spec's 24 h for JSON). A personalised read (a token, a group token, an
 *   Authorization header) is `private, no-store`; any other status than 200 is `no-store`.
 * - `'private'` — a shopper's own data (cart, order, user, payment, stock, wishlist,
 *   newsletter): `no-store`, unless the handler already set its own. Given to every route
 *   under those paths by `installCacheControl` (PRIVATE_PATHS), so a new route there is covered.
 *
 * Routes without a policy send no Cache-Control from here (images set theirs, pages theirs).
 * docs/offline.md "Cache-Control sent by the servers" lists the headers.
 */
export type CachePolicy = 'catalog' | 'private';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What Cache-Control this route's answers carry (http/cache-control.ts). */
    cache?: CachePolicy;
  }
}

/**
 * 5 minutes fresh; after that a cache asks again before answering — no stale-while-revalidate,
 * which would let a browser show a price up to 24 h old once (issue #37: never older than the
 * documented 5 minutes) — and may answer with its copy for up to 24 h only while the API errs.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=300, stale-if-error=86400';
/** A read that carried a token: this shopper's answer, kept by no cache. */
export const PERSONALISED_CACHE_CONTROL = 'private, no-store';
export const NO_STORE = 'no-store';

/** Paths whose routes are a shopper's own data: never cached (the service worker's `network-only` too). */
export const PRIVATE_PATHS = /^\/api\/(cart|order|user|payment|stock|wishlist|ext\/newsletter|ext\/mailchimp-subscribe)(\/|$)/;

const TOKEN = /token/i;

/**
 * Whether a read is this caller's own: an Authorization header (whatever it holds), a query
 * parameter named like a token (`token`, `groupToken`…) or any query value mentioning one
 * (`request=` with a `groupToken` inside) — the same test as the service worker's.
 */
export function isPersonalised(request: Pick<FastifyRequest, 'headers' | 'url'>): boolean {
  if (request.headers.authorization !== undefined) return true;
  const at = request.url.indexOf('?');
  if (at < 0) return false;
  for (const [name, value] of new URLSearchParams(request.url.slice(at + 1))) {
    if (TOKEN.test(name) || TOKEN.test(value)) return true;
  }
  return false;
}

/** The Cache-Control of a catalogue read's answer. */
export function catalogCacheControl(request: Pick<FastifyRequest, 'headers' | 'url'>, statusCode: number): string {
  if (isPersonalised(request)) return PERSONALISED_CACHE_CONTROL;
  return statusCode === 200 ? CATALOG_CACHE_CONTROL : NO_STORE;
}

/**
 * Gives the routes under PRIVATE_PATHS the `'private'` policy and sets each answer's
 * Cache-Control from its route's policy. Call it before registering routes (an onRoute hook
 * sees only later routes).
 */
export function installCacheControl(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.cache === undefined && PRIVATE_PATHS.test(route.url)) route.config = { ...route.config, cache: 'private' };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = request.routeOptions.config?.cache;
    if (policy === 'catalog') reply.header('cache-control', catalogCacheControl(request, reply.statusCode));
    else if (policy === 'private' && !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    return payload;
  });
}
