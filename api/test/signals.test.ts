import type { BuildSignals } from '@kaloryfer/api-contract';
import { randomBytes } from 'node:crypto';
import { VIEWS_PER_VISITOR } from '../src/config';
import { BEACONS_PER_PAGE } from '../src/signals/beacon-ledger';
import { PageViewTokens } from '../src/signals/page-view-token';
import { shellWithoutPageServer, publishFixture } from './registry-helpers';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * Signals per remote build over HTTP (issues #34 and #48, docs/releasing.md "Signals"): the
 * browsers' beacon (validated, bounded, nothing about the shopper kept) counted only with the
 * page-view token of a page the page server served — once per page, a few times per visitor —
 * the page server's renders, the per-minute sums the registry answers, and /metrics for operators.
 */
let server: TestServer;
/** The beacons one address may send a minute here (SIGNALS_BEACONS_PER_MINUTE; 600 by default). */
const PER_MINUTE = 60;
const tokens: Record<string, string> = {};
const builds: Record<string, { build: string; version: string }> = {};

/** A page the page server served with these builds: its page-view token. */
const pageOf = (...builds: string[]) => server.app.signals.tokens.mint(builds);
/** A visitor: their address as the proxy in front tells it (the test server trusts 127.0.0.1). */
const from = (address: string) => ({ 'x-forwarded-for': address });

async function beacon(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/api/signals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { code: number; result: unknown }) : null };
}

async function signalsOf(remote: string, token = tokens.operator) {
  const response = await fetch(`${server.baseUrl}/registry/v1/remotes/${remote}/signals?minutes=10`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { builds: BuildSignals[] } }).result.builds;
}
const stored = () => server.db.kysely.selectFrom('mfe_signal').selectAll().execute();

beforeAll(async () => {
  server = await startTestServer({
    config: { metricsAllow: ['10.1.2.0/24'], trustProxy: ['127.0.0.1'], signalsBeaconsPerMinute: PER_MINUTE },
    shell: shellWithoutPageServer(),
  });
  for (const team of ['operator', 'cart']) tokens[team] = (await server.app.mfeRegistry.tokens.create(team)).token;
  for (const [remote, version] of [
    ['cart', '1.0.0'],
    ['cart', '1.1.0'],
    ['catalog', '1.0.0'],
  ]) {
    builds[`${remote} ${version}`] = {
      build: await publishFixture(server.baseUrl, tokens.operator, { remote: remote as never, version, server: 'none' }),
      version,
    };
  }
}, 60_000);
afterAll(() => server.close());

const cartOld = () => builds['cart 1.0.0'].build;
const cartNew = () => builds['cart 1.1.0'].build;

