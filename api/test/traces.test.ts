import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@kaloryfer/api-contract';
import { isViewable } from '@kaloryfer/domain';
import { startTracing, type Tracing } from '../../composition/tracing';
import type { TestServer } from '../harness/test-server';

/**
 * One page's trace (issue #54, docs/operations.md "Traces"): the instance's tracing started as an
 * entry point starts it (composition/tracing.ts), before the shop's modules load, its spans
 * collected in memory; then one product page through the real page server and API. Its tree: the
 * page request's server span (Fastify's) is the root; the page's composition under it, each
 * region's render under that; the region's call to the API — made in the render thread, which has
 * no tracer — continues the trace as the API's server span under the region's span, and (on
 * PostgreSQL) the wait for a connection and the query under that; the page's `<meta name="traceparent">` names
 * the same trace, and its beacon's span links back to it. The registry's release gate left its
 * own trace when the builds were published.
 */
const PUBLIC_ORIGIN = 'https://sklep.kaloryfer.test';
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let server: TestServer;
let shellDist: string;
let product: Product;
const builds: Record<string, string> = {};
const closers: (() => Promise<void>)[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * jest runs a test's modules in a registry of its own and hands them a stand-in for `module`, so
 * the pg instrumentation's require hook (require-in-the-middle patches `Module.prototype.require`)
 * never sees pg required here — in a Node process it does (composition/tracing.test.ts proves
 * it). The test hands it jest's copies of pg and pg-pool, as its hook would.
 */
function instrumentJestsPg(running: Tracing) {
  for (const instrumentation of running.instrumentations)
    for (const definition of instrumentation.getModuleDefinitions()) {
      if (definition.name !== 'pg' && definition.name !== 'pg-pool') continue;
      const exports = require(definition.name);
      let folder = path.dirname(require.resolve(definition.name));
      while (!fs.existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
      definition.moduleExports = exports; // so that shutting the tracing down unpatches it
      definition.patch?.(exports, (JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version);
    }
}

beforeAll(async () => {
  tracing = await startTracing({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  instrumentJestsPg(tracing);
  // The shop's modules only now, as an entry point loads them after starting the tracing.
  const { startTestServer, TEST_SEED } = await import('../harness/test-server');
  const { installPageServer, pageServerRenderCheck } = await import('../../shell/server/page-server');
  const { publishFixture } = await import('./registry-helpers');
  shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-shell-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<html><head></head><body><script defer src="/main.1234abcd.js"></script></body></html>');
  fs.writeFileSync(path.join(shellDist, 'main.1234abcd.js'), 'console.log(1)');
  const port = await freePort();
  const apiOrigin = `http://127.0.0.1:${port}`;
  const withPages = async (app: FastifyInstance) => {
    const pages = await installPageServer(app, {
      shellDist,
      registry: app.mfeRegistry.live,
      apiOrigin,
      publicOrigin: PUBLIC_ORIGIN,
      serverRender: true,
      renderCacheMs: 5000,
      signals: app.signals,
    });
    closers.push(() => pages.close());
  };
  server = await startTestServer({
    port,
    seed: { ...TEST_SEED, products: 40 },
    shell: { dist: path.resolve(__dirname, '../../shell/dist'), serverRender: pageServerRenderCheck({ apiOrigin, publicOrigin: PUBLIC_ORIGIN }) },
    extend: withPages,
  });
  const operator = (await server.app.mfeRegistry.tokens.create('operator')).token;
  builds.content = await publishFixture(server.baseUrl, operator, { remote: 'content', version: '1.0.0' });
  // A product page reads its product's stock from the database, as the catalogue's does.
  builds.catalog = await publishFixture(server.baseUrl, operator, { remote: 'catalog', version: '1.0.0', fetches: '/api/stock/check?sku={parentSku}' });
  product = server.app.catalog.products.find((candidate: Product) => isViewable(candidate) && candidate.type_id === 'simple')!;
}, 90_000);

afterAll(async () => {
  for (const close of closers) await close();
  await server?.close();
  await tracing?.shutdown();
  if (shellDist) fs.rmSync(shellDist, { recursive: true, force: true });
});

const pagePath = () => `/p/${encodeURIComponent(product.sku)}/${product.slug}`;
const ids = (span: ReadableSpan) => ({ trace: span.spanContext().traceId, span: span.spanContext().spanId, parent: span.parentSpanContext?.spanId });
const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) => spans.filter((span) => ids(span).parent === ids(parent).span);
const descendantsOf = (spans: ReadableSpan[], parent: ReadableSpan): ReadableSpan[] =>
  childrenOf(spans, parent).flatMap((child) => [child, ...descendantsOf(spans, child)]);
/** The spans of the HTTP server's request for `pathname` (ended: the answer was sent). */
const serverSpansOf = (pathname: string) =>
  exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER && span.attributes['url.path'] === pathname);
async function eventually<T>(attempt: () => T | undefined, withinMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = attempt();
    if (value !== undefined) return value;
    if (Date.now() - started > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("a product page's trace: the request, its composition, its regions, the region's call to the API and what the API did", async () => {
  exporter.reset();
  const response = await fetch(`${server.baseUrl}${pagePath()}?utm_source=newsletter`, { headers: { 'user-agent': 'a shopper' } });
  const html = await response.text();
  expect(response.status).toBe(200);
  expect(html).toContain(`catalog 1.0.0 ./app ${pagePath()} read 200`); // the region was drawn on the server, with what it read

  const root = await eventually(() => serverSpansOf(pagePath())[0]);
  // The API's answer to the region's call ends before the page's; the page's ends last.
  const spans = exporter.getFinishedSpans().filter((span) => ids(span).trace === ids(root).trace);
  expect(root.parentSpanContext).toBeUndefined(); // the root of its trace
  expect(root).toMatchObject({ name: 'request', instrumentationScope: expect.objectContaining({ name: '@fastify/otel' }) });
  expect(root.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200, 'http.route': '/*' });

  // The page's composition under the page request's span.
  const compose = spans.find((span) => span.name === 'compose product')!;
  expect(compose).toBeDefined();
  expect(ids(compose).parent).toBe(ids(root).span);
  expect(compose.attributes).toMatchObject({
    'kf.route': 'product',
    'kf.page.status': 200,
    'kf.page.regions': 2,
    'kf.page.fallbacks': 0,
    'kf.page.language': 'pl-PL',
  });

  // Each region's render a child of the composition: which build, the cache, drawn on the server.
  const regions = childrenOf(spans, compose).filter((span) => span.name.startsWith('render '));
  expect(regions.map((span) => span.name).sort()).toEqual(['render catalog ./app', 'render content ./Footer']);
  const main = regions.find((span) => span.name === 'render catalog ./app')!;
  expect(main.attributes).toMatchObject({
    'kf.remote': 'catalog',
    'kf.module': './app',
    'kf.route': 'product',
    'kf.build.version': '1.0.0',
    'kf.build.id': builds.catalog,
    'kf.render.cache': 'miss',
    'kf.render.outcome': 'rendered',
    'kf.render.fallback': false,
    'kf.render.budget_ms': 250,
  });

  // The region's call to the API, made in its render thread: the API's server span continues the
  // trace as a child of the region's span (its route named), then the database's spans.
  const calls = childrenOf(spans, main);
  expect(calls).toHaveLength(1);
  const [call] = calls;
  expect(call).toMatchObject({ kind: SpanKind.SERVER, instrumentationScope: expect.objectContaining({ name: '@fastify/otel' }) });
  expect(call.attributes).toMatchObject({ 'url.path': '/api/stock/check', 'http.route': '/api/stock/check', 'http.response.status_code': 200 });
  if (server.db.dialect === 'postgres') {
    const queries = childrenOf(spans, call).filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(queries.map((span) => span.name.split(':')[0]).sort()).toEqual(['pg-pool.connect', 'pg.query']);
    expect(queries.find((span) => span.name.startsWith('pg.query'))!.attributes['db.query.text']).toMatch(/from "stock_item" where "sku" = \$1/);
  }

  // Nothing about the shopper: no address, no user agent, no query (the page's campaign tag).
  for (const span of spans) {
    expect(Object.keys(span.attributes)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(client\.address|network\.peer\.address|user_agent\.original|url\.query)$/)]),
    );
    for (const value of Object.values(span.attributes)) expect(String(value)).not.toMatch(/utm_source|a shopper/);
  }

  // The page names its request's span for its beacon.
  const traceparent = /<meta name="traceparent" content="([^"]+)">/.exec(html)?.[1];
  expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  const [, traceId, spanId] = traceparent!.split('-');
  expect([traceId, spanId]).toEqual([ids(root).trace, ids(root).span]);

  // The page's beacon, sent minutes later in a browser: its span links to the page's trace.
  exporter.reset();
  const beacon = await fetch(`${server.baseUrl}/api/signals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ builds: [{ remote: 'catalog', build: builds.catalog, pageView: true, route: true }], traceparent }),
  });
  expect(beacon.status).toBe(204);
  const linked = await eventually(() => exporter.getFinishedSpans().find((span) => span.name === 'page beacon'));
  expect(linked.links.map((link) => [link.context.traceId, link.context.spanId])).toEqual([[traceId, spanId]]);
  expect(ids(linked).trace).not.toBe(traceId); // its own trace: a link, not a child
});

test('the same page again: its main region from the render cache, with no call to the API', async () => {
  exporter.reset();
  expect((await fetch(`${server.baseUrl}${pagePath()}?utm_source=newsletter`)).status).toBe(200);
  const root = await eventually(() => serverSpansOf(pagePath())[0]);
  const spans = exporter.getFinishedSpans().filter((span) => ids(span).trace === ids(root).trace);
  const main = spans.find((span) => span.name === 'render catalog ./app')!;
  expect(main.attributes).toMatchObject({ 'kf.render.cache': 'hit', 'kf.render.outcome': 'rendered' });
  expect(childrenOf(spans, main)).toEqual([]);
  expect(serverSpansOf('/api/stock/check')).toEqual([]);
});

test("a release's trace: the gate and each of its checks, the trial renders and their calls to the API", async () => {
  exporter.reset();
  const { publishFixture } = await import('./registry-helpers');
  const operator = (await server.app.mfeRegistry.tokens.create('operator')).token;
  // A build whose every render reads the API (the home page's too).
  const reads = `/api/stock/check?sku=${encodeURIComponent(product.sku)}`;
  await publishFixture(server.baseUrl, operator, { remote: 'catalog', version: '1.0.1', fetches: reads });
  const spans = exporter.getFinishedSpans();
  const gate = spans.find((span) => span.name === 'release gate catalog')!;
  expect(gate.attributes).toMatchObject({ 'kf.remote': 'catalog', 'kf.build.version': '1.0.1', 'kf.gate.ok': true });
  expect(gate.status.code).not.toBe(SpanStatusCode.ERROR);
  const publishing = spans.filter((span) => ids(span).trace === ids(gate).trace);
  const root = publishing.find((span) => span.parentSpanContext === undefined)!;
  expect(root.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/registry/v1/remotes/:remote/builds' });
  expect(descendantsOf(publishing, root)).toContain(gate);
  const checks = childrenOf(spans, gate);
  expect(checks.map((span) => span.name)).toEqual(['contracts', 'shared', 'files', 'browser-entry', 'server-render'].map((name) => `gate check ${name}`));
  const serverRender = checks.find((span) => span.name === 'gate check server-render')!;
  const home = childrenOf(spans, serverRender).find((span) => span.name === 'gate render catalog ./app' && span.attributes['kf.path'] === '/')!;
  expect(home).toBeDefined();
  // Its renders' calls: one to warm up, three timed (the gate's `tries`), each the API's span under the trial's.
  const calls = childrenOf(spans, home).filter((span) => span.kind === SpanKind.SERVER);
  expect(calls.map((span) => span.attributes['url.path'])).toEqual(Array(4).fill('/api/stock/check'));
  // Live: the page server's next snapshot renders it once warmed (then the test may end).
  for (let tries = 0; !(await (await fetch(`${server.baseUrl}/`)).text()).includes('catalog 1.0.1'); tries += 1) {
    if (tries > 100) throw new Error('catalog 1.0.1 never went live');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
