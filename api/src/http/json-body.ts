import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies for every route of `app` (and the plugins registered after this call): an empty
 * body with `Content-Type: application/json` reads as `{}` — VSF 1.12 sends that header with no
 * body on cart/create, apply-coupon, delete-coupon and others (docs/vsf-contract.md). Anything else
 * goes through Fastify's own parser: malformed JSON → 400, `__proto__` and `constructor` keys → 400.
 * Installed once, at the edge (edge/edge-plugin.ts), before any route: every plugin inherits the
 * parser; one that reads JSON otherwise replaces it in its own context (payments/payment-routes.ts).
 */
export function readEmptyJsonAsObject(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, {});
      return;
    }
    json(request, body as string, done);
  });
}
