/**
 * The shop's service worker (issue #19, spec §9; docs/offline.md), built by the shell's build as
 * a separate, unhashed `service-worker.js` (shared/mfe-build, `target: 'webworker'`, no Module
 * Federation) and served by the page server at `/service-worker.js` with its configuration
 * written in front of it (shell/server/service-worker-script.ts):
 *
 *   self.__KF_SW__ = { version, precache: [{url, revision}], remoteBuilds: [folder, …] }
 *
 * - `version` names the shell's build: the page and shell caches carry it, so a new build's
 *   worker drops the old ones when it activates;
 * - `precache`: the shell's build, precached (Workbox keeps entries by revision);
 * - `remoteBuilds`: the folders of the remote builds the registry names. A release or a
 *   rollback changes them, hence the script's bytes, hence the browser installs a new worker on
 *   the next page load; until it runs, the old one leaves unknown folders to the browser.
 *
 * Every request is routed by `strategyFor` (routes.ts, table-tested); `network-only` requests
 * are not answered by the worker at all.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate, type Strategy as WorkboxStrategy } from 'workbox-strategies';
import { CATALOG_QUOTA_BYTES, originNearlyFull, purgeOrder, QUOTA_CHECK_MS, type CachedEntry } from './quota';
import { buildFilesOf, type RemoteManifest } from './remote-precache';
import { remoteBuildOf, searchBodyIsCacheable, searchCacheKey, strategyFor, type RoutingContext, type Strategy } from './routes';
import { isFreshPage, markStoredPage } from './stored-page-mark';

/** What the page server writes in front of the script. */
export interface WorkerConfig {
  version: string;
  precache: { url: string; revision: string | null }[];
  remoteBuilds: string[];
}

// The worker's globals, as far as this file uses them (the project's TypeScript lib is the DOM's).
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
/** The Service Worker Static Routing API (Chromium 123+): requests the browser sends past the worker, never dispatched to it. */
interface InstallEvent extends WorkerEvent {
  addRoutes?(routes: { condition: { urlPattern?: string; requestMethod?: string }; source: 'network' }[]): Promise<void>;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
}
interface WorkerScope {
  location: { origin: string; href: string };
  caches: CacheStorage;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
  __KF_SW__?: WorkerConfig;
}
declare const self: WorkerScope;

const config: WorkerConfig = self.__KF_SW__ ?? { version: 'unversioned', precache: [], remoteBuilds: [] };
const context: RoutingContext = { shopOrigin: self.location.origin, remoteBuilds: config.remoteBuilds };

/** Bump when what a data cache holds changes shape: the next worker drops the old one. */
const SCHEMA = 'v1';
const version = config.version.replace(/[^\w.-]/g, '').slice(0, 32) || 'unversioned';
export const CACHES = {
  /** The shell's build and the cached pages belong to one shell build. */
  pages: `kf-pages-${version}`,
  shell: `kf-shell-${version}`,
  registry: `kf-registry-${SCHEMA}`,
  catalog: `kf-catalog-${SCHEMA}`,
  images: `kf-images-${SCHEMA}`,
  remotes: `kf-remotes-${SCHEMA}`,
};
/** Workbox's precache: one cache whose entries it keeps by revision (kept across shell builds). */
setCacheNameDetails({ prefix: 'kf', precache: 'precache', suffix: SCHEMA });
const PRECACHE = `kf-precache-${SCHEMA}`;

const DAY = 24 * 60 * 60;
const APP_SHELL = new URL('/', self.location.href).href;

const ok = new CacheableResponsePlugin({ statuses: [200] });
/** An answer the server says must not be stored is not (the registry excepted: see below). */
const noStore: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (/\bno-store\b/i.test(response.headers.get('cache-control') ?? '') ? null : response),
};

/**
 * Module Federation adds a remote's scripts and stylesheets as plain <script>/<link>: no-cors
 * requests, whose opaque answers cannot be checked (a 404 would be kept) and count ~7 MB each
 * against the quota in Chromium. The shop's own /mfe/ files are same-origin; a team origin
 * allows any origin to read (CORS `*`, docs/releasing.md), so the worker asks it in CORS mode
 * without credentials; where that fails it asks as the page did and keeps nothing.
 */
