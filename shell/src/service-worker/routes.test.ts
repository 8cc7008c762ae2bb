import { pageCspDirectives } from '../../server/page-csp';
import {
  hasPrivateQuery,
  remoteBuildOf,
  remoteOriginsOf,
  searchBodyIsCacheable,
  searchCacheKey,
  strategyFor,
  type RequestFacts,
  type RoutingContext,
  type Strategy,
} from './routes';

/**
 * The service worker's routing rules (issue #19): which request goes to which strategy. Every
 * row is a real address of this shop — pages and API on :3000, each remote's build under its
 * folder: here on team origins (docs/releasing.md), and in `byPath` on the shop's own /mfe/.
 */
const SHOP = 'http://localhost:3000';
const context: RoutingContext = {
  shopOrigin: SHOP,
  remoteBuilds: [
    'http://localhost:3001/1.0.0/',
    'http://localhost:3002/1.0.0/',
    'http://localhost:3003/1.0.0-a/',
    'http://localhost:3003/1.0.0-b/',
    'http://localhost:3004/1.0.0/',
    'http://localhost:3005/1.0.0/',
  ],
};

type Kind = 'page' | 'fetch' | 'script' | 'style' | 'image';
const KINDS: Record<Kind, Pick<RequestFacts, 'mode' | 'destination'>> = {
  page: { mode: 'navigate', destination: 'document' },
  fetch: { mode: 'cors', destination: '' },
  script: { mode: 'no-cors', destination: 'script' },
  style: { mode: 'no-cors', destination: 'style' },
  image: { mode: 'no-cors', destination: 'image' },
};
const facts = (method: string, url: string, kind: Kind, hasAuthorization = false): RequestFacts => ({
  url: url.startsWith('/') ? SHOP + url : url,
  method,
  hasAuthorization,
  ...KINDS[kind],
});

type Row = [method: string, url: string, kind: Kind, expected: Strategy];

describe('pages (navigations)', () => {
  test.each<Row>([
    ['GET', '/', 'page', 'navigation'],
    ['GET', '/pwa.html', 'page', 'navigation'],
    ['GET', '/categories', 'page', 'navigation'],
    ['GET', '/categories?query=grzejnik%20drabinkowy', 'page', 'navigation'],
    ['GET', '/c/grzejniki-lazienkowe', 'page', 'navigation'],
    ['GET', '/c/grzejniki-lazienkowe?width=400-600&delivery=24h&sort=price:asc', 'page', 'navigation'],
    ['GET', '/p/KF-DR-0041/aura', 'page', 'navigation'],
    ['GET', '/p/KF-DR-0041/aura/KF-DR-0041-500', 'page', 'navigation'],
    ['GET', '/grzejniki-lazienkowe/grzejniki-drabinkowe', 'page', 'navigation'], // a url_path (the URL dispatcher)
    ['GET', '/compare', 'page', 'navigation'],
    ['GET', '/marki', 'page', 'navigation'],
    ['GET', '/i/o-nas', 'page', 'navigation'],
    ['GET', '/en/i/about-us', 'page', 'navigation'],
    ['GET', '/porady', 'page', 'navigation'],
    ['GET', '/porady/jak-dobrac-grzejnik-do-lazienki', 'page', 'navigation'],
    ['GET', '/page-not-found?nf=%2Fnie-ma', 'page', 'navigation'], // a 404: the worker keeps 200s only
    // A customer's pages: never stored; offline the app shell.
    ['GET', '/checkout', 'page', 'private-page'],
    ['GET', '/en/checkout', 'page', 'private-page'],
    ['GET', '/my-account', 'page', 'private-page'],
    ['GET', '/my-account/orders', 'page', 'private-page'],
    ['GET', '/my-account/orders/000000123', 'page', 'private-page'],
    ['GET', '/my-account/shipping-details', 'page', 'private-page'],
    ['GET', '/my-account/newsletter', 'page', 'private-page'],
    ['GET', '/my-account/recently-viewed', 'page', 'private-page'],
    ['GET', '/create-password', 'page', 'private-page'],
    // With an order id or a token in the address: the worker stays out entirely.
    ['GET', '/thank-you-page?order_increment_id=000000123', 'page', 'network-only'],
    ['GET', '/thank-you-page?order_increment_id=000000123&error=501', 'page', 'network-only'],
    ['GET', '/create-password?resetToken=abc123', 'page', 'network-only'],
    ['GET', '/sandbox-gateway/pay?t=sealed.payment', 'page', 'network-only'],
    ['GET', '/api/ext/newsletter/confirm?token=abc', 'page', 'network-only'],
    ['GET', '/api/openapi.json', 'page', 'network-only'],
  ])('%s %s (%s) → %s', (method, url, kind, expected) => {
    expect(strategyFor(facts(method, url, kind), context)).toBe(expected);
  });
});

