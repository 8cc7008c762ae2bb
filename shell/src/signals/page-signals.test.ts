import { parseRegistry } from '../registry/registry';
import type { SignalBeacon } from '@kaloryfer/api-contract';
import { PAGE_VIEW_PATH, pageTraceparent, PageSignals, renewPageViewToken } from './page-signals';

const hash = (c: string) => c.repeat(64);
const registry = parseRegistry({
  remotes: {
    catalog: { entry: '/mfe/catalog/aaaaaaaaaaaaaaaa/mf-manifest.json', version: '1.2.0', contracts: '1.0.0', build: hash('a') },
    cart: { entry: '/mfe/cart/bbbbbbbbbbbbbbbb/mf-manifest.json', version: '1.0.0', contracts: '1.0.0', build: hash('b') },
    checkout: {
      control: 'a',
      variants: {
        a: { entry: '/mfe/checkout/cccccccccccccccc/mf-manifest.json', version: '1.0.0', contracts: '1.0.0', weight: 50, build: hash('c') },
        b: { entry: 'https://cdn.team.test/checkout/2.0.0/mf-manifest.json', version: '2.0.0', contracts: '1.0.0', weight: 50, build: hash('d') },
      },
    },
  },
});
const variant = (remote: 'catalog' | 'cart' | 'checkout', id = 'default') => registry.remotes[remote]!.variants.find((v) => v.id === id);

function collector(path = '/c/grzejniki') {
  const sent: SignalBeacon[] = [];
  const signals = new PageSignals(registry, { pathname: path }, (beacon) => sent.push(beacon));
  return { signals, sent };
}

describe("a page's signals", () => {
  test('the page view and its vitals go to the build of the route region, once', () => {
    const { signals, sent } = collector();
    signals.loaded('catalog', variant('catalog'));
    signals.vital('lcp', 1234.4);
    signals.vital('cls', 0.012345);
    signals.vital('lcp', 9999); // a later report of the same metric does not count again
    signals.flush();
    expect(sent).toEqual([{ builds: [{ remote: 'catalog', build: hash('a'), pageView: true, route: true }], vitals: { lcp: 1234, cls: 0.0123 } }]);
    signals.flush();
    expect(sent).toHaveLength(1); // nothing new
  });

  test("errors are the build's whose script threw them (by URL, a team's origin too); others count for nobody", () => {
    const { signals, sent } = collector('/checkout');
    signals.loaded('checkout', variant('checkout', 'b'));
    signals.error('http://localhost/mfe/catalog/aaaaaaaaaaaaaaaa/131.415f04be.js');
    signals.error('https://cdn.team.test/checkout/2.0.0/__federation_expose_app.js');
    signals.error('https://cdn.team.test/checkout/2.0.0/__federation_expose_app.js');
    signals.error('http://localhost/main.1234.js');
    signals.error(undefined);
    signals.flush();
    expect(sent[0]).toEqual({
      builds: [
        { remote: 'checkout', build: hash('d'), pageView: true, route: true, errors: 2 },
        { remote: 'catalog', build: hash('a'), errors: 1 },
      ],
    });
  });

  test('a mount failure and the fallback it caused count against the build that failed', () => {
    const { signals, sent } = collector('/checkout');
    signals.mountFailed('checkout', variant('checkout', 'b'));
    signals.loaderEvent({ event: 'mfe_fallback', remote: 'checkout', from: 'b', to: 'a', reason: 'mount failed' });
    signals.loaded('checkout', variant('checkout', 'a'));
    signals.flush();
    // Both were on the page; the route region is the build that rendered (a), the failures the one that did not (b).
    expect(sent[0]).toEqual({
      builds: [
        { remote: 'checkout', build: hash('c'), pageView: true, route: true },
        { remote: 'checkout', build: hash('d'), pageView: true, mountFailures: 1, fallbacks: 1 },
      ],
    });
  });

  test("a widget's build is a page view too; a route build that never ran still reports what failed", () => {
    const { signals, sent } = collector('/koszyk');
    signals.mountFailed('cart', variant('cart'));
    signals.flush();
    expect(sent).toEqual([{ builds: [{ remote: 'cart', build: hash('b'), pageView: true, mountFailures: 1 }] }]);
  });

  test('a beacon stays small: at most six builds, counts capped at 100', () => {
    const { signals, sent } = collector();
    signals.loaded('catalog', variant('catalog'));
    for (let i = 0; i < 500; i += 1) signals.error('http://localhost/mfe/catalog/aaaaaaaaaaaaaaaa/1.js');
    signals.vital('lcp', 2000);
    signals.vital('inp', 180);
    signals.vital('cls', 0.05);
    signals.flush();
    expect(sent[0].builds).toEqual([{ remote: 'catalog', build: hash('a'), pageView: true, route: true, errors: 100 }]);
    expect(JSON.stringify(sent[0]).length).toBeLessThan(1024);
  });

  test('a widget loaded on the page counts a view of its build; a second hide sends only what is new', () => {
    const { signals, sent } = collector();
    signals.loaded('catalog', variant('catalog'));
    signals.loaded('cart', variant('cart'));
    signals.flush();
    expect(sent[0].builds).toEqual([
      { remote: 'catalog', build: hash('a'), pageView: true, route: true },
      { remote: 'cart', build: hash('b'), pageView: true },
    ]);
    signals.error('http://localhost/mfe/cart/bbbbbbbbbbbbbbbb/7.js');
    signals.flush();
    expect(sent[1]).toEqual({ builds: [{ remote: 'cart', build: hash('b'), errors: 1 }] });
  });
});