describe('the beacon', () => {
  test("a page view with its vitals and another build's errors: summed per build, read back per minute", async () => {
    const catalog = builds['catalog 1.0.0'].build;
    expect(
      (
        await beacon({
          token: pageOf(cartNew(), catalog),
          builds: [
            { remote: 'cart', build: cartNew(), pageView: true, route: true, errors: 2 },
            { remote: 'catalog', build: catalog, mountFailures: 1 },
          ],
          vitals: { lcp: 1800, inp: 120, cls: 0.02 },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await beacon(
          { token: pageOf(cartNew()), builds: [{ remote: 'cart', build: cartNew(), pageView: true, route: true }], vitals: { lcp: 3500 } },
          from('192.0.2.2'),
        )
      ).status,
    ).toBe(204);
    expect((await beacon({ token: pageOf(cartOld()), builds: [{ remote: 'cart', build: cartOld(), pageView: true, route: true, fallbacks: 1 }] })).status).toBe(
      204,
    );

    const cart = await signalsOf('cart');
    expect(cart.find((entry) => entry.build === cartNew())).toMatchObject({
      version: '1.1.0',
      pageViews: 2,
      errors: 2,
      failingViews: 1, // two errors, one page
      visitors: 2,
      failingVisitors: 1,
      errorRate: 0.5, // failing page views per page view
      fallbackRate: 0,
      lcpP75Ms: 4000, // 1800 and 3500: the 75th percentile's bucket is ≤ 4 s
      inpP75Ms: 150,
      clsP75: 0.025,
    });
    expect(cart.find((entry) => entry.build === cartOld())).toMatchObject({
      version: '1.0.0',
      pageViews: 1,
      browserFallbacks: 1,
      fallbackViews: 1,
      fallbackRate: 1,
      lcpP75Ms: null,
    });
    expect((await signalsOf('catalog'))[0]).toMatchObject({ pageViews: 0, mountFailures: 1, errorRate: null });
    // Kept in the database, per minute and instance — nothing of the shopper.
    const rows = await stored();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'browser_fallbacks',
        'budget_misses',
        'build',
        'cls',
        'errors',
        'failing_views',
        'failing_visitors',
        'fallback_views',
        'fallbacks',
        'inp_ms',
        'instance',
        'lcp_ms',
        'minute',
        'mount_failures',
        'page_views',
        'remote',
        'render_failures',
        'render_ms',
        'renders',
        'version',
        'visitors',
      ].sort(),
    );
  });

  test.each([
    ['an unknown build', () => ({ builds: [{ remote: 'cart', build: 'f'.repeat(64), pageView: true }] })],
    ["another remote's build", () => ({ builds: [{ remote: 'catalog', build: cartNew() }] })],
    [
      'two route regions',
      () => ({
        builds: [
          { remote: 'cart', build: cartNew(), pageView: true, route: true },
          { remote: 'cart', build: cartOld(), pageView: true, route: true },
        ],
      }),
    ],
    ['a route region without its page view', () => ({ builds: [{ remote: 'cart', build: cartNew(), route: true }] })],
    ['vitals without a route region', () => ({ builds: [{ remote: 'cart', build: cartNew(), pageView: true }], vitals: { lcp: 100 } })],
    [
      'the same build twice',
      () => ({
        builds: [
          { remote: 'cart', build: cartNew() },
          { remote: 'cart', build: cartNew() },
        ],
      }),
    ],
    ['no builds', () => ({ builds: [] })],
    ['a count out of bounds', () => ({ builds: [{ remote: 'cart', build: cartNew(), errors: 101 }] })],
    ['a negative vital', () => ({ builds: [{ remote: 'cart', build: cartNew(), pageView: true, route: true }], vitals: { cls: -1 } })],
    ['a field more', () => ({ builds: [{ remote: 'cart', build: cartNew(), userId: 7 }] })],
    ['a string where a boolean is asked', () => ({ token: pageOf(cartNew()), builds: [{ remote: 'cart', build: cartNew(), pageView: 'true', route: true }] })],
    ['a string where a count is asked', () => ({ token: pageOf(cartNew()), builds: [{ remote: 'cart', build: cartNew(), errors: '3' }] })],
    ['a token too long', () => ({ token: 'x'.repeat(600), builds: [{ remote: 'cart', build: cartNew() }] })],
    ['an unknown remote', () => ({ builds: [{ remote: 'basket', build: cartNew() }] })],
    ['a trace context that is no traceparent', () => ({ builds: [{ remote: 'cart', build: cartNew() }], traceparent: 'user@example.com' })],
    ['not JSON', () => '{"builds":'],
  ])('%s → 400, nothing counted', async (_name, body) => {
    const before = JSON.stringify(await signalsOf('cart'));
    const answer = await beacon(body());
    expect(answer.status).toBe(400);
    expect(answer.body?.code).toBe(400);
    expect(JSON.stringify(await signalsOf('cart'))).toBe(before);
  });

  test('over 1 KB → 413, nothing counted', async () => {
    const before = JSON.stringify(await signalsOf('cart'));
    const answer = await beacon({ builds: [{ remote: 'cart', build: cartNew(), pageView: true }], pad: 'x'.repeat(1100) });
    expect(answer.status).toBe(413);
    expect(JSON.stringify(await signalsOf('cart'))).toBe(before);
  });

  test(`more than ${PER_MINUTE} beacons a minute from one address → 429, not counted`, async () => {
    const catalog = builds['catalog 1.0.0'].build;
    const errorsBefore = (await signalsOf('catalog'))[0].errors;
    const statuses: number[] = [];
    // Twice the share and a few: even if a minute turns during the run, one of its two windows sees more.
    for (let i = 0; i < 2 * PER_MINUTE + 5; i += 1)
      statuses.push((await beacon({ token: pageOf(catalog), builds: [{ remote: 'catalog', build: catalog, errors: 1 }] }, from('198.51.100.7'))).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const accepted = statuses.filter((status) => status === 204).length;
    expect(accepted).toBeLessThanOrEqual(2 * PER_MINUTE);
    expect((await signalsOf('catalog'))[0].errors - errorsBefore).toBe(accepted);
  });
});

/**
 * What a visitor can and cannot influence (issue #48): a forged beacon, a replayed page and one
 * visitor's many pages move nothing — or little — of what a canary is judged on.
 */
describe('only pages the shop served count, once per page and a few times per visitor', () => {
  const catalog = () => builds['catalog 1.0.0'].build;
  const figures = async () => {
    const entry = (await signalsOf('catalog'))[0];
    return { pageViews: entry.pageViews, failingViews: entry.failingViews, visitors: entry.visitors, failingVisitors: entry.failingVisitors };
  };
  const failingView = (token: string | undefined) => ({
    ...(token === undefined ? {} : { token }),
    builds: [{ remote: 'catalog', build: catalog(), pageView: true, route: true, errors: 1 }],
    vitals: { lcp: 900 },
  });

  test.each([
    ['no token', () => undefined],
    ['a token signed with another key', () => new PageViewTokens(randomBytes(32)).mint([catalog()])],
    ["another build's token", () => pageOf(cartNew())],
    ['an expired token', () => server.app.signals.tokens.mint([catalog()], new Date(Date.now() - 31 * 60_000))],
    ['a token altered', () => pageOf(catalog()).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))],
  ])('%s: the beacon is taken (204) and nothing of it counts', async (_name, token) => {
    const before = await figures();
    for (let i = 0; i < 20; i += 1) expect((await beacon(failingView(token()), from(`203.0.113.${i + 1}`))).status).toBe(204);
    expect(await figures()).toEqual(before);
  });

  test(`a page replayed counts once, whatever it sends; at most ${BEACONS_PER_PAGE} of its beacons are read`, async () => {
    const before = await figures();
    const token = pageOf(catalog());
    for (let i = 0; i < 10; i += 1) expect((await beacon(failingView(token), from('203.0.113.50'))).status).toBe(204);
    expect(await figures()).toEqual({
      pageViews: before.pageViews + 1,
      failingViews: before.failingViews + 1,
      visitors: before.visitors + 1,
      failingVisitors: before.failingVisitors + 1,
    });
    const errors = (await signalsOf('catalog'))[0].errors;
    await beacon(failingView(token), from('203.0.113.51')); // from elsewhere: still that page
    expect((await signalsOf('catalog'))[0].errors).toBe(errors);
  });

  test(`one visitor counts for ${VIEWS_PER_VISITOR} page views of a build an hour; distinct visitors are counted`, async () => {
    const before = await figures();
    for (let i = 0; i < 30; i += 1) await beacon(failingView(pageOf(catalog())), from('203.0.113.60'));
    expect(await figures()).toEqual({
      pageViews: before.pageViews + VIEWS_PER_VISITOR,
      failingViews: before.failingViews + VIEWS_PER_VISITOR,
      visitors: before.visitors + 1,
      failingVisitors: before.failingVisitors + 1,
    });
    for (const visitor of [61, 62, 63]) await beacon(failingView(pageOf(catalog())), from(`203.0.113.${visitor}`));
    expect(await figures()).toEqual({
      pageViews: before.pageViews + VIEWS_PER_VISITOR + 3,
      failingViews: before.failingViews + VIEWS_PER_VISITOR + 3,
      visitors: before.visitors + 4,
      failingVisitors: before.failingVisitors + 4,
    });
  });
});