describe('the API: catalogue reads are kept 24 h, nothing of a customer ever', () => {
  test.each<Row>([
    // Catalogue reads (stale-while-revalidate, 24 h).
    ['POST', '/api/catalog/vue_storefront_catalog/product/_search', 'fetch', 'catalog-search'],
    ['POST', '/api/catalog/vue_storefront_catalog/category/_search', 'fetch', 'catalog-search'],
    ['POST', '/api/catalog/vue_storefront_catalog/attribute/_search', 'fetch', 'catalog-search'],
    ['POST', '/api/catalog/vue_storefront_catalog_en/product/_search', 'fetch', 'catalog-search'],
    ['GET', '/api/catalog/vue_storefront_catalog/product/_search?request=%7B%22query%22%3A%7B%7D%7D&size=20', 'fetch', 'catalog-json'],
    ['GET', '/api/product-view/KF-DR-0041', 'fetch', 'catalog-json'],
    ['GET', '/api/product-view/KF-DR-0041?userGroupId=2', 'fetch', 'catalog-json'],
    ['GET', '/api/product/render-list?skus=KF-DR-0041,KF-PN-0007&currencyCode=PLN&storeId=2', 'fetch', 'catalog-json'],
    ['GET', '/api/product/single?key=sku&sku=KF-DR-0041', 'fetch', 'catalog-json'],
    ['GET', '/api/url?path=%2Fgrzejniki-lazienkowe%2Fgrzejniki-drabinkowe', 'fetch', 'catalog-json'],
    ['GET', '/api/cms/page/o-nas', 'fetch', 'catalog-json'],
    ['GET', '/api/cms/blocks?like=checkout-', 'fetch', 'catalog-json'],
    ['GET', '/api/cms/hierarchy/o-nas', 'fetch', 'catalog-json'],
    ['GET', '/api/advice?from=0&size=12', 'fetch', 'catalog-json'],
    ['GET', '/api/advice/jak-dobrac-grzejnik-do-lazienki', 'fetch', 'catalog-json'],
    ['GET', '/api/review/list/41?from=5&size=10', 'fetch', 'catalog-json'],
    // Live or a customer's: never kept.
    ['GET', '/api/stock/check?sku=KF-DR-0041', 'fetch', 'network-only'],
    ['GET', '/api/stock/list?skus=KF-DR-0041,KF-PN-0007', 'fetch', 'network-only'],
    ['POST', '/api/cart/create', 'fetch', 'network-only'],
    ['GET', '/api/cart/pull?cartId=c0ffee', 'fetch', 'network-only'],
    ['GET', '/api/cart/pull?cartId=c0ffee&token=eyJhbGciOi', 'fetch', 'network-only'],
    ['GET', '/api/cart/totals?cartId=c0ffee', 'fetch', 'network-only'],
    ['GET', '/api/cart/payment-methods?cartId=c0ffee', 'fetch', 'network-only'],
    ['POST', '/api/cart/update?cartId=c0ffee', 'fetch', 'network-only'],
    ['POST', '/api/cart/shipping-methods?cartId=c0ffee', 'fetch', 'network-only'],
    ['POST', '/api/order', 'fetch', 'network-only'],
    ['GET', '/api/order/status?order_increment_id=000000123&order_id=k7Q2', 'fetch', 'network-only'],
    ['POST', '/api/order/payment', 'fetch', 'network-only'],
    ['POST', '/api/payment/notify', 'fetch', 'network-only'],
    ['GET', '/api/user/me?token=eyJhbGciOi', 'fetch', 'network-only'],
    ['POST', '/api/user/login', 'fetch', 'network-only'],
    ['POST', '/api/user/refresh', 'fetch', 'network-only'],
    ['GET', '/api/user/order-history?pageSize=10&currentPage=1', 'fetch', 'network-only'],
    ['GET', '/api/user/order-history/000000123', 'fetch', 'network-only'],
    ['GET', '/api/wishlist?token=eyJhbGciOi', 'fetch', 'network-only'],
    ['GET', '/api/wishlist', 'fetch', 'network-only'],
    ['PUT', '/api/wishlist/KF-DR-0041', 'fetch', 'network-only'],
    ['DELETE', '/api/wishlist/3', 'fetch', 'network-only'],
    ['GET', '/api/ext/newsletter?email=jan%40example.pl', 'fetch', 'network-only'],
    ['POST', '/api/ext/newsletter', 'fetch', 'network-only'],
    ['POST', '/api/review/create', 'fetch', 'network-only'],
    ['GET', '/api/company?nip=5261040828', 'fetch', 'network-only'],
    ['GET', '/api/store?storeCode=pl', 'fetch', 'network-only'],
    ['GET', '/api/health', 'fetch', 'network-only'],
    // A catalogue read with a token anywhere in its address: a customer group's prices.
    ['GET', '/api/catalog/vue_storefront_catalog/product/_search?request=%7B%22groupToken%22%3A%22x%22%7D', 'fetch', 'network-only'],
    ['GET', '/api/product-view/KF-DR-0041?token=eyJhbGciOi', 'fetch', 'network-only'],
    ['POST', '/api/catalog/vue_storefront_catalog/product/_search?token=eyJhbGciOi', 'fetch', 'network-only'],
    // Other methods on catalogue paths.
    ['PUT', '/api/product-view/KF-DR-0041', 'fetch', 'network-only'],
    ['HEAD', '/api/cms/page/o-nas', 'fetch', 'network-only'],
    ['POST', '/api/catalog/other_index/product/_search', 'fetch', 'network-only'],
  ])('%s %s → %s', (method, url, kind, expected) => {
    expect(strategyFor(facts(method, url, kind), context)).toBe(expected);
  });

  test('an Authorization header: never kept, whatever the address', () => {
    expect(strategyFor(facts('GET', '/api/product-view/KF-DR-0041', 'fetch', true), context)).toBe('network-only');
    expect(strategyFor(facts('POST', '/api/catalog/vue_storefront_catalog/product/_search', 'fetch', true), context)).toBe('network-only');
    expect(strategyFor(facts('GET', '/c/grzejniki-lazienkowe', 'page', true), context)).toBe('network-only');
  });
});

