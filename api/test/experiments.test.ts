import type { ExperimentReport } from '@kaloryfer/api-contract';
import { EXPERIMENT_COOKIE, type ExperimentPins } from '@kaloryfer/api-contract';
import { shellWithoutPageServer, publishFixture } from './registry-helpers';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { orderClient, plainValve } from './order-helpers';

/**
 * The checkout's A/B test over HTTP (issue #34, docs/experiments.md): exposures from the shell's
 * beacon, the variant and build an order records (from the signed kf_ab cookie, never the body),
 * and the report for operators — counted as the database holds them.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const builds: Record<string, string> = {};
const { cartWith, orderBody } = orderClient(() => server);

const shopper = (n: number) => `s${String(n).padStart(22, 'A')}`;
const pinsOf = (id: string, variant: 'a' | 'b'): ExperimentPins => ({ id, builds: { checkout: { variant, build: builds[variant], version: '1.0.0' } } });
const cookieOf = (pins: ExperimentPins) =>
  `kf_mfe=checkout%3A${pins.builds.checkout.variant}; ${EXPERIMENT_COOKIE}=${server.app.experiments.cookie.sign(pins)}`;

async function post(path: string, body: unknown, cookie?: string, contentType = 'application/json') {
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { code: number; result: any }) : null };
}

const expose = (pins: ExperimentPins | null, body: unknown = { remote: 'checkout' }) =>
  post('/api/experiments/exposures', body, pins ? cookieOf(pins) : undefined);
const exposures = () => server.db.kysely.selectFrom('experiment_exposure').selectAll().orderBy('assignment_id').execute();

async function report(token: string | null = tokens.operator, query = '') {
  const response = await fetch(`${server.baseUrl}/registry/v1/experiments/checkout/report${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as { code: number; result: ExperimentReport & string } };
}

async function order(pins: ExperimentPins | null, extra: Record<string, unknown> = {}) {
  const cartId = await cartWith(plainValve(server).sku, 1);
  const body = orderBody(cartId, extra);
  const answer = await post('/api/order', body, pins ? cookieOf(pins) : undefined);
  expect(answer.status).toBe(200);
  return { ...answer, body: answer.body!, sent: body };
}

beforeAll(async () => {
  server = await startTestServer({
    seed: TEST_SEED,
    shell: shellWithoutPageServer(),
  });
  for (const team of ['operator', 'checkout', 'cart']) tokens[team] = (await server.app.mfeRegistry.tokens.create(team)).token;
  for (const variant of ['a', 'b']) {
    builds[variant] = await publishFixture(
      server.baseUrl,
      tokens.checkout,
      { remote: 'checkout', variant, server: 'none' },
      variant === 'b' ? '?weight=50' : '',
    );
  }
}, 60_000);
afterAll(() => server.close());

describe('exposures: the shell says the checkout rendered', () => {
  test('a shopper with signed pins is recorded once, in the variant and build of the pins', async () => {
    const pins = pinsOf(shopper(1), 'b');
    expect((await expose(pins)).status).toBe(204);
    expect((await expose(pins)).status).toBe(204);
    expect(await exposures()).toEqual([
      expect.objectContaining({
        experiment: 'checkout',
        assignment_id: shopper(1),
        variant: 'b',
        build: builds.b,
        version: '1.0.0',
        forced: 0,
        crossed: 0,
        orders: 0,
      }),
    ]);
  });

  test('no kf_ab cookie: nothing to record, 204', async () => {
    const before = (await exposures()).length;
    expect((await expose(null)).status).toBe(204);
    expect(await exposures()).toHaveLength(before);
  });

  test('a remote the shopper has no A/B pin for records nothing', async () => {
    const before = (await exposures()).length;
    expect((await expose(pinsOf(shopper(2), 'a'), { remote: 'cart' })).status).toBe(204);
    expect(await exposures()).toHaveLength(before);
  });

  test.each([
    [
      'a forged cookie',
      () => `${EXPERIMENT_COOKIE}=${server.app.experiments.cookie.sign(pinsOf(shopper(3), 'a')).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}`,
      { remote: 'checkout' },
    ],
    [
      'an unsigned cookie',
      () => `${EXPERIMENT_COOKIE}=${Buffer.from(JSON.stringify({ i: shopper(3), b: { checkout: ['a', 'x', '1.0.0'] } })).toString('base64url')}`,
      { remote: 'checkout' },
    ],
    ['an unknown remote', () => cookieOf(pinsOf(shopper(3), 'a')), { remote: 'basket' }],
    ['another field', () => cookieOf(pinsOf(shopper(3), 'a')), { remote: 'checkout', variant: 'b' }],
    ['no remote', () => cookieOf(pinsOf(shopper(3), 'a')), {}],
    ['not JSON', () => cookieOf(pinsOf(shopper(3), 'a')), '{remote:'],
  ])('%s → 400, nothing stored', async (_name, cookie, body) => {
    const before = await exposures();
    const answer = await post('/api/experiments/exposures', body, cookie());
    expect(answer.status).toBe(400);
    expect(answer.body?.code).toBe(400);
    expect(await exposures()).toEqual(before);
  });

  test('an oversized beacon → 413, nothing stored', async () => {
    const before = await exposures();
    const answer = await post('/api/experiments/exposures', { remote: 'checkout', pad: 'x'.repeat(400) }, cookieOf(pinsOf(shopper(3), 'a')));
    expect(answer.status).toBe(413);
    expect(await exposures()).toEqual(before);
  });
});

describe('orders record the variant that took them', () => {
  test("from the signed cookie: the order's variant and build, the shopper's exposure counts it once even when sent twice", async () => {
    const pins = pinsOf(shopper(1), 'b');
    const placed = await order(pins, { checkout_variant: 'a', ab: 'a' });
    const again = await post('/api/order', placed.sent, cookieOf(pins));
    expect(again.body!.result.created).toBe(false);
    const recorded = await server.db.kysely.selectFrom('order_experiment').selectAll().where('order_id', '=', placed.body.result.backendOrderId).execute();
    expect(recorded).toEqual([
      { order_id: placed.body.result.backendOrderId, experiment: 'checkout', variant: 'b', build: builds.b, version: '1.0.0', forced: 0 },
    ]);
    const row = (await exposures()).find((exposure) => exposure.assignment_id === shopper(1))!;
    expect(row).toMatchObject({ orders: 1, variant: 'b' });
    expect(Number(row.revenue_grosze)).toBe(Math.round(placed.body.result.grandTotal * 100));
  });

  test('an order without the cookie, or with a forged one, is placed and records no variant', async () => {
    const plain = await order(null);
    const forged = await post('/api/order', orderBody(await cartWith(plainValve(server).sku, 1)), `${EXPERIMENT_COOKIE}=bogus.signature`);
    expect(forged.status).toBe(200);
    const ids = [plain.body.result.backendOrderId, forged.body!.result.backendOrderId];
    expect(await server.db.kysely.selectFrom('order_experiment').selectAll().where('order_id', 'in', ids).execute()).toEqual([]);
  });

  test('a shopper who did not allow analytics: the order records its build, nobody is counted', async () => {
    const anonymous: ExperimentPins = { id: null, builds: { checkout: { variant: 'b', build: builds.b, version: '1.0.0' } } };
    const before = await exposures();
    expect((await expose(anonymous)).status).toBe(204);
    const placed = await order(anonymous);
    expect(
      await server.db.kysely.selectFrom('order_experiment').select(['variant', 'build']).where('order_id', '=', placed.body.result.backendOrderId).execute(),
    ).toEqual([{ variant: 'b', build: builds.b }]);
    expect(await exposures()).toEqual(before);
  });

  test('an order whose exposure beacon was lost still counts its shopper as exposed', async () => {
    await order(pinsOf(shopper(4), 'a'));
    expect((await exposures()).find((exposure) => exposure.assignment_id === shopper(4))).toMatchObject({ variant: 'a', orders: 1 });
  });
});

describe('the report', () => {
  test('refused without a token, to another team, and for a remote without an A/B test', async () => {
    expect((await report(null)).status).toBe(401);
    expect((await report(tokens.cart)).status).toBe(403);
    const cart = await fetch(`${server.baseUrl}/registry/v1/experiments/cart/report`, { headers: { authorization: `Bearer ${tokens.operator}` } });
    expect(cart.status).toBe(404);
    expect((await report(tokens.operator, '?since=yesterday')).status).toBe(400);
  });

  test("per variant the database's counts: shoppers, converters, orders, revenue; QA and crossers left out", async () => {
    for (let n = 10; n < 16; n += 1) await expose(pinsOf(shopper(n), n % 2 === 0 ? 'a' : 'b'));
    await order(pinsOf(shopper(10), 'a'));
    await order(pinsOf(shopper(11), 'b'));
    await order(pinsOf(shopper(11), 'b'));
    await expose(pinsOf(`q${'Q'.repeat(22)}`, 'b'));
    await order(pinsOf(`q${'Q'.repeat(22)}`, 'b'));
    await expose(pinsOf(shopper(12), 'b')); // shopper 12 was in a: a crosser now

    const answer = await report(tokens.checkout);
    expect(answer.status).toBe(200);
    const rows = await exposures();
    const counted = rows.filter((row) => row.forced === 0 && row.crossed === 0);
    for (const variant of answer.body.result.variants) {
      const mine = counted.filter((row) => row.variant === variant.variant);
      expect(variant).toMatchObject({
        shoppers: mine.length,
        converted: mine.filter((row) => row.orders > 0).length,
        orders: mine.reduce((sum, row) => sum + row.orders, 0),
        revenue: mine.reduce((sum, row) => sum + Number(row.revenue_grosze), 0) / 100,
      });
    }
    expect(answer.body.result.excluded).toEqual({ forced: 1, crossed: 1 });
    expect(answer.body.result.control).toBe('a');
    expect(answer.body.result.variants.map((variant) => [variant.variant, variant.weight])).toEqual([
      ['a', 50],
      ['b', 50],
    ]);
    expect(answer.body.result.variants[1].comparison).toMatchObject({ pValue: expect.any(Number), interval: [expect.any(Number), expect.any(Number)] });
    expect(answer.body.result.sampleRatio).toMatchObject({ pValue: expect.any(Number) });

    const later = await report(tokens.operator, `?since=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}&lift=5`);
    expect(later.body.result.variants.map((variant) => variant.shoppers)).toEqual([0, 0]);
  });
});
