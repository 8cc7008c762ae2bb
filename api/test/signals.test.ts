import type { BuildSignals } from '@kaloryfer/api-contract';
import { gateWithoutPageServer, publishFixture } from './registry-helpers';
import { startTestServer, type TestServer } from './helpers';

/**
 * Signals per remote build over HTTP (issue #34, docs/releasing.md "Signals"): the browsers'
 * beacon (validated, bounded, nothing about the shopper kept), the page server's renders, the
 * per-minute sums the registry answers, and /metrics for operators only.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const builds: Record<string, { build: string; version: string }> = {};

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
    config: { metricsAllow: ['10.1.2.0/24'] },
    extend: gateWithoutPageServer,
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
    expect(
      (
        await beacon({
          builds: [
            { remote: 'cart', build: cartNew(), pageView: true, route: true, errors: 2 },
            { remote: 'catalog', build: builds['catalog 1.0.0'].build, mountFailures: 1 },
          ],
          vitals: { lcp: 1800, inp: 120, cls: 0.02 },
        })
      ).status,
    ).toBe(204);
    expect((await beacon({ builds: [{ remote: 'cart', build: cartNew(), pageView: true, route: true }], vitals: { lcp: 3500 } })).status).toBe(204);
    expect((await beacon({ builds: [{ remote: 'cart', build: cartOld(), pageView: true, route: true, fallbacks: 1 }] })).status).toBe(204);

    const cart = await signalsOf('cart');
    expect(cart.find((entry) => entry.build === cartNew())).toMatchObject({
      version: '1.1.0',
      pageViews: 2,
      errors: 2,
      errorRate: 1,
      fallbackRate: 0,
      lcpP75Ms: 4000, // 1800 and 3500: the 75th percentile's bucket is ≤ 4 s
      inpP75Ms: 150,
      clsP75: 0.025,
    });
    expect(cart.find((entry) => entry.build === cartOld())).toMatchObject({
      version: '1.0.0',
      pageViews: 1,
      browserFallbacks: 1,
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
    ['an unknown remote', () => ({ builds: [{ remote: 'basket', build: cartNew() }] })],
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

  test('more than 120 beacons a minute from one address → 429, not counted', async () => {
    const errorsBefore = (await signalsOf('catalog'))[0].errors;
    const statuses: number[] = [];
    // 245: even if a minute turns during the run, one of its two windows sees more than 120.
    for (let i = 0; i < 245; i += 1) statuses.push((await beacon({ builds: [{ remote: 'catalog', build: builds['catalog 1.0.0'].build, errors: 1 }] })).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const accepted = statuses.filter((status) => status === 204).length;
    expect(accepted).toBeLessThanOrEqual(240);
    expect((await signalsOf('catalog'))[0].errors - errorsBefore).toBe(accepted);
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
