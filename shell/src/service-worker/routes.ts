import { matchRoute } from '@kaloryfer/contracts/routes';

/**
 * Which caching strategy the service worker uses for a request (issue #19, spec §9;
 * docs/offline.md has the table). Pure: the worker (service-worker.ts) calls it with what the
 * fetch event says, and table tests beside it hold every row to a real URL of this shop.
 *
 * - `network-only`     the worker does not answer: the browser fetches as if there were no worker.
 *                      Carts, orders, payments, the customer's data, stock, the wishlist, the
 *                      newsletter, anything with a token, a cart or an order id or an
 *                      Authorization header, anything not GET (but a catalogue search), other
 *                      origins and remote builds the registry does not name.
 * - `registry`         network first (3 s), the cached copy offline.
 * - `navigation`       a copy rendered under 5 minutes ago at once (marked: the shell checks its
 *                      builds against the registry before running them, stored-page.ts); else
 *                      network first (no timeout), the cached page offline, else the cached home
 *                      as the app shell.
 * - `private-page`     network only, never stored; offline the cached home as the app shell
 *                      (checkout, thank-you page, account pages).
 * - `catalog-json`     a copy stored under 5 minutes ago at once, refreshed behind it; an older one
 *                      only offline (network first); kept 24 h (GET catalogue reads).
 * - `catalog-search`   the same for the POST catalogue search, keyed by its body.
 * - `image`            cache first, 7 days (/img/).
 * - `versioned-asset`  cache first: a content-hashed file of the shell or of a build the registry names.
 * - `remote-entry`     network first (no timeout), the cached copy offline: a named build's files
 *                      whose names are not hashed (remoteEntry.js, mf-manifest.json). The shop's own
 *                      /mfe/ folders are named by their build's hash, but a team origin may serve
 *                      these names from a folder of its choosing (docs/releasing.md).
 * - `shell-file`       stale-while-revalidate: the shell's files without a hash (favicon.svg).
 */
export type Strategy =
  'network-only' | 'registry' | 'navigation' | 'private-page' | 'catalog-json' | 'catalog-search' | 'image' | 'versioned-asset' | 'remote-entry' | 'shell-file';

/** What the worker knows of a request (FetchEvent.request), and nothing else. */
export interface RequestFacts {
  url: string;
  method: string;
  /** Request.mode: 'navigate' for a page load, 'cors', 'no-cors' (a <script>/<img>), 'same-origin'. */
  mode: string;
  /** Request.destination: 'document', 'script', 'style', 'image', '' for fetch(). */
  destination: string;
  hasAuthorization: boolean;
}

export interface RoutingContext {
  /** The worker's own origin: the shop's pages, API, pictures and the shell's files. */
  shopOrigin: string;
  /**
   * The folders of the remote builds the registry names (each variant's mf-manifest.json's
   * folder: `/mfe/catalog/9c1000a3242b7cbd/` on the shop's own origin, or a team origin's `https://cdn…/catalog/1.4.0/`),
   * as the page server wrote them into the worker script. A remote file outside them is
   * `network-only`: a build the worker was not told about is never served from its caches.
   */
  remoteBuilds: readonly string[];
}

/** The remote origins the worker fetches from (its own CSP's connect-src names exactly these). */
export function remoteOriginsOf(context: RoutingContext): string[] {
  return [...new Set(context.remoteBuilds.map((folder) => new URL(folder, context.shopOrigin).origin))]
    .filter((origin) => origin !== context.shopOrigin)
    .sort();
}

/** 8 hex digits before the extension: rspack's `[name].[contenthash:8].js` (shared/mfe-build). */
const HASHED_FILE = /\.[0-9a-f]{8}\.(?:js|mjs|css|svg|png|jpe?g|webp|avif|gif|woff2?|ttf|json)$/;

/**
 * Query parameters that make a URL private: the VSF contract sends the user's token as
 * `?token=` and the cart id as `?cartId=`; the thank-you page and order status carry the order
 * ids; the reset link a token; the sandbox gateway its sealed payment (`t`); the newsletter an
 * e-mail. (The API's log redaction cuts the same ones out: api/src/auth/log-redaction.ts.)
 */
const PRIVATE_PARAMETER = /token|password|^cart_?id$|^order_id$|^order_increment_id$|^email$|^t$/i;
/** A value holding a token (a GET search's `request=` JSON with a groupToken). */
const PRIVATE_VALUE = /token/i;

export function hasPrivateQuery(url: URL): boolean {
  for (const [name, value] of url.searchParams) {
    if (PRIVATE_PARAMETER.test(name) || PRIVATE_VALUE.test(value)) return true;
  }
  return false;
}

/**
 * The API's catalogue reads (docs/catalogue.md, docs/content.md): the same for every shopper
 * and changed by the catalogue only. Not stock (live), not `/api/store`, `/api/company`, nor
 * anything of a customer.
 */
