import type { FastifyInstance } from 'fastify';

const KiB = 1024;

/**
 * How large a request body each route takes (Fastify `bodyLimit`; larger → 413). Small by
 * default: the shop's JSON bodies are a cart line, an address, a login, a review — a few KiB.
 * Only the order (a whole cart with addresses, as VSF posts it) and Elasticsearch query bodies
 * are allowed more. Form posts keep the 8 KiB their parsers were written for. The same table is
 * in docs/security.md ("Input limits").
 */
export const DEFAULT_BODY_LIMIT = 32 * KiB;

export const BODY_LIMITS: ReadonlyArray<{ method: string; url: string | RegExp; limit: number; why: string }> = [
  { method: 'POST', url: '/api/order', limit: 256 * KiB, why: 'the order as VSF posts it: every cart line with its options, both addresses' },
  { method: 'POST', url: /^\/api\/catalog\/[^/]+\/[^/]+\/_search$/, limit: 64 * KiB, why: "Elasticsearch query bodies from VSF's query builder" },
  { method: 'POST', url: '/api/payment/notify', limit: 64 * KiB, why: "the payment gateway's signed notification" },
  { method: 'POST', url: '/api/catalog/import', limit: 16 * 1024 * KiB, why: "a supplier's price and stock file (100,000 rows), behind an operator's token" },
  { method: 'POST', url: '/api/review/create', limit: 16 * KiB, why: 'one review: the detail is at most 2,000 characters' },
  { method: 'POST', url: '/api/ext/newsletter/form', limit: 8 * KiB, why: 'an HTML form post (e-mail and consent)' },
  { method: 'POST', url: '/sandbox-gateway/pay', limit: 8 * KiB, why: "the sandbox gateway's payment form" },
  {
    method: 'POST',
    url: '/registry/v1/remotes/:remote/builds',
    limit: 64 * 1024 * KiB,
    why: "a remote's build (tar.gz) from its team's CI, behind a registry token",
  },
];

/** The body limit of a route (the table's, else the default). */
export function bodyLimitFor(method: string, url: string): number {
  const found = BODY_LIMITS.find((entry) => entry.method === method && (typeof entry.url === 'string' ? entry.url === url : entry.url.test(url)));
  return found?.limit ?? DEFAULT_BODY_LIMIT;
}

/**
 * Every route registered after this call gets its body limit from the table, unless its own
 * options set one. Call it before registering routes (an onRoute hook sees only later routes).
 */
export function installBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    route.bodyLimit = Math.max(...methods.map((method) => bodyLimitFor(method, route.url)));
  });
}