describe('the page\'s page-view token (docs/releasing.md, "What counts")', () => {
  test('every beacon of the page carries the token the page server minted for it', () => {
    const sent: SignalBeacon[] = [];
    const signals = new PageSignals(registry, { pathname: '/c/grzejniki' }, (beacon) => sent.push(beacon), 'served.page.token');
    signals.loaded('catalog', variant('catalog'));
    signals.flush();
    signals.error('http://localhost/mfe/catalog/aaaaaaaaaaaaaaaa/1.js');
    signals.flush();
    expect(sent.map((beacon) => beacon.token)).toEqual(['served.page.token', 'served.page.token']);
  });

  test('a page the service worker answered asks for one of its own, over the builds it runs', async () => {
    const { signals, sent } = collector();
    const asked: { url: string; body: unknown }[] = [];
    const post = (async (url: string, init: RequestInit) => {
      asked.push({ url, body: JSON.parse(String(init.body)) });
      return { ok: true, status: 200, json: async () => ({ code: 200, result: { token: 'its.own.token' } }) };
    }) as unknown as typeof fetch;
    await renewPageViewToken(signals, registry, post);
    expect(asked).toEqual([{ url: PAGE_VIEW_PATH, body: { builds: [hash('a'), hash('b'), hash('c'), hash('d')] } }]);
    signals.loaded('catalog', variant('catalog'));
    signals.flush();
    expect(sent[0].token).toBe('its.own.token');
  });

  test('offline, or refused: no token — the beacon counts for nothing but vitals', async () => {
    for (const post of [
      (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
      (async () => ({ ok: false, status: 403, json: async () => ({ code: 403, result: 'cross-site' }) })) as unknown as typeof fetch,
    ]) {
      const { signals, sent } = collector();
      await renewPageViewToken(signals, registry, post);
      signals.loaded('catalog', variant('catalog'));
      signals.flush();
      expect(sent[0]).not.toHaveProperty('token');
    }
  });
});

describe('the page request\'s trace (docs/operations.md, "Traces")', () => {
  const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
  const documentWith = (html: string) => new DOMParser().parseFromString(`<html><head>${html}</head><body></body></html>`, 'text/html');

  test('its meta tag is read as the API takes it; none, or anything else, is no trace', () => {
    expect(pageTraceparent(documentWith(`<meta name="traceparent" content="${TRACEPARENT}">`))).toBe(TRACEPARENT);
    expect(pageTraceparent(documentWith(''))).toBeNull();
    expect(pageTraceparent(documentWith('<meta name="traceparent" content="01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01">'))).toBeNull();
    expect(pageTraceparent(documentWith('<meta name="traceparent" content="00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01">'))).toBeNull();
  });

  test('every beacon of the page carries it, so the API links each to the page request', () => {
    const sent: SignalBeacon[] = [];
    const signals = new PageSignals(registry, { pathname: '/c/grzejniki' }, (beacon) => sent.push(beacon), 'a-token', TRACEPARENT);
    signals.loaded('catalog', variant('catalog'));
    signals.flush();
    signals.error('http://localhost/mfe/catalog/aaaaaaaaaaaaaaaa/131.415f04be.js');
    signals.flush();
    expect(sent.map((beacon) => beacon.traceparent)).toEqual([TRACEPARENT, TRACEPARENT]);
    const { signals: untraced, sent: plain } = collector();
    untraced.loaded('catalog', variant('catalog'));
    untraced.flush();
    expect(plain[0]).not.toHaveProperty('traceparent');
  });
});
