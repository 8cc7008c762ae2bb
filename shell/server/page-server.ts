import { consentCookie, CONSENT_FORM_PATH, FORM_CHOICES } from '../src/consent/consent-cookie';
import { ConsentBannerHtml } from './consent-banner-html';
import { assignmentOnConsent, ASSIGNMENT_PATH } from './assignment-on-consent';
import { PAGE_VIEW_PATH } from '../src/signals/page-signals';
import { CROSS_SITE_FORM, isCrossSiteForm, OVERRIDE_COOKIE, OVERRIDE_PATH, servedOverTls } from '@kaloryfer/api-contract';
import type { OverrideReader, PinsCookie, RenderSignals } from './ports';
import { pageNonce } from './nonce';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONTRACTS_VERSION } from '@kaloryfer/contracts/meta';
import { footerOf } from './shop-routes';
import { ServerI18n } from '@kaloryfer/i18n/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHELL_BUNDLES } from '../src/i18n/shell-bundles';
import { composePage, type Budgets, type PageResponse } from './compose-page';
import { DeflatedTexts, gzipPieces, type DeflatedParts } from './gzip-parts';
import { sendParts } from './send-parts';
import type { PagePart } from './html';
import { cspHeaderValue, pageCspDirectives } from './page-csp';
import { RegistrySource, type RegistryFeed } from './registry-snapshot';
import { DEFAULT_CACHE } from './render-cache';
import { RendererPool } from './renderers';
import { createServerRenderCheck } from './server-render-check';
import { currentTraceparent } from './page-tracing';
import { WorkerRenderer } from './render-worker/worker-renderer';
import { remoteBuildsOf, SERVICE_WORKER_PATH, serviceWorkerCspDirectives, serviceWorkerScriptFrom, staticCacheControl } from './service-worker-script';
import { shellAssetsFrom } from './shell-assets';
import { ShellLayoutHtml } from './shell-layout-html';

export interface PageServerOptions {
  shellDist: string;
  /** The remote registry this instance serves (api/src/registry/live-registry.ts: `app.mfeRegistry.live`). */
  registry: RegistryFeed;
  /** Where the remotes' server renders reach the shop API (this server, on loopback). */
  apiOrigin: string;
  /** The origin shoppers see (canonical links). */
  publicOrigin: string;
  /** False: client-rendered pages (SSR=0), kept to compare against in benchmarks. */
  serverRender: boolean;
  budgets?: Budgets;
  /** How long a region's render is shared by later requests (0: never). */
  renderCacheMs: number;
  /** Where the checkout sends shoppers to pay (form-action); the sandbox gateway is the public origin itself. */
  gatewayOrigins?: string[];
  /** Signs the A/B pins of each page (kf_ab, docs/experiments.md): the API's `app.experiments.cookie`. */
  experiments?: PinsCookie;
  /** Counts each region's server render per build (docs/releasing.md, "Signals"): the API's `app.signals`. */
  signals?: RenderSignals;
  /** Reads and sets teams' overrides (docs/releasing.md, "Overrides"): the API's `app.overrides`. */
  overrides?: OverrideReader;
}

export const DEFAULT_BUDGETS: Budgets = { mainMs: 250, otherMs: 100 };

/**
 * The release gate's server-render check for the page server on `apiOrigin` (docs/releasing.md):
 * a new build renders against that API, within the budgets the page server waits. Made before the
 * API is built, so the composition root (composition/compose-shop.ts) hands it to the gate at construction.
 */
export function pageServerRenderCheck(options: Pick<PageServerOptions, 'apiOrigin' | 'publicOrigin' | 'budgets'>) {
  return createServerRenderCheck({
    apiOrigin: options.apiOrigin,
    publicOrigin: options.publicOrigin,
    budgets: options.budgets ?? DEFAULT_BUDGETS,
    homePage: async () => {
      const response = await fetch(new URL('/', options.apiOrigin), { signal: AbortSignal.timeout(5000) });
      return response.ok ? response.text() : '';
    },
  });
}

/** Where a form sends the shopper back: the page it was on (the Referer), if it is this shop's; else home. */
export function samePageOf(referer: string | undefined, shopOrigins: string[]): string {
  try {
    const url = new URL(referer ?? '', shopOrigins[0]);
    if (!shopOrigins.some((origin) => new URL(origin).origin === url.origin) || url.pathname === CONSENT_FORM_PATH) return '/';
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // a malformed value is no value
    }
  }
  return cookies;
}