describe("pictures, the registry and the shell's files", () => {
  test.each<Row>([
    ['GET', '/img/255/255/resize/product/drabinka-500x1200-b4232a.svg', 'image', 'image'],
    ['GET', '/img/1920/1920/fit/product/panel-1500x600-f4f4f0.svg', 'image', 'image'],
    ['GET', '/mfe-registry.json', 'fetch', 'registry'],
    ['GET', '/main.74ef844d.js', 'script', 'versioned-asset'],
    ['GET', '/564.5272c740.css', 'style', 'versioned-asset'],
    ['GET', '/121.fe6ec07f.js', 'script', 'versioned-asset'],
    ['GET', '/favicon.svg', 'image', 'shell-file'],
    ['GET', '/service-worker.js', 'fetch', 'network-only'],
    ['GET', '/index.html', 'fetch', 'network-only'],
    ['GET', '/main.74ef844d.js?v=2', 'script', 'network-only'],
    ['POST', '/mfe-registry.json', 'fetch', 'network-only'],
    // Other sites: never touched.
    ['GET', 'https://www.googletagmanager.com/gtm.js?id=GTM-XXXX', 'script', 'network-only'],
    ['GET', 'https://pay.google.com/gp/p/payment_method_manifest.json', 'fetch', 'network-only'],
    ['GET', 'https://cdn.example/img/255/255/resize/product/a.svg', 'image', 'network-only'],
  ])('%s %s (%s) → %s', (method, url, kind, expected) => {
    expect(strategyFor(facts(method, url, kind), context)).toBe(expected);
  });
});

