import type { RegistryEvent, RegistryStatusRoute, RouteResult } from '@kaloryfer/api-contract';
import { DEFAULT_THRESHOLDS } from '../src/config';
import { fixtureArchive } from '../src/registry/testing/fixture-build';
import { shellWithoutPageServer } from './registry-helpers';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * Canaries over HTTP (issue #34, docs/releasing.md "Canaries"): a build released to a share of
 * shoppers beside the live one, judged on its own signals against the live build's, stepped up
 * when healthy, rolled back and marked bad by itself when not, and in an operator's hands
 * (pause, resume, promote, abort) — every decision in the history with its numbers.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const hashes: Record<string, string> = {};

async function call<T>(method: string, path: string, options: { token?: string; body?: Buffer | object; query?: string } = {}) {
  const binary = Buffer.isBuffer(options.body);
  const response = await fetch(`${server.baseUrl}/registry/v1/${path}${options.query ?? ''}`, {
    method,
    headers: {
      authorization: `Bearer ${options.token ?? tokens.operator}`,
      ...(options.body === undefined ? {} : { 'content-type': binary ? 'application/gzip' : 'application/json' }),
    },
    body: options.body === undefined ? undefined : binary ? new Uint8Array(options.body as Buffer) : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; result: T } };
}

const publish = async (version: string, query = '') => {
  const answer = await call<{ outcome: string; build: { build: string }; event: RegistryEvent }>('POST', 'remotes/cart/builds', {
    token: tokens.cart,
    body: await fixtureArchive({ remote: 'cart', version, server: 'none' }),
    query,
  });
  if (answer.status === 200) hashes[version] = answer.body.result.build.build;
  return answer;
};
const registryJson = async () =>
  server.app.mfeRegistry.live.current().json as unknown as { remotes: { cart: { build: string; canary?: { build: string; percent: number } } } };
const status = async () =>
  (await call<RouteResult<typeof RegistryStatusRoute>>('GET', 'status')).body.result.remotes.find((remote) => remote.remote === 'cart')!.variants[0];
/** Page views as the beacon's ledger counts them: each from a visitor of its own (the beacon itself: the last test). */
const views = (version: string, count: number, failures = 0) => {
  for (let i = 0; i < count; i += 1)
    server.app.signals.browser(
      { remote: 'cart', build: hashes[version], version },
      {
        pageView: true,
        mountFailures: i < failures ? 1 : 0,
        fallbacks: 0,
        errors: 0,
        newVisitor: true,
        failingView: i < failures,
        newFailingVisitor: i < failures,
      },
    );
};

beforeAll(async () => {
  server = await startTestServer({
    // Steps that last no time and few page views: the test judges at once, with tick().
    config: { canary: { ...DEFAULT_THRESHOLDS, minPageViews: 20, minStepMinutes: 0 }, trustProxy: ['127.0.0.1'] },
    shell: shellWithoutPageServer(),
  });
  for (const team of ['operator', 'cart', 'catalog']) tokens[team] = (await server.app.mfeRegistry.tokens.create(team)).token;
  expect((await publish('1.0.0')).status).toBe(200);
}, 60_000);
afterAll(() => server.close());

test('a canary needs a live build to measure against, and one canary per variant at a time', async () => {
  const first = await call('POST', 'remotes/catalog/builds', {
    token: tokens.catalog,
    body: await fixtureArchive({ remote: 'catalog', version: '1.0.0', server: 'none' }),
    query: '?canary=5',
  });
  expect(first.status).toBe(409);
  expect(first.body.result).toMatch(/no live build to measure a canary against/);
});

test('a failing canary is rolled back by itself, its build marked bad, with the numbers in the history', async () => {
  const started = await publish('1.1.0', '?canary=5');
  expect(started.status).toBe(200);
  expect(started.body.result).toMatchObject({ outcome: 'canary', event: { action: 'canary', weight: 5, version: '1.1.0', previousVersion: '1.0.0' } });
  expect((await registryJson()).remotes.cart).toMatchObject({ build: hashes['1.0.0'], canary: { build: hashes['1.1.0'], percent: 5 } });
  expect((await status()).canary).toMatchObject({ percent: 5, steps: [5, 25, 50, 100], paused: false, build: { version: '1.1.0' } });
  expect((await publish('1.2.0')).status).toBe(409); // a canary is running

  views('1.0.0', 200, 1);
  views('1.1.0', 19, 19);
  expect(await server.app.mfeRegistry.canaries.tick()).toEqual([]); // 19 of 20 page views: wait
  views('1.1.0', 1, 1);
  const [decision] = await server.app.mfeRegistry.canaries.tick();
  expect(decision).toMatchObject({ action: 'canary-fail', team: 'registry', version: '1.1.0', weight: 5 });
  expect(decision.reason).toMatch(/automatic rollback: unhealthy over 20 page views: error rate 100.00 % against 0.50 %/);
  expect((await registryJson()).remotes.cart.canary).toBeUndefined();
  expect((await registryJson()).remotes.cart.build).toBe(hashes['1.0.0']);
  expect(await server.app.mfeRegistry.canaries.tick()).toEqual([]); // decided once

  // Marked bad: it goes again only when forced.
  const again = await publish('1.1.0', '?canary=5');
  expect(again.status).toBe(409);
  expect(again.body.result).toMatch(/rolled back by its canary \(unhealthy over 20 page views/);
  expect((await publish('1.1.0', '?canary=5&force=true')).status).toBe(200);
  expect((await call('POST', 'remotes/cart/canary/abort', { token: tokens.cart, body: {} })).body.result).toMatchObject({ action: 'canary-abort' });
});

test('a healthy canary steps 5 → 25 → 50 % and is promoted', async () => {
  expect((await publish('1.3.0', '?canary=5')).status).toBe(200);
  const steps: string[] = [];
  for (const expected of [25, 50]) {
    views('1.3.0', 30);
    const [event] = await server.app.mfeRegistry.canaries.tick();
    expect(event).toMatchObject({ action: 'canary-step', weight: expected });
    expect((await registryJson()).remotes.cart.canary?.percent).toBe(expected);
    steps.push(event.reason);
  }
  expect(steps[0]).toMatch(/healthy over \d+ page views .* at 5 %: on to 25 %/);
  views('1.3.0', 30);
  const [promoted] = await server.app.mfeRegistry.canaries.tick();
  expect(promoted).toMatchObject({ action: 'promote', version: '1.3.0', previousVersion: '1.0.0' });
  expect((await registryJson()).remotes.cart).toMatchObject({ build: hashes['1.3.0'] });
  expect((await registryJson()).remotes.cart.canary).toBeUndefined();
  const history = (await call<RegistryEvent[]>('GET', 'remotes/cart/history')).body.result.map((event) => event.action);
  expect(history.slice(0, 4)).toEqual(['promote', 'canary-step', 'canary-step', 'canary']);
});

test("an operator's hand: pause holds the step (a failure still rolls back), resume, promote at once; another team may not", async () => {
  expect((await publish('1.4.0', '?canary=10')).status).toBe(200);
  expect((await call('POST', 'remotes/cart/canary/pause', { token: tokens.catalog, body: {} })).status).toBe(403);
  expect((await call('POST', 'remotes/cart/canary/pause', { body: { reason: 'the sale starts' } })).body.result).toMatchObject({
    action: 'canary-pause',
    reason: 'the sale starts',
  });
  expect((await call('POST', 'remotes/cart/canary/pause', { body: {} })).status).toBe(409);
  views('1.4.0', 30);
  expect(await server.app.mfeRegistry.canaries.tick()).toEqual([]);
  expect((await call('POST', 'remotes/cart/canary/resume', { token: tokens.cart, body: {} })).body.result).toMatchObject({ action: 'canary-resume' });
  expect((await call('POST', 'remotes/cart/canary/promote', { body: {} })).body.result).toMatchObject({ action: 'promote', version: '1.4.0' });
  expect((await registryJson()).remotes.cart.build).toBe(hashes['1.4.0']);
  expect((await call('POST', 'remotes/cart/canary/abort', { body: {} })).status).toBe(404);
});

/**
 * No visitor alone pushes a canary either way (issue #48): one visitor's many healthy pages do not
 * step it up, a flood of forged failing beacons does not roll it back, one visitor failing many
 * times does not either — the build failing for enough real visitors still is.
 */
test('a flood of forged beacons and one visitor alone move nothing; real visitors failing roll it back', async () => {
  expect((await publish('1.5.0', '?canary=5')).status).toBe(200);
  const canary = hashes['1.5.0'];
  views('1.4.0', 200);
  const page = (failing: boolean, token?: string) => ({
    ...(token === undefined ? {} : { token }),
    builds: [{ remote: 'cart', build: canary, pageView: true, route: true, ...(failing ? { mountFailures: 1, errors: 5 } : {}) }],
  });
  const send = async (body: object, address: string) => {
    const response = await fetch(`${server.baseUrl}/api/signals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(204);
  };
  const counted = async () => (await status()).canary?.counted;

  // One visitor's healthy pages, each with a page the shop really served: 5 count, from 1 visitor.
  for (let i = 0; i < 40; i += 1) await send(page(false, server.app.signals.tokens.mint([canary])), '198.51.100.1');
  let [decision] = await server.app.mfeRegistry.canaries.tick();
  expect(decision).toBeUndefined();
  expect(await counted()).toMatchObject({ pageViews: 5, visitors: 1, failingViews: 0 });

  // Forged failing beacons from 100 addresses — no page-view token: none counts.
  for (let i = 0; i < 300; i += 1) await send(page(true), `203.0.113.${(i % 100) + 1}`);
  // Tokens minted with a key the shop does not hold: none counts either.
  const { PageViewTokens } = await import('../src/signals/page-view-token');
  const forger = new PageViewTokens(Buffer.alloc(32, 7));
  for (let i = 0; i < 100; i += 1) await send(page(true, forger.mint([canary])), `192.0.2.${i + 1}`);
  expect(await server.app.mfeRegistry.canaries.tick()).toEqual([]);
  expect(await counted()).toMatchObject({ pageViews: 5, failingViews: 0 });

  // Visitors enough to judge, one of them failing on many pages: browsers' word from one visitor waits.
  for (let visitor = 2; visitor <= 20; visitor += 1) await send(page(false, server.app.signals.tokens.mint([canary])), `198.51.100.${visitor}`);
  for (let i = 0; i < 30; i += 1) await send(page(true, server.app.signals.tokens.mint([canary])), '198.51.100.99');
  expect(await server.app.mfeRegistry.canaries.tick()).toEqual([]);
  const waiting = await status();
  expect(waiting.canary?.counted).toMatchObject({ pageViews: 29, visitors: 21, failingViews: 5, failingVisitors: 1 });
  expect((await registryJson()).remotes.cart.canary?.build).toBe(canary);

  // The build fails for two more real visitors: three distinct visitors — rolled back.
  for (const visitor of ['198.51.100.101', '198.51.100.102']) await send(page(true, server.app.signals.tokens.mint([canary])), visitor);
  [decision] = await server.app.mfeRegistry.canaries.tick();
  expect(decision).toMatchObject({ action: 'canary-fail', version: '1.5.0' });
  expect(decision.reason).toMatch(/error rate 22\.58 % against 0\.00 %/); // 7 failing of 31 page views
  expect((await registryJson()).remotes.cart.canary).toBeUndefined();

  // `registry status` shows it marked bad, with why and when.
  const remote = (await call<RouteResult<typeof RegistryStatusRoute>>('GET', 'status')).body.result.remotes.find((entry) => entry.remote === 'cart')!;
  expect(remote.badBuilds).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ version: '1.5.0', reason: expect.stringMatching(/^unhealthy over 31 page views: error rate/), at: expect.any(String) }),
    ]),
  );
});