const CATALOG_READS: readonly RegExp[] = [
  /^\/api\/catalog\/vue_storefront_catalog(?:_[a-z]{2})?\/[a-z_]+\/_search$/, // GET with request=
  /^\/api\/product\/render-list$/,
  /^\/api\/product\/single$/,
  /^\/api\/product-view\/[^/]+$/,
  /^\/api\/url$/,
  /^\/api\/cms\/page\/[^/]+$/,
  /^\/api\/cms\/blocks$/,
  /^\/api\/cms\/hierarchy\/[^/]+$/,
  /^\/api\/advice$/,
  /^\/api\/advice\/[^/]+$/,
  /^\/api\/review\/list\/\d+$/,
];

/** POST /api/catalog/{index}/{type}/_search: the storefront's searches (the body holds the query). */
const CATALOG_SEARCH = /^\/api\/catalog\/vue_storefront_catalog(?:_[a-z]{2})?\/[a-z_]+\/_search$/;

/** Pages that show a customer's cart, order or account: never stored (the app shell offline). */
export const PRIVATE_ROUTES: ReadonlySet<string> = new Set([
  'checkout',
  'en-checkout',
  'thank-you-page',
  'my-account',
  'en-my-account',
  'shipping-details',
  'newsletter',
  'orders',
  'order',
  'recently-viewed',
  'create-password',
]);

/** Paths of the shop's origin that are never pages to keep. */
const NOT_PAGES = /^\/(?:api|img|sandbox-gateway)(?:\/|$)|^\/service-worker\.js$|^\/mfe-registry\.json$/;

/** The named build folder a URL lies in, or null. */
export function remoteBuildOf(url: URL, context: RoutingContext): string | null {
  for (const folder of context.remoteBuilds) {
    const base = new URL(folder, context.shopOrigin);
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    if (url.origin === base.origin && url.pathname.startsWith(base.pathname) && url.pathname.length > base.pathname.length) return base.href;
  }
  return null;
}

function remoteStrategy(url: URL): Strategy {
  // A retry after an outage asks afresh under a new address (?retry=n, remote-loader.ts).
  if (url.search) return 'network-only';
  return HASHED_FILE.test(url.pathname) ? 'versioned-asset' : 'remote-entry';
}

function pageStrategy(url: URL): Strategy {
  if (NOT_PAGES.test(url.pathname)) return 'network-only';
  let route: string;
  try {
    route = matchRoute(url.pathname).name;
  } catch {
    return 'network-only';
  }
  return PRIVATE_ROUTES.has(route) ? 'private-page' : 'navigation';
}

export function strategyFor(request: RequestFacts, context: RoutingContext): Strategy {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network-only';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'network-only';
  if (request.hasAuthorization || hasPrivateQuery(url)) return 'network-only';
  const method = request.method.toUpperCase();
  const sameOrigin = url.origin === new URL(context.shopOrigin).origin;

  if (method === 'POST') {
    return sameOrigin && CATALOG_SEARCH.test(url.pathname) ? 'catalog-search' : 'network-only';
  }
  if (method !== 'GET') return 'network-only';

  // A remote build the registry names (on its own origin, or by path on the shop's).
  if (remoteBuildOf(url, context)) return remoteStrategy(url);
  if (!sameOrigin) return 'network-only';

  const path = url.pathname;
  if (path === '/mfe-registry.json') return 'registry';
  if (path === '/api' || path.startsWith('/api/')) return CATALOG_READS.some((read) => read.test(path)) ? 'catalog-json' : 'network-only';
  if (path.startsWith('/img/')) return 'image';
  if (request.mode === 'navigate' || request.destination === 'document') return pageStrategy(url);
  if (path === '/service-worker.js' || path.startsWith('/sandbox-gateway')) return 'network-only';
  // The shell's own files sit at the root of its origin (publicPath '/').
  if (/^\/[^/]+\.[a-z0-9]+$/i.test(path)) {
    if (HASHED_FILE.test(path)) return url.search ? 'network-only' : 'versioned-asset';
    return path === '/index.html' ? 'network-only' : 'shell-file';
  }
  return 'network-only';
}

/**
 * May a POST catalogue search's answer be kept? Not when its body carries a token (a B2B
 * `groupToken`: the prices are that customer group's), nor when it is not the JSON the storefront
 * sends, nor when it is large (keys are a digest of the body: a huge body is no listing).
 */
export function searchBodyIsCacheable(body: string): boolean {
  if (body.length === 0 || body.length > 16 * 1024) return false;
  if (/token/i.test(body)) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** The GET address a POST search is kept under: its URL plus a digest of its body. */
export function searchCacheKey(url: string, bodyDigest: string): string {
  const key = new URL(url);
  key.searchParams.set('kf-search', bodyDigest);
  return key.href;
}