describe('the remotes: only the builds the registry names, hashed files cache-first, entries network-first', () => {
  test.each<Row>([
    ['GET', 'http://localhost:3001/1.0.0/remoteEntry.js', 'script', 'remote-entry'],
    ['GET', 'http://localhost:3001/1.0.0/mf-manifest.json', 'fetch', 'remote-entry'],
    ['GET', 'http://localhost:3001/1.0.0/__federation_expose_app.e3128106.js', 'script', 'versioned-asset'],
    ['GET', 'http://localhost:3001/1.0.0/__federation_expose_app.d12ae435.css', 'style', 'versioned-asset'],
    ['GET', 'http://localhost:3001/1.0.0/121.4bf53e61.js', 'script', 'versioned-asset'],
    ['GET', 'http://localhost:3003/1.0.0-b/remoteEntry.js', 'script', 'remote-entry'],
    ['GET', 'http://localhost:3003/1.0.0-b/470.3c7342c5.js', 'script', 'versioned-asset'],
    // The remote loader's retry after an outage: asked afresh.
    ['GET', 'http://localhost:3002/1.0.0/remoteEntry.js?retry=1', 'script', 'network-only'],
    // A build the registry does not name (yet, or any more): the worker stays out.
    ['GET', 'http://localhost:3001/1.1.0/remoteEntry.js', 'script', 'network-only'],
    ['GET', 'http://localhost:3001/1.1.0/121.9a9a9a9a.js', 'script', 'network-only'],
    ['GET', 'http://localhost:3003/1.0.0-c/remoteEntry.js', 'script', 'network-only'],
    ['GET', 'http://localhost:3001/1.0.0', 'script', 'network-only'], // the folder itself
    ['GET', 'http://localhost:3001/', 'fetch', 'network-only'],
    ['GET', 'http://localhost:3009/1.0.0/remoteEntry.js', 'script', 'network-only'],
    // The page server fetches the server builds; a browser never does, and never from a cache.
    ['POST', 'http://localhost:3001/1.0.0/remoteEntry.js', 'fetch', 'network-only'],
  ])('%s %s → %s', (method, url, kind, expected) => {
    expect(strategyFor(facts(method, url, kind), context)).toBe(expected);
  });

  test("a build published by path on the shop's own origin is a remote build too", () => {
    const byPath: RoutingContext = { shopOrigin: SHOP, remoteBuilds: ['/cdn/content/2.0.0/'] };
    expect(strategyFor(facts('GET', '/cdn/content/2.0.0/remoteEntry.js', 'script'), byPath)).toBe('remote-entry');
    expect(strategyFor(facts('GET', '/cdn/content/2.0.0/__federation_expose_app.0badcafe.js', 'script'), byPath)).toBe('versioned-asset');
    expect(remoteBuildOf(new URL(`${SHOP}/cdn/content/2.0.0/remoteEntry.js`), byPath)).toBe(`${SHOP}/cdn/content/2.0.0/`);
    expect(strategyFor(facts('GET', '/cdn/content/1.0.0/remoteEntry.js', 'script'), byPath)).toBe('network-only');
    expect(remoteOriginsOf(byPath)).toEqual([]);
  });

  test('a folder name is matched whole: 1.0.0-a is not 1.0.0-ab', () => {
    expect(strategyFor(facts('GET', 'http://localhost:3003/1.0.0-ab/remoteEntry.js', 'script'), context)).toBe('network-only');
    expect(remoteBuildOf(new URL('http://localhost:3003/1.0.0-a/remoteEntry.js'), { shopOrigin: SHOP, remoteBuilds: ['http://localhost:3003/1.0.0-a'] })).toBe(
      'http://localhost:3003/1.0.0-a/',
    );
  });

  test('the origins the worker fetches from are those of the named builds', () => {
    expect(remoteOriginsOf(context)).toEqual([
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
      'http://localhost:3005',
    ]);
  });
});

/**
 * A release, a rollback and an A/B change are never hidden: the page (network first, no
 * timeout) names the builds; a build folder the worker was not told about is not touched, and
 * the unhashed entry of a named folder — which `npm run release` may publish again under the
 * same version — is asked of the network first. Only content-hashed names are served from the
 * cache without asking, and a hashed name is one content.
 */