const corsForRemotes: WorkboxPlugin = {
  requestWillFetch: async ({ request }) =>
    new URL(request.url).origin !== self.location.origin && request.mode === 'no-cors'
      ? new Request(request.url, { mode: 'cors', credentials: 'omit', cache: request.cache, redirect: 'follow' })
      : request,
  handlerDidError: async ({ request }) => fetch(request),
};

// ── The catalogue's size (spec §9: 4096 KB, checked every 30 s) ──────────────────────────────
/** Sizes of the catalogue cache's answers as this worker saw them stored; the rest is measured once. */
const catalogEntries = new Map<string, CachedEntry>();
let quotaCheck: Promise<void> | null = null;

const trackCatalog: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, newResponse }) => {
    const size = (await newResponse.clone().arrayBuffer()).byteLength;
    catalogEntries.set(request.url, { url: request.url, size, storedAt: Date.now() });
    const total = [...catalogEntries.values()].reduce((sum, entry) => sum + entry.size, 0);
    if (total > CATALOG_QUOTA_BYTES) void checkQuota();
  },
};

async function measure(cache: Cache, key: Request): Promise<CachedEntry> {
  const response = await cache.match(key);
  const size = response ? (await response.arrayBuffer()).byteLength : 0;
  const storedAt = Date.parse(response?.headers.get('date') ?? '') || 0;
  return { url: key.url, size, storedAt };
}

async function purgeCatalogue(): Promise<void> {
  const cache = await self.caches.open(CACHES.catalog);
  const keys = await cache.keys();
  const present = new Set(keys.map((key) => key.url));
  for (const url of catalogEntries.keys()) if (!present.has(url)) catalogEntries.delete(url); // expired meanwhile
  for (const key of keys) if (!catalogEntries.has(key.url)) catalogEntries.set(key.url, await measure(cache, key));
  for (const url of purgeOrder([...catalogEntries.values()], CATALOG_QUOTA_BYTES)) {
    await cache.delete(url);
    catalogEntries.delete(url);
  }
}

/** The origin near the browser's limit: the data caches go (code and pages stay). */
async function purgeWhenOriginFull(): Promise<void> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!originNearlyFull(estimate)) return;
  // The plugins forget their timestamps of the caches they served; the caches go whether or not they did.
  await Promise.all([catalogExpiration.deleteCacheAndMetadata(), imageExpiration.deleteCacheAndMetadata()]);
  await Promise.all([self.caches.delete(CACHES.catalog), self.caches.delete(CACHES.images)]);
  catalogEntries.clear();
}

function checkQuota(): Promise<void> {
  quotaCheck ??= purgeWhenOriginFull()
    .then(purgeCatalogue)
    .catch((error: unknown) => console.warn('[service-worker] quota check failed', error))
    .finally(() => {
      quotaCheck = null;
    });
  return quotaCheck;
}
setInterval(() => void checkQuota(), QUOTA_CHECK_MS);

// ── Strategies ─────────────────────────────────────────────────────────────────────────────
const catalogExpiration = new ExpirationPlugin({ maxAgeSeconds: DAY, maxEntries: 2000, purgeOnQuotaError: true });
const imageExpiration = new ExpirationPlugin({ maxAgeSeconds: 7 * DAY, maxEntries: 1000, purgeOnQuotaError: true });
const catalogPlugins = [ok, noStore, catalogExpiration, trackCatalog];

const strategies = {
  /** A short timeout: the registry is small; offline (or the server silent for 3 s) its cached copy. */
  registry: new NetworkFirst({ cacheName: CACHES.registry, networkTimeoutSeconds: 3, plugins: [ok] }),
  /** No timeout: online, the server's page — which names this visit's builds — always wins. */
  navigation: new NetworkFirst({
    cacheName: CACHES.pages,
    matchOptions: { ignoreVary: true },
    plugins: [ok, noStore, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY })],
  }),
  privatePage: new NetworkOnly(),
  /** Catalogue JSON: see `catalogue()` — a fresh copy and a refresh behind it, else the network first. */
  catalog: new StaleWhileRevalidate({ cacheName: CACHES.catalog, plugins: catalogPlugins }),
  catalogAged: new NetworkFirst({ cacheName: CACHES.catalog, plugins: catalogPlugins }),
  image: new CacheFirst({ cacheName: CACHES.images, plugins: [ok, noStore, imageExpiration] }),
  shellAsset: new CacheFirst({ cacheName: CACHES.shell, plugins: [ok] }),
  shellFile: new StaleWhileRevalidate({ cacheName: CACHES.shell, plugins: [ok] }),
  remoteAsset: new CacheFirst({ cacheName: CACHES.remotes, plugins: [ok, corsForRemotes] }),
  // A build's files never change under its address; the loader's `?retry=` (after a failed load) is the same file.
  remoteEntry: new NetworkFirst({ cacheName: CACHES.remotes, matchOptions: { ignoreSearch: true }, plugins: [ok, corsForRemotes] }),
};

