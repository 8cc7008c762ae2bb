import type { InstrumentationBase } from '@opentelemetry/instrumentation';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * An instance's traces (OpenTelemetry, issue #54; docs/operations.md, "Traces"): on when an OTLP
 * endpoint is set (`OTEL_EXPORTER_OTLP_ENDPOINT`, or `…_TRACES_ENDPOINT`) or an exporter is named
 * (`OTEL_TRACES_EXPORTER=otlp|console`); off otherwise, and off whatever else is set with
 * `OTEL_TRACES_EXPORTER=none` or `OTEL_SDK_DISABLED=true`.
 *
 * Off costs nothing: this module imports no part of the SDK (the type above is gone at run time),
 * the SDK and its instrumentations are loaded by `import()` only when on (./tracing-sdk.ts), and
 * the shop's own spans (the page server's composition and region renders, the registry's release
 * gate) go through @opentelemetry/api alone, whose tracer is a no-op until a provider is
 * registered — so no span, no context kept, no `traceparent` anywhere, the page's bytes unchanged.
 *
 * **Start it first.** The HTTP and `pg` instrumentations patch those modules when they are
 * required (require-in-the-middle hooks `require`; the shop's TypeScript runs as CommonJS under
 * tsx), so they must be registered before anything requires `http`, `fastify` or `pg`. An entry
 * point (scripts/cluster-instance.ts, scripts/start.ts, the benches) therefore imports nothing of
 * the shop statically but the settings and this module, awaits `startTracing()`, and only then
 * `import()`s the composition root and the API. Chosen over a `--import` preload module because
 * the cluster's supervisor starts every instance as `node --import tsx scripts/cluster-instance.ts`
 * and `npm start` runs under the tsx command: a preload would have to be added to each of those
 * command lines (and, through NODE_OPTIONS, would reach every child process — builds, Lighthouse,
 * the render threads), while the entry point is the one place each instance already passes
 * through first. Fastify needs no patching: @fastify/otel subscribes to Fastify's
 * `fastify.initialization` diagnostics channel; fetch() (undici) is traced through its own channels.
 */
export interface Tracing {
  /** Whether spans are recorded and exported (false: the SDK was never loaded). */
  readonly enabled: boolean;
  /** The instrumentations registered (none when off). */
  readonly instrumentations: readonly InstrumentationBase[];
  /** Exports what is still buffered, removes the instrumentations' patches and the provider. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  env?: NodeJS.ProcessEnv;
  /** `service.instance.id` (the cluster names its instances api1, api2…; default host:pid). */
  instance?: string;
  /** Where spans go instead of the exporter the environment names — tests collect them in memory; given, tracing is on. */
  spanProcessors?: SpanProcessor[];
}

const OFF: Tracing = { enabled: false, instrumentations: [], shutdown: async () => {} };

/** Whether the environment turns traces on (see above). */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (exporters.includes('none')) return false;
  if (exporters.length > 0) return true;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** Where the spans go, for a start-up line: `OTLP http://collector:4318`, `the console`. */
export function tracingTarget(env: NodeJS.ProcessEnv = process.env): string {
  const exporters = (env.OTEL_TRACES_EXPORTER || 'otlp').split(',').map((name) => name.trim().toLowerCase());
  const otlp = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || 'http://localhost:4318';
  return exporters.map((name) => (name === 'otlp' ? `OTLP ${otlp}` : name === 'console' ? 'the console' : name)).join(' and ');
}

/** Starts tracing when the environment asks for it (or `spanProcessors` are given); else loads nothing. */
export async function startTracing(options: TracingOptions = {}): Promise<Tracing> {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !tracingWanted(env)) return OFF;
  const { startSdk } = await import('./tracing-sdk');
  return startSdk({ env, instance: options.instance, spanProcessors: options.spanProcessors });
}