describe('releases and rollbacks are never hidden by the worker', () => {
  const before: RoutingContext = { shopOrigin: SHOP, remoteBuilds: ['http://localhost:3002/1.0.0/'] };
  const after: RoutingContext = { shopOrigin: SHOP, remoteBuilds: ['http://localhost:3002/1.1.0/'] };
  const cacheFirst = new Set<Strategy>(['versioned-asset', 'image', 'catalog-json', 'catalog-search', 'shell-file']);

  test("the page that names the new build is always the server's, online", () => {
    for (const ctx of [before, after]) {
      for (const url of ['/', '/c/grzejniki-lazienkowe', '/p/KF-DR-0041/aura', '/mfe-registry.json']) {
        const strategy = strategyFor(facts('GET', url, url.endsWith('.json') ? 'fetch' : 'page'), ctx);
        expect(['navigation', 'registry']).toContain(strategy);
        expect(cacheFirst.has(strategy)).toBe(false);
      }
    }
  });

  test('a release: the new build is fetched by the browser while the old worker runs, and cached once the worker names it', () => {
    expect(strategyFor(facts('GET', 'http://localhost:3002/1.1.0/remoteEntry.js', 'script'), before)).toBe('network-only');
    expect(strategyFor(facts('GET', 'http://localhost:3002/1.1.0/__federation_expose_MiniCart.1a2b3c4d.js', 'script'), before)).toBe('network-only');
    expect(strategyFor(facts('GET', 'http://localhost:3002/1.1.0/remoteEntry.js', 'script'), after)).toBe('remote-entry');
  });

  test('a rollback names an earlier build again: its entry is asked of the network first', () => {
    // 1.0.0 named again: the worker may still hold 1.0.0's remoteEntry.js from before the release.
    expect(strategyFor(facts('GET', 'http://localhost:3002/1.0.0/remoteEntry.js', 'script'), before)).toBe('remote-entry');
    expect(strategyFor(facts('GET', 'http://localhost:3002/1.0.0/mf-manifest.json', 'fetch'), before)).toBe('remote-entry');
    // …and while a worker naming only 1.1.0 still runs, 1.0.0 is not touched at all.
    expect(strategyFor(facts('GET', 'http://localhost:3002/1.0.0/remoteEntry.js', 'script'), after)).toBe('network-only');
  });

  test('no unhashed file is ever cache-first', () => {
    const unhashed = ['remoteEntry.js', 'mf-manifest.json', 'build-info.json', 'mf-stats.json', 'app.js', 'app.css'];
    for (const name of unhashed) {
      expect(cacheFirst.has(strategyFor(facts('GET', `http://localhost:3002/1.0.0/${name}`, 'script'), before))).toBe(false);
    }
  });
});

describe('private addresses', () => {
  test.each([
    ['/api/cart/pull?cartId=c0ffee', true],
    ['/api/cart/pull?cart_id=c0ffee', true],
    ['/api/user/me?token=x', true],
    ['/api/user/refresh?refreshToken=x', true],
    ['/x?groupToken=x', true],
    ['/thank-you-page?order_increment_id=1', true],
    ['/api/order/status?order_id=1', true],
    ['/sandbox-gateway/pay?t=x', true],
    ['/api/ext/newsletter?email=a%40b.pl', true],
    ['/x?request=%7B%22groupToken%22%3A%22abc%22%7D', true],
    ['/c/grzejniki?width=400-600&sort=price:asc', false],
    ['/page-not-found?nf=%2Fx', false],
    ['/api/review/list/41?from=0&size=5', false],
  ])('%s → %s', (path, expected) => {
    expect(hasPrivateQuery(new URL(SHOP + path))).toBe(expected);
  });
});

describe('POST searches: kept by their body, unless it carries a token', () => {
  test.each([
    [
      'a listing',
      JSON.stringify({
        query: { _appliedFilters: [{ attribute: 'category_ids', value: { in: [12] } }], _availableFilters: [] },
        size: 20,
        from: 0,
        sort: 'price:asc',
      }),
      true,
    ],
    ['the header search', JSON.stringify({ query: { _searchText: 'drabinkowy' }, size: 6, _sourceInclude: ['sku', 'name'] }), true],
    ["a customer group's prices", JSON.stringify({ query: {}, groupToken: 'eyJhbGciOi' }), false],
    ['not JSON', 'query=x', false],
    ['a JSON list', '[1,2]', false],
    ['empty', '', false],
    ['huge', JSON.stringify({ query: { _searchText: 'x'.repeat(20_000) } }), false],
  ])('%s → %s', (_case, body, expected) => {
    expect(searchBodyIsCacheable(body)).toBe(expected);
  });

  test("the key is a GET address: the search's URL and the body's digest", () => {
    const key = searchCacheKey(`${SHOP}/api/catalog/vue_storefront_catalog/product/_search`, 'ab12');
    expect(key).toBe(`${SHOP}/api/catalog/vue_storefront_catalog/product/_search?kf-search=ab12`);
    expect(strategyFor(facts('GET', key, 'fetch'), context)).toBe('catalog-json');
  });
});

test("the pages' CSP lets the shell register the worker: no worker-src, child-src or script-src without 'self'", () => {
  // worker-src falls back to child-src, then script-src (CSP 3): 'self' there allows /service-worker.js.
  const directives = pageCspDirectives({ nonce: 'n', remoteOrigins: ['http://localhost:3001'], gatewayOrigins: [SHOP], tls: false });
  expect(directives['worker-src'] ?? directives['child-src'] ?? directives['script-src']).toContain("'self'");
});
