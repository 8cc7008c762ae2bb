import { linkTo, matchRoute, ROUTES, type RouteIntent } from './routes';

describe('matchRoute: spec §2 route table', () => {
  test.each([
    ['/', 'home', 'catalog', {}],
    ['/pwa.html', 'home', 'catalog', {}],
    ['/checkout', 'checkout', 'checkout', {}],
    ['/my-account', 'my-account', 'account', {}],
    ['/my-account/shipping-details', 'shipping-details', 'account', {}],
    ['/my-account/newsletter', 'newsletter', 'account', {}],
    ['/my-account/orders', 'orders', 'account', {}],
    ['/my-account/orders/000000123', 'order', 'account', { orderId: '000000123' }],
    ['/my-account/recently-viewed', 'recently-viewed', 'account', {}],
    ['/compare', 'compare', 'catalog', {}],
    ['/error', 'error', 'content', {}],
    ['/thank-you-page', 'thank-you-page', 'checkout', {}],
    ['/p/KAL-100/grzejnik-lazienkowy-wenus', 'product', 'catalog', { parentSku: 'KAL-100', slug: 'grzejnik-lazienkowy-wenus' }],
    ['/p/KAL-100/wenus/KAL-100-500x1200-biały', 'configurable-product', 'catalog', { parentSku: 'KAL-100', slug: 'wenus', childSku: 'KAL-100-500x1200-biały' }],
    [
      '/p/KAL-100/wenus/KAL-100-500x1200-bia%C5%82y',
      'configurable-product',
      'catalog',
      { parentSku: 'KAL-100', slug: 'wenus', childSku: 'KAL-100-500x1200-biały' },
    ],
    ['/i/regulamin', 'cms-page', 'content', { slug: 'regulamin' }],
    ['/c/grzejniki-lazienkowe', 'category', 'catalog', { slug: 'grzejniki-lazienkowe' }],
    ['/porady', 'advice', 'content', {}],
    ['/porady/jak-dobrac-moc-grzejnika', 'advice-article', 'content', { slug: 'jak-dobrac-moc-grzejnika' }],
    ['/categories', 'categories', 'catalog', {}],
    ['/categories/akcesoria', 'category', 'catalog', { slug: 'akcesoria' }],
    ['/create-password', 'create-password', 'account', {}],
    ['/placepozniej', 'placepozniej', 'content', {}],
    ['/marki', 'brands', 'catalog', {}],
    ['/brands', 'brands', 'catalog', {}],
    ['/en/checkout', 'en-checkout', 'checkout', {}],
    ['/en/my-account', 'en-my-account', 'account', {}],
    ['/en/i/regulamin', 'en-cms-page', 'content', { slug: 'regulamin' }],
    ['/page-not-found', 'page-not-found', 'content', {}],
    ['/checkout/', 'checkout', 'checkout', {}],
  ])('%s → %s owned by %s', (path, name, remote, params) => {
    expect(matchRoute(path)).toEqual({ name, remote, params });
  });

  test.each(['/nie-ma-takiej-strony', '/grzejniki-lazienkowe/grzejniki-drabinkowe', '/p/only-sku', '/my-account/orders/1/extra', '/c', '/p/%E0%A4%A/x'])(
    "%s goes to the catalogue's URL dispatcher (a url_path, or page-not-found)",
    (path) => {
      expect(matchRoute(path)).toEqual({ name: 'url-dispatcher', remote: 'catalog', params: {} });
    },
  );

  test('the catch-all is the last row, so it never hides a route', () => {
    expect(ROUTES.findIndex((route) => route.pattern === '*')).toBe(ROUTES.length - 1);
  });

  test('every route belongs to a remote that exists', () => {
    for (const route of ROUTES) expect(['catalog', 'checkout', 'account', 'content']).toContain(route.remote);
  });
});

describe('linkTo: links are built from intents', () => {
  test.each<[RouteIntent, string]>([
    [{ name: 'home' }, '/'],
    [{ name: 'categories' }, '/categories'],
    [{ name: 'category', slug: 'grzejniki-lazienkowe' }, '/c/grzejniki-lazienkowe'],
    [{ name: 'category', slug: 'x', urlPath: 'grzejniki/lazienkowe' }, '/grzejniki/lazienkowe'],
    [{ name: 'product', parentSku: 'KAL 1', slug: 'wenus' }, '/p/KAL%201/wenus'],
    [{ name: 'product', parentSku: 'KAL-1', slug: 'wenus', childSku: 'KAL-1-b' }, '/p/KAL-1/wenus/KAL-1-b'],
    [{ name: 'compare' }, '/compare'],
    [{ name: 'checkout' }, '/checkout'],
    [{ name: 'checkout', step: 'payment' }, '/checkout#payment'],
    [{ name: 'thank-you-page', orderIncrementId: '000000007' }, '/thank-you-page?order_increment_id=000000007'],
    [{ name: 'thank-you-page', orderIncrementId: '7', error: '501' }, '/thank-you-page?order_increment_id=7&error=501'],
    [{ name: 'thank-you-page', offlineOrder: '0f3a9c2e1b7d4a60' }, '/thank-you-page?offline_order=0f3a9c2e1b7d4a60'],
    [{ name: 'my-account' }, '/my-account'],
    [{ name: 'my-account', section: 'orders' }, '/my-account/orders'],
    [{ name: 'order', orderId: '12' }, '/my-account/orders/12'],
    [{ name: 'cms-page', slug: 'regulamin' }, '/i/regulamin'],
    [{ name: 'advice' }, '/porady'],
    [{ name: 'advice', slug: 'pompa-ciepla' }, '/porady/pompa-ciepla'],
    [{ name: 'error' }, '/error'],
    [{ name: 'create-password' }, '/create-password'],
    [{ name: 'page-not-found', nf: '/stara-strona?x=1' }, '/page-not-found?nf=%2Fstara-strona%3Fx%3D1'],
  ])('%j → %s', (intent, href) => {
    expect(linkTo(intent)).toBe(href);
  });

  test('a built link routes back to the same page', () => {
    const href = linkTo({ name: 'product', parentSku: 'KAL-1', slug: 'wenus', childSku: 'KAL-1-biały' });
    expect(matchRoute(href)?.params).toEqual({ parentSku: 'KAL-1', slug: 'wenus', childSku: 'KAL-1-biały' });
  });
});

test('docs/routes.md lists every path of the table', () => {
  const fs = jest.requireActual<typeof import('node:fs')>('node:fs');
  const path = jest.requireActual<typeof import('node:path')>('node:path');
  const doc = fs.readFileSync(path.resolve(__dirname, '../../../docs/routes.md'), 'utf8');
  for (const route of ROUTES) {
    const written = route.pattern.replace(/:(\w+)/g, '{$1}');
    expect(doc).toContain(`\`${written}`);
  }
});