/** The encoding an answer is sent in: Brotli if the browser accepts it, else gzip, else none. */
function acceptedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (/\bbr\b/.test(acceptEncoding ?? '')) return 'br';
  if (/\bgzip\b/.test(acceptEncoding ?? '')) return 'gzip';
  return null;
}

/**
 * A page in the encoding the browser accepts: gzip, whose pieces of shared parts are deflated once
 * (gzip-parts.ts) — not Brotli, which compresses ~8 % smaller but only a whole page at a time,
 * ~1.8 ms of this one thread per product page — else the bytes as they are; either way as parts
 * written one after another, never joined (send-parts.ts).
 */
function pageBody(
  page: PageResponse,
  acceptEncoding: string | undefined,
  deflated: { parts: DeflatedParts; texts: DeflatedTexts },
): { parts: readonly PagePart[]; encoding: 'gzip' | null } {
  if (/\bgzip\b/.test(acceptEncoding ?? '')) return { parts: gzipPieces(page.parts, deflated.parts, deflated.texts, page.perRequest), encoding: 'gzip' };
  return { parts: page.parts, encoding: null };
}

/**
 * The shell's server half (docs/rendering.md): serves the shell's files and every page route
 * as HTML composed at request time from the remotes' server builds the registry names. Install
 * it on the shop's HTTP server after the API; `warm()` once the server listens (the remotes'
 * renders call the API).
 */
