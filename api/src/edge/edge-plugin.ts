import swagger from '@fastify/swagger';
import type { Config } from '../config';
import type { ShopMetrics } from '../metrics';
import { installBodyLimits } from '../http/body-limits';
import { installCacheControl } from '../http/cache-control';
import { installErrorHandling } from '../http/error-handler';
import { readEmptyJsonAsObject } from '../http/json-body';
import { installResponseCheck } from '../http/response-check';
import { installSecurityHeaders } from '../http/security-headers';
import { unencapsulated } from '../http/unencapsulated';

interface EdgeOptions {
  config: Pick<Config, 'publicOrigin' | 'checkResponses'>;
  /** Counts every answer (served at /metrics). */
  metrics: ShopMetrics;
}

/**
 * What every route of the server shares, so it is registered before any route: the app's own
 * hooks, parser and error handler (unencapsulated), in this order, and the OpenAPI document.
 */
export const edgePlugin = unencapsulated<EdgeOptions>(async function edgePlugin(app, { config, metrics }) {
  installErrorHandling(app); // ApiError → its status in the envelope; bad input never a 500 (http/error-handler.ts)
  await installSecurityHeaders(app, { publicOrigin: config.publicOrigin }); // nosniff, no framing, referrer, permissions, HSTS on TLS; pages set their CSP
  readEmptyJsonAsObject(app); // VSF's bodiless JSON POSTs read as {} on every route (child plugins inherit the parser)
  installBodyLimits(app); // each route's body limit from http/body-limits.ts (32 KiB unless listed)
  if (config.checkResponses) installResponseCheck(app); // tests and e2e: an answer off its schema (shared/api-contract) is a 500 naming the field
  metrics.countRequests(app); // every answer by method, route pattern and status, from the first route on (docs/releasing.md, "Signals")
  installCacheControl(app); // catalogue reads 5 min + 24 h stale, personalised and errors no-store; cart, order, user… no-store (http/cache-control.ts)
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kaloryfer API', version: '1.0.0', description: 'vue-storefront-api compatible shop API' },
      servers: [{ url: '/' }],
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