test("the page server's renders count per build: outcomes, failures, budget misses, fallbacks and render times", async () => {
  const ref = { remote: 'cart', build: cartOld(), version: '1.0.0' };
  for (const ms of [8, 20, 30, 40]) server.app.signals.render(ref, 'rendered', ms);
  server.app.signals.render(ref, 'failed', 3);
  server.app.signals.render(ref, 'late', 250);
  server.app.signals.render(ref, 'shed', 0);
  const old = (await signalsOf('cart')).find((entry) => entry.build === cartOld())!;
  expect(old).toMatchObject({ renders: 4, renderFailures: 1, budgetMisses: 1, fallbacks: 3, renderP50Ms: 25, renderP95Ms: 50 });
});

describe('/metrics', () => {
  const metrics = (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/metrics`, { headers });

  test('refused without a token, with a team token, and from an address not listed', async () => {
    expect((await metrics()).status).toBe(401);
    expect((await metrics({ authorization: `Bearer ${tokens.cart}` })).status).toBe(401);
    expect((await metrics({ authorization: 'Bearer nonsense' })).status).toBe(401);
  });

  test("an operator's token reads Prometheus's format: per build series, HTTP and the process", async () => {
    const response = await metrics({ authorization: `Bearer ${tokens.operator}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain(`kf_mfe_page_views_total{remote="cart",version="1.1.0",build="${cartNew().slice(0, 16)}"} 2`);
    expect(text).toContain(`kf_mfe_server_renders_total{remote="cart",version="1.0.0",build="${cartOld().slice(0, 16)}",outcome="late"} 1`);
    expect(text).toMatch(/kf_web_vitals_lcp_seconds_bucket\{le="2",remote="cart",version="1.1.0"/);
    expect(text).toMatch(/kf_http_request_duration_seconds_count\{method="POST",route="\/api\/signals",status="204"\} \d+/);
    expect(text).toContain('kf_process_cpu_user_seconds_total');
  });
});
