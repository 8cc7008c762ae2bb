import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { tracingTarget, tracingWanted } from './tracing';

test.each([
  ['nothing set', {}, false],
  ['an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
  ['an OTLP endpoint for traces alone', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
  ['an empty endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }, false],
  ['the console exporter', { OTEL_TRACES_EXPORTER: 'console' }, true],
  ['OTLP named, its default endpoint', { OTEL_TRACES_EXPORTER: 'otlp' }, true],
  ['an endpoint, but no exporter', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }, false],
  ['an endpoint, the SDK disabled', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }, false],
])('traces with %s: %s', (_case, env, wanted) => {
  expect(tracingWanted(env)).toBe(wanted);
});

test.each([
  [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'OTLP http://collector:4318'],
  [{ OTEL_TRACES_EXPORTER: 'otlp' }, 'OTLP http://localhost:4318'],
  [
    { OTEL_TRACES_EXPORTER: 'console,otlp', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/v1/traces' },
    'the console and OTLP http://tempo:4318/v1/traces',
  ],
])('where the spans go: %j → %s', (env, target) => {
  expect(tracingTarget(env)).toBe(target);
});

interface Probe {
  enabled: boolean;
  loaded: string[];
  httpClientPatched: boolean;
  pgQueryPatched: boolean;
  recording: boolean;
  injected: Record<string, string>;
}

/**
 * An entry point's start in a Node process of its own (testing/entry-point-probe.ts: tracing,
 * then the shop's modules), with `env` and no other OpenTelemetry setting.
 */
async function probe(env: Record<string, string>): Promise<Probe> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(__dirname, 'testing/entry-point-probe.ts')], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...clean, ...env },
  });
  return JSON.parse(stdout.split('\n')[0]) as Probe;
}

test("off: no part of the SDK is loaded, nothing patched; the shop's spans are the API's no-ops and carry no traceparent", async () => {
  expect(await probe({})).toEqual({
    enabled: false,
    loaded: ['@opentelemetry/api'],
    httpClientPatched: false,
    pgQueryPatched: false,
    recording: false,
    injected: {},
  });
}, 30_000);

test('on: started before the shop loads, http and pg are patched as the shop requires them; spans go over OTLP to the endpoint', async () => {
  const received: { path: string; type: string; body: Buffer }[] = [];
  const sink = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', type: request.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  try {
    const started = await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}` });
    expect(started).toMatchObject({ enabled: true, httpClientPatched: true, pgQueryPatched: true, recording: true });
    expect(started.loaded).toEqual(
      expect.arrayContaining(['@opentelemetry/sdk-trace-node', '@opentelemetry/instrumentation-http', '@opentelemetry/instrumentation-pg', '@fastify/otel']),
    );
    expect(started.injected.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    // The probe's span, flushed at its shutdown: OTLP/HTTP protobuf, with the shop's service name and the instance's id.
    expect(received.map(({ path: where, type }) => [where, type])).toEqual([['/v1/traces', 'application/x-protobuf']]);
    expect(received[0].body.toString('latin1')).toEqual(expect.stringContaining('kaloryfer'));
    expect(received[0].body.toString('latin1')).toEqual(
      expect.stringContaining(Buffer.from(started.injected.traceparent.split('-')[1], 'hex').toString('latin1')),
    );
  } finally {
    sink.close();
  }
}, 30_000);