async function appShell(): Promise<Response> {
  const cache = await self.caches.open(CACHES.pages);
  const shell = await cache.match(APP_SHELL, { ignoreVary: true });
  return shell ?? Response.error();
}

/**
 * A page (not a private one). A copy rendered less than FRESH_PAGE_MS ago answers at once,
 * marked (the shell's boot then checks its builds and language against the registry before any
 * remote's code runs: stored-page.ts); otherwise the network first, the copy offline. The copy
 * is not refreshed behind it: after FRESH_PAGE_MS the next visit asks the server anyway.
 */
async function page(options: RouteHandlerCallbackOptions): Promise<Response> {
  const cache = await self.caches.open(CACHES.pages);
  const stored = await cache.match(options.request, { ignoreVary: true });
  const renderedAt = Date.parse(stored?.headers.get('date') ?? '');
  if (stored && isFreshPage(renderedAt, Date.now())) {
    const headers = new Headers(stored.headers);
    // The body is read decoded: it goes to the page as it is, not as the server encoded it.
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(markStoredPage(await stored.text(), renderedAt), { status: stored.status, statusText: stored.statusText, headers });
  }
  return withAppShell(strategies.navigation, options);
}

async function withAppShell(strategy: WorkboxStrategy, options: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    return await strategy.handle({ event: options.event, request: options.request });
  } catch {
    return appShell();
  }
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Catalogue JSON (a GET read, or a POST search under its key). A copy stored less than
 * FRESH_PAGE_MS ago answers at once and is refreshed behind it (stale-while-revalidate); an older
 * one only when the network fails (network first) — so a price the worker shows is never older
 * than the 5 minutes a stored page may be (docs/catalogue.md, "How old a price can be"), and
 * offline the catalogue still answers from its copies.
 */
async function catalogue(event: RouteHandlerCallbackOptions['event'], key: Request, fresh: WorkboxStrategy, aged: WorkboxStrategy): Promise<Response> {
  const cache = await self.caches.open(CACHES.catalog);
  const stored = await cache.match(key);
  const storedAt = Date.parse(stored?.headers.get('date') ?? '');
  return (stored && isFreshPage(storedAt, Date.now()) ? fresh : aged).handle({ event, request: key });
}

/** A POST search is kept under a GET address made of its URL and its body's digest. */
async function catalogSearch({ event, request }: RouteHandlerCallbackOptions): Promise<Response> {
  const original = request;
  const body = await original.clone().text();
  if (!searchBodyIsCacheable(body)) return fetch(original);
  const key = new Request(searchCacheKey(original.url, await digest(body)));
  const post: WorkboxPlugin = {
    requestWillFetch: async () =>
      new Request(original.url, {
        method: 'POST',
        headers: original.headers,
        body,
        credentials: original.credentials,
        cache: original.cache,
        redirect: original.redirect,
      }),
  };
  const plugins = [...catalogPlugins, post];
  return catalogue(event, key, new StaleWhileRevalidate({ cacheName: CACHES.catalog, plugins }), new NetworkFirst({ cacheName: CACHES.catalog, plugins }));
}

function handle(options: RouteHandlerCallbackOptions): Promise<Response> {
  const { event, request } = options;
  const strategy = (options.params as unknown as Strategy | undefined) ?? 'network-only';
  const url = new URL(request.url);
  switch (strategy) {
    case 'registry':
      return strategies.registry.handle({ event, request });
    case 'navigation':
      return page(options);
    case 'private-page':
      return withAppShell(strategies.privatePage, options);
    case 'catalog-json':
      return catalogue(event, request, strategies.catalog, strategies.catalogAged);
    case 'catalog-search':
      return catalogSearch(options);
    case 'image':
      return strategies.image.handle({ event, request });
    case 'versioned-asset':
      return (remoteBuildOf(url, context) ? strategies.remoteAsset : strategies.shellAsset).handle({ event, request });
    case 'remote-entry':
      return strategies.remoteEntry.handle({ event, request });
    case 'shell-file':
      return strategies.shellFile.handle({ event, request });
    default:
      return fetch(request);
  }
}

