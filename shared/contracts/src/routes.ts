/** The five remotes the shop is built with (remotes.ts, BUILT_IN_REMOTES). */
export type BuiltInRemote = 'catalog' | 'cart' | 'checkout' | 'account' | 'content';
/**
 * A remote's name: one of the built-in five, or one an operator registered with the shop's
 * registry (`npm run registry -- remote add`): lower-case letters and digits, at most 16.
 */
export type RemoteName = string;

export interface RouteDefinition {
  name: string;
  pattern: string;
  remote: RemoteName;
}

/**
 * Spec §2 route table: every route and the remote that owns it. The shell registers one
 * single-spa application per remote from this table; each remote picks its page by name.
 * docs/routes.md lists the same table for people; routes.test.ts checks it names every path.
 */
export const ROUTES: readonly (RouteDefinition & { remote: BuiltInRemote })[] = [
  { name: 'home', pattern: '/', remote: 'catalog' },
  { name: 'home', pattern: '/pwa.html', remote: 'catalog' },
  { name: 'categories', pattern: '/categories', remote: 'catalog' },
  { name: 'category', pattern: '/categories/:slug', remote: 'catalog' },
  { name: 'category', pattern: '/c/:slug', remote: 'catalog' },
  { name: 'product', pattern: '/p/:parentSku/:slug', remote: 'catalog' },
  { name: 'configurable-product', pattern: '/p/:parentSku/:slug/:childSku', remote: 'catalog' },
  { name: 'compare', pattern: '/compare', remote: 'catalog' },
  { name: 'brands', pattern: '/brands', remote: 'catalog' },
  { name: 'brands', pattern: '/marki', remote: 'catalog' },
  { name: 'checkout', pattern: '/checkout', remote: 'checkout' },
  { name: 'en-checkout', pattern: '/en/checkout', remote: 'checkout' },
  { name: 'thank-you-page', pattern: '/thank-you-page', remote: 'checkout' },
  { name: 'my-account', pattern: '/my-account', remote: 'account' },
  { name: 'en-my-account', pattern: '/en/my-account', remote: 'account' },
  { name: 'shipping-details', pattern: '/my-account/shipping-details', remote: 'account' },
  { name: 'newsletter', pattern: '/my-account/newsletter', remote: 'account' },
  { name: 'orders', pattern: '/my-account/orders', remote: 'account' },
  { name: 'order', pattern: '/my-account/orders/:orderId', remote: 'account' },
  { name: 'recently-viewed', pattern: '/my-account/recently-viewed', remote: 'account' },
  { name: 'create-password', pattern: '/create-password', remote: 'account' },
  { name: 'cms-page', pattern: '/i/:slug', remote: 'content' },
  { name: 'en-cms-page', pattern: '/en/i/:slug', remote: 'content' },
  { name: 'advice', pattern: '/porady', remote: 'content' },
  { name: 'advice-article', pattern: '/porady/:slug', remote: 'content' },
  { name: 'error', pattern: '/error', remote: 'content' },
  { name: 'placepozniej', pattern: '/placepozniej', remote: 'content' },
  { name: 'page-not-found', pattern: '/page-not-found', remote: 'content' },
  // Spec §2 "Unknown URLs": any other path may be a product's or a category's url_path; the
  // catalogue looks it up and sends the shopper to page-not-found (with nf) when it is neither.
  { name: 'url-dispatcher', pattern: '*', remote: 'catalog' },
];

export interface RouteMatch {
  name: string;
  remote: RemoteName;
  params: Record<string, string>;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const expected = splitPath(pattern);
  const actual = splitPath(path);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i += 1) {
    const want = expected[i];
    const got = actual[i];
    if (want.startsWith(':')) {
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null; // a malformed escape is not a route of ours
      }
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}

/**
 * The routes of remotes registered beyond the built-in five, as the registry names them
 * (docs/routes.md, "Registered remotes"): the shell sets them when it knows its registry — the
 * page server at each registry change, the browser before its first route. Module state on
 * purpose: this package is the page's singleton, so every remote matches paths against them too.
 */
let registeredRoutes: readonly RouteDefinition[] = [];

export function setRegisteredRoutes(routes: readonly RouteDefinition[]): void {
  registeredRoutes = routes.filter((route) => route.pattern !== '*');
}

/** Every route a path may belong to: the built-in ones, the registered ones, then the catch-all. */
export function routeTable(): readonly RouteDefinition[] {
  if (registeredRoutes.length === 0) return ROUTES;
  return [...ROUTES.slice(0, -1), ...registeredRoutes, ROUTES[ROUTES.length - 1]];
}

/** The route a path belongs to; the last row ('*', the URL dispatcher) takes any other path. */
export function matchRoute(path: string): RouteMatch {
  for (const route of routeTable()) {
    const params = matchPattern(route.pattern, path);
    if (params) return { name: route.name, remote: route.remote, params };
  }
  throw new Error('ROUTES must end with a catch-all row');
}

/** Where a link goes, said as an intent: remotes never hand-write each other's URLs. */
export type RouteIntent =
  | { name: 'home' }
  | { name: 'categories' }
  | { name: 'category'; slug: string; urlPath?: string }
  | { name: 'product'; parentSku: string; slug: string; childSku?: string; urlPath?: string }
  | { name: 'compare' }
  | { name: 'checkout'; step?: 'shipping' | 'payment' | 'orderReview' }
  | { name: 'thank-you-page'; orderIncrementId: string; error?: string }
  /** An order placed offline, waiting in this browser's queue (spec §4): its client order id. */
  | { name: 'thank-you-page'; offlineOrder: string }
  | { name: 'my-account'; section?: 'shipping-details' | 'newsletter' | 'orders' | 'recently-viewed' }
  | { name: 'order'; orderId: string }
  | { name: 'create-password' }
  | { name: 'cms-page'; slug: string }
  | { name: 'advice'; slug?: string }
  | { name: 'error' }
  | { name: 'page-not-found'; nf: string };

const enc = encodeURIComponent;

export function linkTo(intent: RouteIntent): string {
  switch (intent.name) {
    case 'home':
      return '/';
    case 'categories':
      return '/categories';
    case 'category':
      return intent.urlPath ? `/${intent.urlPath}` : `/c/${enc(intent.slug)}`;
    case 'product': {
      if (intent.urlPath) return `/${intent.urlPath}`;
      const base = `/p/${enc(intent.parentSku)}/${enc(intent.slug)}`;
      return intent.childSku ? `${base}/${enc(intent.childSku)}` : base;
    }
    case 'compare':
      return '/compare';
    case 'checkout':
      return intent.step ? `/checkout#${intent.step}` : '/checkout';
    case 'thank-you-page': {
      if ('offlineOrder' in intent) return `/thank-you-page?${new URLSearchParams({ offline_order: intent.offlineOrder })}`;
      const query = new URLSearchParams({ order_increment_id: intent.orderIncrementId });
      if (intent.error) query.set('error', intent.error);
      return `/thank-you-page?${query}`;
    }
    case 'my-account':
      return intent.section ? `/my-account/${intent.section}` : '/my-account';
    case 'order':
      return `/my-account/orders/${enc(intent.orderId)}`;
    case 'create-password':
      return '/create-password';
    case 'cms-page':
      return `/i/${enc(intent.slug)}`;
    case 'advice':
      return intent.slug ? `/porady/${enc(intent.slug)}` : '/porady';
    case 'error':
      return '/error';
    case 'page-not-found':
      return `/page-not-found?${new URLSearchParams({ nf: intent.nf })}`;
  }
}
