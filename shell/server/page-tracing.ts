import { context, propagation, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/**
 * The page server's own spans (docs/operations.md, "Traces"): a page's composition and each of
 * its regions' renders, and the release gate's trial renders. They go through
 * @opentelemetry/api alone: until the instance starts tracing (composition/tracing.ts) its
 * tracer is the API's no-op and nothing is recorded, kept or written into a page.
 */
export const pageTracer = trace.getTracer('kaloryfer.page-server');

/**
 * The current trace context as a W3C `traceparent`, or null when there is none (tracing off):
 * the page carries its request's (`<meta name="traceparent">`) for its beacon.
 */
export function currentTraceparent(): string | null {
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** `work` in a span of its own, made the active one (what it calls nests under it); a throw marks it failed. */
export function inSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return pageTracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