// ── Wiring ─────────────────────────────────────────────────────────────────────────────────
// The shell's build: precached; its route answers those URLs from the cache (content-hashed or revisioned).
precacheAndRoute(config.precache, { directoryIndex: '', cleanURLs: false, ignoreURLParametersMatching: [] });
cleanupOutdatedCaches();

const match = ({ request }: { request: Request }): Strategy | false => {
  const strategy = strategyFor(
    {
      url: request.url,
      method: request.method,
      mode: request.mode,
      destination: request.destination,
      hasAuthorization: request.headers.has('authorization'),
    },
    context,
  );
  return strategy === 'network-only' ? false : strategy;
};
registerRoute(match, handle, 'GET');
registerRoute(match, handle, 'POST');

/**
 * Every file of every build the registry names — the header widgets' remotes, every route's, the
 * words of every language — stored at install (docs/offline.md, "A first visit offline"): a
 * shopper who goes offline after one page can still press "Dodaj do koszyka" (the cart's code
 * loads from here), open another remote's page and switch language. What is stored already (a
 * build's files never change) is not fetched again. A file that cannot be fetched is skipped.
 */
async function precacheRemoteBuilds(): Promise<void> {
  const cache = await self.caches.open(CACHES.remotes);
  const fetchCors = (url: string) => fetch(new Request(url, { mode: 'cors', credentials: 'omit' }));
  for (const folder of config.remoteBuilds) {
    try {
      const base = new URL(folder, self.location.href).href;
      const manifest = await fetchCors(new URL('mf-manifest.json', base).href);
      if (!manifest.ok) continue;
      const files = buildFilesOf(base, (await manifest.json()) as RemoteManifest);
      const missing = (await Promise.all(files.map(async (url) => ((await cache.match(url, { ignoreSearch: true })) ? null : url)))).filter(
        (url): url is string => url !== null,
      );
      await Promise.all(
        missing.map((url) =>
          fetchCors(url)
            .then((response) => (response.ok ? cache.put(url, response) : undefined))
            .catch(() => undefined),
        ),
      );
    } catch (error) {
      console.warn('[service-worker] a build could not be stored', folder, error);
    }
  }
}

/**
 * The beacons a page sends as it goes away — a build's signals (POST /api/signals) and an A/B
 * exposure — never reach the worker: Chromium drops a keep-alive request it routed through a
 * worker once the page that sent it is gone (measured: 21–67 % of the signals arrived with the
 * worker installed, every one without it). The browser sends them straight to the network
 * (docs/releasing.md, "Signals": delivery as measured).
 */
const PAST_THE_WORKER = ['/api/signals', '/api/experiments/exposures'];

self.addEventListener('install', (event: InstallEvent) => {
  if (event.addRoutes) {
    event.waitUntil(
      event
        .addRoutes(PAST_THE_WORKER.map((pathname) => ({ condition: { urlPattern: pathname, requestMethod: 'POST' }, source: 'network' as const })))
        .catch((error: unknown) => console.warn('[service-worker] the beacons could not be routed past the worker', error)),
    );
  }
  // The home page is the app shell for a page never opened: fetched now (with the visitor's
  // cookies: the same A/B builds), refreshed by every online visit to '/'. A failure is no failure.
  event.waitUntil(
    Promise.all([
      self.caches
        .open(CACHES.pages)
        .then((cache) => cache.add(APP_SHELL))
        .catch(() => undefined),
      precacheRemoteBuilds(),
    ]),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([...Object.values(CACHES), PRECACHE]);
      for (const name of await self.caches.keys()) {
        if (name.startsWith('kf-') && !keep.has(name)) await self.caches.delete(name);
      }
      // Remote files of builds the registry no longer names go (a rollback names them again: fetched anew).
      const remotes = await self.caches.open(CACHES.remotes);
      for (const key of await remotes.keys()) {
        if (!remoteBuildOf(new URL(key.url), context)) await remotes.delete(key);
      }
      await checkQuota();
    })(),
  );
});
clientsClaim();

// A page may let a waiting worker take over at once (postMessage({type: "SKIP_WAITING"}), as workbox-window sends it).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
