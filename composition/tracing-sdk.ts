import os from 'node:os';
import { context, propagation, trace, type Attributes } from '@opentelemetry/api';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations, type InstrumentationBase } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ConsoleSpanExporter, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { Tracing } from './tracing';

/**
 * The OpenTelemetry SDK of one instance, loaded by ./tracing.ts only when traces are on (read it
 * for why it must start before the shop's modules load). W3C trace context in and out (the
 * provider's default propagator), spans batched to the exporter the environment names: OTLP over
 * HTTP (protobuf; `OTEL_EXPORTER_OTLP_ENDPOINT`, `…_HEADERS`, `OTEL_BSP_*` are the exporter's and the
 * batch processor's own settings) or the console. The instrumentations:
 * - Fastify (@fastify/otel, the instrumentation the OpenTelemetry project hands Fastify to now):
 *   the SERVER span of every request, with its route and status, continuing the caller's
 *   `traceparent` — the page server's render threads send theirs (shell/server/render-worker) —
 *   less the balancer's health checks and Prometheus' scrapes; no span per lifecycle hook or
 *   handler (a dozen per request, and no on-call question they answer);
 * - HTTP (node:http): outgoing calls, inside a trace only (see below for why not incoming ones);
 * - fetch() (undici): the page server's own calls (manifests, stylesheets, the gate's home page);
 * - pg: each query and each wait for a pool connection, inside a trace only (the change feed's
 *   and the workers' background queries start none).
 */
const SERVICE_NAME = 'kaloryfer';

/** Paths never traced: the balancer's health checks (twice a second per instance) and Prometheus' scrapes. */
const UNTRACED = /^\/(?:api\/health|metrics)(?:[/?]|$)/;

/**
 * What a trace must not carry about a shopper (docs/operations.md, "Traces"): their address (the
 * client's, the connection's peer), their browser's user agent, and the query of any URL (search
 * words, a reset link's token, an e-mail address in a form sent by GET). Paths stay: they name
 * products, categories and routes, never a person.
 */
const DROPPED = [
  'client.address',
  'network.peer.address',
  'network.peer.port',
  'user_agent.original',
  'url.query',
  'http.client_ip',
  'net.peer.ip',
  'net.sock.peer.addr',
  'http.user_agent',
];
const WITHOUT_QUERY = ['url.full', 'url.path', 'http.url', 'http.target'];

/** Drops and trims those attributes as each span ends, before any exporter sees it (the instrumentations' spans: the shop's own carry none). */
class ShopperDataScrubber implements SpanProcessor {
  onStart(): void {}
  onEnding(span: Span): void {
    if (span.instrumentationScope.name.startsWith('kaloryfer.')) return;
    const attributes: Attributes = span.attributes;
    for (const name of DROPPED) if (name in attributes) delete attributes[name];
    for (const name of WITHOUT_QUERY) {
      const value = attributes[name];
      if (typeof value === 'string' && value.includes('?')) attributes[name] = value.slice(0, value.indexOf('?'));
    }
  }
  onEnd(): void {}
  async forceFlush(): Promise<void> {}
  async shutdown(): Promise<void> {}
}

function exporterProcessors(env: NodeJS.ProcessEnv): SpanProcessor[] {
  const names = (env.OTEL_TRACES_EXPORTER || 'otlp').split(',').map((name) => name.trim().toLowerCase());
  return names.flatMap((name) => {
    if (name === 'otlp') return [new BatchSpanProcessor(new OTLPTraceExporter())];
    if (name === 'console') return [new BatchSpanProcessor(new ConsoleSpanExporter())];
    console.warn(`OTEL_TRACES_EXPORTER: ${name} is not an exporter this shop has (otlp, console, none); ignored`);
    return [];
  });
}

export function startSdk({ env, instance, spanProcessors }: { env: NodeJS.ProcessEnv; instance?: string; spanProcessors?: SpanProcessor[] }): Tracing {
  const resource = defaultResource()
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || SERVICE_NAME,
        'service.instance.id': instance ?? `${os.hostname()}:${process.pid}`,
      }),
    )
    // OTEL_RESOURCE_ATTRIBUTES (deployment.environment, a region…) over the shop's own.
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new ShopperDataScrubber(), ...(spanProcessors ?? exporterProcessors(env))],
  });
  // The AsyncLocalStorage context manager and the W3C traceparent/baggage propagator, as the globals.
  provider.register();
  const instrumentations: InstrumentationBase[] = [
    // A request's server span is Fastify's: every request the shop answers goes through Fastify,
    // whose span carries the route. The HTTP instrumentation's own server span would be a second
    // one per request with nothing an on-call person needs that Fastify's lacks, at a cost of its
    // own on every page (bench:web, "OpenTelemetry's cost") — so it traces outgoing node:http
    // calls only, inside a trace.
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      instrumentHooks: false,
      instrumentHandler: false,
      ignorePaths: (route: { url: string }) => UNTRACED.test(route.url),
    }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    new PgInstrumentation({ requireParentSpan: true }),
  ];
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations });
  return {
    enabled: true,
    instrumentations,
    shutdown: async () => {
      unregister();
      await provider.shutdown();
      // The globals back to the API's no-ops: a span started after this records nothing.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