export async function installPageServer(app: FastifyInstance, options: PageServerOptions) {
  // Pages set their own CSP (page-csp.ts), the service worker with helmet's reply.helmet(); the API registers helmet with the other headers.
  if (!app.hasReplyDecorator('helmet')) throw new Error('installPageServer: install the security headers first (api/src/http/security-headers.ts)');
  const gatewayOrigins = options.gatewayOrigins ?? [options.publicOrigin];
  /** Whether the shopper reached the shop over TLS (Secure cookies, the CSP): the rule of the API's HSTS, as a proxy in front may end TLS. */
  const overTls = (request: FastifyRequest) => servedOverTls(request.protocol, options.publicOrigin);
  /** The deflated bytes of the pages' shared parts, kept as long as their Buffers are, and of the texts around them (gzip-parts.ts). */
  const deflated = { parts: new WeakMap() as DeflatedParts, texts: new DeflatedTexts() };
  const pool = new RendererPool(
    // The server code is fetched from this shop (the registry's /mfe/ files) and must be the bytes published.
    (variant) => new WorkerRenderer({ url: new URL(variant.ssr!, options.apiOrigin).href, integrity: variant.ssrIntegrity }),
    (build, snapshot) => {
      const home = {
        module: './app',
        path: '/',
        search: '',
        language: 'pl-PL' as const,
        cookies: {},
        apiOrigin: options.apiOrigin,
        publicOrigin: options.publicOrigin,
      };
      // The footer's remote renders every page's footer too (compose-page.ts).
      const footer = footerOf(snapshot);
      return footer?.remote === build.remote ? [home, { ...home, module: footer.module }] : [home];
    },
    { cache: { ...DEFAULT_CACHE, freshMs: options.renderCacheMs, staleMs: options.renderCacheMs * 6 } },
  );
  const fetchJson = async (url: string) => {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  };
  const source = new RegistrySource(options.registry, fetchJson, options.apiOrigin, (snapshot) => pool.prepare(snapshot));
  const i18n = new ServerI18n();
  i18n.addBundles('shell', SHELL_BUNDLES);
  const layout = new ShellLayoutHtml();
  const consentBanner = new ConsentBannerHtml();
  /** Regions rendered by their remotes and left to the browser since start (for benchmarks and operators). */
  const regions = { rendered: 0, fallback: 0 };
  const shellAssets = shellAssetsFrom(options.shellDist);
  const serviceWorker = serviceWorkerScriptFrom(options.shellDist);
  const stylesheets = new Map<string, Promise<string>>();
  const css = (url: string) => {
    // Content-hashed files: read once. (A handful per build; old builds' entries are few.)
    let text = stylesheets.get(url);
    if (!text) {
      text = fetch(new URL(url, options.apiOrigin), { signal: AbortSignal.timeout(3000) })
        .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))))
        .catch(() => {
          stylesheets.delete(url);
          return '';
        });
      stylesheets.set(url, text);
    }
    return text;
  };

  await app.register(fastifyStatic, { root: options.shellDist, serve: false, preCompressed: true, cacheControl: false });

  app.get('/mfe-registry.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    const { json, text: body } = options.registry.current();
    if (Object.keys((json as { remotes?: object }).remotes ?? {}).length === 0) {
      return reply.code(503).send({ code: 503, result: 'No remote has been released yet (npm start releases the local builds; docs/releasing.md).' });
    }
    return reply.type('application/json').send(body);
  });

  // The service worker (docs/offline.md): the shell build's worker with the precache list of that
  // build and the registry's builds written in front. Never kept by an HTTP cache: the browser
  // compares it on every page load, so a new shell build or a release reaches it at once.
  app.get(SERVICE_WORKER_PATH, { schema: { hide: true } }, async (request, reply) => {
    const remoteBuilds = remoteBuildsOf(await source.snapshot());
    const script = await serviceWorker(remoteBuilds);
    if (!script) return reply.callNotFound();
    reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives: serviceWorkerCspDirectives(remoteBuilds) } });
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Service-Worker-Allowed', '/')
      .header('Vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    const body = encoding === 'br' ? script.brotli : encoding === 'gzip' ? script.gzip : Buffer.from(script.text);
    return reply.send(request.method === 'HEAD' ? undefined : body);
  });

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname, query = ''] = request.url.split('?');
    // A nonce per response: the page is never shared (Cache-Control: private, no-cache) — the
    // regions' shared renders carry none.
    const nonce = pageNonce();
    const page = await composePage(
      { path: pathname, search: query ? `?${query}` : '', cookies: parseCookies(request.headers.cookie) },
      {
        snapshot: await source.snapshot(),
        render: (build, regionRequest, budgetMs, seen) => pool.render(build, regionRequest, budgetMs, seen),
        shell: await shellAssets(),
        layout,
        consentBanner,
        experiments: options.experiments,
        overrides: options.overrides,
        i18n: (language) => i18n.forLanguage(language),
        css,
        apiOrigin: options.apiOrigin,
        publicOrigin: options.publicOrigin,
        contractsVersion: CONTRACTS_VERSION,
        budgets: options.budgets ?? DEFAULT_BUDGETS,
        serverRender: options.serverRender,
        nonce,
        // The request's span (the HTTP and Fastify instrumentations made it), when the instance traces.
        traceparent: currentTraceparent(),
        log: (message) => request.log.warn(`[page-server] region fallback: ${message}`),
        count: (outcome) => {
          regions[outcome] += 1;
        },
        signal: options.signals
          ? (build, outcome, ms) =>
              options.signals!.render({ remote: build.remote, build: build.variant.build ?? build.key, version: build.variant.version }, outcome, ms)
          : undefined,
        pageViewToken: options.signals ? (builds) => options.signals!.tokens.mint(builds) : undefined,
      },
    );
    const { parts, encoding } = pageBody(page, request.headers['accept-encoding'], deflated);
    reply.header(
      'Content-Security-Policy',
      cspHeaderValue(pageCspDirectives({ nonce, remoteOrigins: page.remoteOrigins, gatewayOrigins, tls: overTls(request) })),
    );
    reply
      .code(page.status)
      .header('Content-Type', 'text/html; charset=utf-8')
      // The page names this visitor's A/B builds: it is theirs, and a release must reach the next load.
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Accept-Encoding, Cookie');
    if (encoding) reply.header('Content-Encoding', encoding);
    if (page.setCookies.length > 0) reply.header('Set-Cookie', page.setCookies);
    sendParts(reply, parts);
  };

  // A page the service worker answered from its copy counts as a page view too: it asks for a
  // token of its own over the builds it runs that the registry serves now (docs/releasing.md, "Signals").
  app.post(PAGE_VIEW_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (isCrossSiteForm(request, [options.publicOrigin])) return reply.code(403).send({ code: 403, result: CROSS_SITE_FORM });
    const asked = typeof request.body === 'object' && request.body !== null ? (request.body as { builds?: unknown }).builds : undefined;
    if (!options.signals || !Array.isArray(asked) || asked.length > 12)
      return reply.code(400).send({ code: 400, result: 'builds: the build ids the page runs' });
    const live = new Set((await source.snapshot()).builds().map((build) => build.variant.build));
    const builds = asked.filter((build): build is string => typeof build === 'string' && live.has(build));
    return reply.send({ code: 200, result: { token: options.signals.tokens.mint(builds) } });
  });

  // Analytics allowed on a page (the banner's choice, in the browser): this browser's assignment
  // id now, in kf_mfe and a newly signed kf_ab, so the A/B test counts the shopper from this page
  // on — also when they never load another page in full (docs/experiments.md).
  app.post(ASSIGNMENT_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // It changes this browser's cookies: only the shop's own pages may ask.
    if (isCrossSiteForm(request, [options.publicOrigin])) return reply.code(403).send({ code: 403, result: CROSS_SITE_FORM });
    const assigned = options.experiments
      ? assignmentOnConsent({
          snapshot: await source.snapshot(),
          cookies: parseCookies(request.headers.cookie),
          experiments: options.experiments,
          contractsVersion: CONTRACTS_VERSION,
        })
      : null;
    if (!assigned) return reply.code(204).send();
    return reply
      .header('Set-Cookie', assigned.setCookies)
      .code(200)
      .send({ code: 200, result: { measured: assigned.id !== null } });
  });

  // The cookie banner's one-click choices when its code has not run (before hydration, or no
  // JavaScript): the choice is stored as the banner would, and the shopper goes back to the page.
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    form.post(CONSENT_FORM_PATH, { schema: { hide: true } }, async (request, reply) => {
      // The choice is the shopper's own: another site's page must not make it for them (CSRF).
      if (isCrossSiteForm(request, [options.publicOrigin]))
        return reply.code(403).header('Cache-Control', 'no-store').send({ code: 403, result: CROSS_SITE_FORM });
      const posted = (request.body as Record<string, unknown> | null)?.choice;
      const choice = posted === 'all' || posted === 'none' ? FORM_CHOICES[posted] : null;
      if (choice) reply.header('Set-Cookie', consentCookie(choice, { secure: overTls(request) }));
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(samePageOf(request.headers.referer, [options.publicOrigin, `${request.protocol}://${request.headers.host}`]), 303);
    });
  });

  // A team's override link (docs/releasing.md, "Overrides"): a valid one sets this browser's
  // signed cookie until it expires; a forged, expired or unsigned one changes nothing; `end` ends it.
  app.get(OVERRIDE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const attributes = `Path=/; HttpOnly; SameSite=Lax${overTls(request) ? '; Secure' : ''}`;
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    if (query.end !== undefined) reply.header('Set-Cookie', `${OVERRIDE_COOKIE}=; Max-Age=0; ${attributes}`);
    else {
      const override = typeof query.t === 'string' ? (options.overrides?.read(query.t) ?? null) : null;
      if (override) reply.header('Set-Cookie', `${OVERRIDE_COOKIE}=${query.t}; Max-Age=${options.overrides!.secondsLeft(override)}; ${attributes}`);
      else request.log.warn('[page-server] an override link that is not valid (forged, expired or unsigned) was ignored');
    }
    return reply.redirect('/', 303);
  });

  const hasFile = async (pathname: string) => {
    if (!/\.[a-z0-9]+$/i.test(pathname) || pathname.includes('..')) return false;
    return fs.promises.stat(path.join(options.shellDist, pathname)).then(
      (stat) => stat.isFile(),
      () => false,
    );
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    // The API, the registry's API and the builds' files are never pages: an unknown path there is a JSON 404.
    if (/^\/(?:api|registry|mfe)(?:\/|$)/.test(pathname)) return reply.callNotFound();
    if (pathname !== '/index.html' && (await hasFile(pathname))) {
      reply.header('Cache-Control', staticCacheControl(pathname));
      return reply.sendFile(pathname.slice(1));
    }
    // Every other path is a page (any Accept header: crawlers, curl and link previews get HTML too).
    return sendPage(request, reply);
  };
  app.get('/', { schema: { hide: true } }, handler);
  app.get('/*', { schema: { hide: true } }, handler);

  return {
    /** Loads and warms the builds the registry names (after the server listens). */
    warm: () => source.snapshot().then(() => undefined),
    regions: () => ({ ...regions }),
    close: () => pool.close(),
  };
}
