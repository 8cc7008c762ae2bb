import { unencapsulated } from '../http/unencapsulated';
import type { RegistryTokens } from '../registry';
import type { ShopMetrics } from './metrics';
import { metricsRoutes } from './metrics-routes';

/** `GET /metrics` (docs/releasing.md, "/metrics"): the shop's counters in Prometheus' format, for an operator's registry token or METRICS_ALLOW's addresses. */
export const metricsPlugin = unencapsulated<{ metrics: ShopMetrics; tokens: RegistryTokens; allow: string[] }>(async function metricsPlugin(app, options) {
  metricsRoutes(app, options);
});
