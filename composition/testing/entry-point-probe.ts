import { context, propagation, trace } from '@opentelemetry/api';
import { startTracing } from '../tracing';

/**
 * An entry point's start as scripts/cluster-instance.ts makes it — tracing first, then the shop's
 * modules — in a process of its own (composition/tracing.test.ts runs it): it says on stdout, as
 * JSON, which OpenTelemetry packages were loaded, whether the modules the instrumentations patch
 * were patched when the shop required them, and what the API's tracer gives the shop's own spans.
 */
async function main() {
  const tracing = await startTracing({ instance: 'probe' });
  // What an instance loads: the composition root (the API, the page server) and the database.
  await import('../compose-shop');
  await import('../../api/public/database');
  const wrapped = (value: unknown) => typeof value === 'function' && '__wrapped' in value;
  const http = await import('node:http');
  const pg = (await import('pg')).default;
  const span = trace.getTracer('probe').startSpan('probe');
  const recording = span.isRecording();
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  span.end();
  const loaded = Object.keys(require.cache)
    .map((file) => /node_modules\/(@opentelemetry\/[^/]+|@fastify\/otel)\//.exec(file)?.[1])
    .filter((name): name is string => name !== undefined);
  console.log(
    JSON.stringify({
      enabled: tracing.enabled,
      loaded: [...new Set(loaded)].sort(),
      httpClientPatched: wrapped(http.request),
      pgQueryPatched: wrapped(pg.Client.prototype.query),
      recording,
      injected: carrier,
    }),
  );
  await tracing.shutdown();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
