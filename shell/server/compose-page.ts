import { EXPERIMENT_COOKIE, OVERRIDE_COOKIE, samePins } from '@kaloryfer/api-contract';
import type { ConsentBannerHtml } from './consent-banner-html';
import { matchRoute, type PageHead, type RegionRequest, type RegionResult, type RemoteName } from '@kaloryfer/contracts';
import { escapeHtml, formatPageTitle, scriptJson } from '@kaloryfer/domain';
import { LANGUAGE_COOKIE, type Language } from '@kaloryfer/i18n';
import type { I18n } from '@kaloryfer/i18n';
import { FOOTER_SLOT_ID, regionId } from '../src/layout/shell-layout';
import { CONSENT_COOKIE, parseConsent } from '../src/consent/consent-cookie';
import { AB_COOKIE, assignVariants } from '../src/registry/ab-assignment';
import { pageLanguage } from '../src/routing/page-language';
import { PAGE_STATE_ID } from '../src/state/page-state';
import { utf8Of, type PagePart } from './html';
import { pinnedOrigins } from './page-csp';
import { pageSeo, seoTags } from './page-seo';
import type { RegistrySnapshot, ResolvedBuild } from './registry-snapshot';
import { RegionUnavailable, withRoute, type RegionUnavailableReason } from './renderers';
import type { CacheOutcome } from './render-cache';
import { inSpan } from './page-tracing';
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import { inlinedStylesheetMarks, routeScriptsOf, scriptPreload } from './route-hints';
import type { ShellAssets } from './shell-assets';
import { fillLayout, type ShellLayoutHtml } from './shell-layout-html';
import { footerOf, followShopRoutes } from './shop-routes';
import type { OverrideReader, PinsCookie } from './ports';
import { chosenBuild, experimentPinsOf, overrideBanner, pinnedBuildIds, pinnedRegistry, withOverride } from './page-builds';
import { lcpImageOfResult, regionHtml, regionStyles, startAfterFirstPaint, stateJson, styleElementText, type RenderedRegion } from './page-parts';

/** Cookies that change a first view; the page server passes them to the remotes' renders. */
export const FIRST_VIEW_COOKIES = ['kf_heat'];
const AB_COOKIE_MAX_AGE = 180 * 86400;

export interface PageRequest {
  path: string;
  /** '' or '?…' */
  search: string;
  cookies: Record<string, string>;
}

export interface PageResponse {
  status: number;
  /** The page's parts in order: the shared ones are Buffers kept by their caches (the page server gzips them once: gzip-parts.ts). */
  parts: readonly PagePart[];
  /** The page as UTF-8 (an answer uncompressed), joined from `parts` when asked for. */
  readonly body: Buffer;
  /** The page as text (tests, logs): decoded from `body` when asked for. */
  readonly html: string;
  setCookies: string[];
  /** The origins of the builds the page pins: its Content-Security-Policy allows them (page-csp.ts). */
  remoteOrigins: Set<string>;
  /** The texts in `parts` only this response carries (its nonce, page-view token, traceparent): gzip-parts.ts keeps the rest deflated. */
  perRequest: string[];
}

/** Time budgets of a page's regions (docs/rendering.md). */
export interface Budgets {
  mainMs: number;
  otherMs: number;
}

export interface ComposeDeps {
  snapshot: RegistrySnapshot;
  /** A region's server render within its budget; `seen` is told how the render cache answered. */
  render: (build: ResolvedBuild, request: RegionRequest, budgetMs: number, seen?: (outcome: CacheOutcome) => void) => Promise<RegionResult>;
  shell: ShellAssets;
  layout: ShellLayoutHtml;
  i18n: (language: Language) => I18n;
  /** The text of a build's stylesheet (inlined), '' when it cannot be read. */
  css: (url: string) => Promise<string>;
  apiOrigin: string;
  publicOrigin: string;
  contractsVersion: string;
  budgets: Budgets;
  /** False: the client-rendered mode (SSR=0), for comparison in benchmarks. */
  serverRender: boolean;
  /** This response's CSP nonce, on every inline <script> and <style> the page server writes. */
  nonce: string;
  /**
   * The page request's W3C trace context when the instance traces (page-tracing.ts): written
   * into the page as `<meta name="traceparent">`, which its beacon sends back. Absent, the page
   * has no such tag (its bytes are those of a shop that does not trace).
   */
  traceparent?: string | null;
  random?: () => number;
  /** Draws a new anonymous A/B assignment id (fixed in tests). */
  newAssignmentId?: () => string;
  year?: number;
  log?: (message: string) => void;
  /** Counts each region: rendered by its remote, or left to the browser. */
  count?: (outcome: 'rendered' | 'fallback') => void;
  /** Each server render of a build, by outcome, with its time: the build's signals (api/src/signals). */
  signal?: (build: ResolvedBuild, outcome: 'rendered' | RegionUnavailableReason, ms: number) => void;
  /** Mints the page's page-view token over the builds it pins: its beacon counts only with it (api/src/signals/page-view-token.ts). */
  pageViewToken?: (builds: string[]) => string;
  /** The cookie banner for a shopper with no choice (server-rendered pages only). */
  consentBanner?: ConsentBannerHtml;
  /** Signs the builds an A/B-tested page pinned (kf_ab): the API records an order's variant from it. */
  experiments?: PinsCookie;
  /** Reads a team's signed override (kf_override, docs/releasing.md "Overrides"). */
  overrides?: Pick<OverrideReader, 'read'>;
}

const cookieValue = (name: string, value: string, maxAge: number) => `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;

/**
 * One page, composed at request time (docs/rendering.md): the registry snapshot and the A/B
 * assignment (same cookie and override as the browser) decide which builds render; the route's
 * remote renders the main region and the footer's remote (the content remote's, unless the
 * registry gave the slot to another) the footer, each by its own server code
 * within a budget (a failure or a late answer leaves its Polish skeleton for the browser to
 * fill); the shell's own frame, head, inlined styles, preloads and the one state script wrap it.
 */
export function composePage(request: PageRequest, deps: ComposeDeps): Promise<PageResponse> {
  // The page's span (docs/operations.md, "Traces"): its route, language, status and regions; each
  // region's render is a span under it.
  return inSpan('compose page', { 'kf.page.ssr': deps.serverRender }, (span) => composeIn(span, request, deps));
}

async function composeIn(span: Span, request: PageRequest, deps: ComposeDeps): Promise<PageResponse> {
  const { snapshot } = deps;
  // The shop's remotes of this snapshot: its registered remotes' routes, the footer's owner.
  followShopRoutes(snapshot);
  const route = matchRoute(request.path);
  span.updateName(`compose ${route.name}`);
  // The page's language: its address's (?lang=), else the shopper's (docs/seo.md); the kf_lang
  // cookie is left as the shopper's choice. Every region renders in it, and the render cache
  // keys on it (the region request's language).
  const language: Language = pageLanguage(request.search, route, request.cookies[LANGUAGE_COOKIE]);
  const query = new URLSearchParams(request.search);
  const { assignments, cookie, assignmentId, canaryBucket } = assignVariants(snapshot.registry, {
    cookie: request.cookies[AB_COOKIE] ?? null,
    override: query.get('mfe'),
    random: deps.random ?? Math.random,
    measure: parseConsent(request.cookies[CONSENT_COOKIE])?.analytics === true,
    newId: deps.newAssignmentId,
  });
  const setCookies = cookie && cookie !== request.cookies[AB_COOKIE] ? [cookieValue(AB_COOKIE, cookie, AB_COOKIE_MAX_AGE)] : [];
  if (deps.experiments && cookie) {
    const pins = experimentPinsOf(snapshot, assignments, assignmentId, deps.contractsVersion, canaryBucket);
    const tested = Object.keys(pins.builds).length > 0;
    if (tested && !samePins(deps.experiments.read(request.cookies[EXPERIMENT_COOKIE]), pins)) setCookies.push(deps.experiments.header(pins));
  }
  const firstViewCookies = Object.fromEntries(
    FIRST_VIEW_COOKIES.filter((name) => request.cookies[name] !== undefined).map((name) => [name, request.cookies[name]]),
  );
  const regionRequest = (module: string, path: string, search: string): RegionRequest =>
    withRoute({ module, path, search, language, cookies: firstViewCookies, apiOrigin: deps.apiOrigin, publicOrigin: deps.publicOrigin });

  // A team's override for this browser: that remote's build comes from elsewhere and renders in the browser.
  const override = deps.overrides?.read(request.cookies[OVERRIDE_COOKIE]) ?? null;
  const renderRegion = (remote: RemoteName, module: string, path: string, search: string, budgetMs: number): Promise<RenderedRegion> => {
    const asked = regionRequest(module, path, search);
    // A region's span says which build drew it, how the render cache answered, and whether the
    // browser draws it instead (and why): what an on-call person asks of a slow or broken page.
    return inSpan(
      `render ${remote} ${module}`,
      { 'kf.remote': remote, 'kf.module': module, 'kf.route': asked.route?.name ?? '', 'kf.render.budget_ms': budgetMs },
      async (regionSpan) => {
        const left = (outcome: string, message?: string) => {
          regionSpan.setAttributes({ 'kf.render.outcome': outcome, 'kf.render.fallback': true });
          if (message) regionSpan.setStatus({ code: SpanStatusCode.ERROR, message });
        };
        if (override?.remote === remote) {
          left('override'); // a team's build for this browser, drawn there
          return { remote, module, build: null, result: null };
        }
        const build = chosenBuild(snapshot, remote, assignments, deps.contractsVersion, canaryBucket);
        if (build)
          regionSpan.setAttributes({
            'kf.build.version': build.variant.version,
            'kf.build.variant': build.variant.id,
            'kf.build.id': build.variant.build ?? build.key,
          });
        if (!build || !deps.serverRender) {
          left(build ? 'ssr-off' : 'no-build');
          return { remote, module, build, result: null };
        }
        const started = performance.now();
        try {
          const result = await deps.render(build, asked, budgetMs, (cache) => regionSpan.setAttribute('kf.render.cache', cache));
          deps.count?.('rendered');
          deps.signal?.(build, 'rendered', performance.now() - started);
          regionSpan.setAttributes({ 'kf.render.outcome': 'rendered', 'kf.render.fallback': false, 'kf.render.status': result.status });
          return { remote, module, build, result };
        } catch (error) {
          const reason = error instanceof RegionUnavailable ? error.reason : 'failed';
          deps.count?.('fallback');
          deps.signal?.(build, reason, performance.now() - started);
          const message = error instanceof Error ? error.message : String(error);
          deps.log?.(`${remote} ${module} ${path}: ${message}`);
          left(reason, message.split('\n')[0]);
          return { remote, module, build, result: null };
        }
      },
    );
  };

  const footerSlot = footerOf(snapshot);
  const [firstMain, footer] = await Promise.all([
    renderRegion(route.remote, './app', request.path, request.search, deps.budgets.mainMs),
    footerSlot ? renderRegion(footerSlot.remote, footerSlot.module, request.path, request.search, deps.budgets.otherMs) : null,
  ]);
  let main = firstMain;
  let status = main.result?.status ?? 200;
  let location: string | null = null;
  let shown = { route, path: request.path };
  if (main.result?.redirect) {
    // The page is shown at another address (page-not-found: 404; a canonical route: 200): that
    // route's page is the answer, and the browser shows its address (kf-state location).
    location = main.result.redirect;
    status = main.result.status;
    const target = new URL(location, 'http://shop.invalid');
    const targetRoute = matchRoute(target.pathname);
    shown = { route: targetRoute, path: target.pathname };
    main = await renderRegion(targetRoute.remote, './app', target.pathname, target.search, deps.budgets.mainMs);
  }

  const i18n = deps.i18n(language);
  const year = deps.year ?? new Date().getFullYear();
  const pinned = pinnedRegistry(snapshot, assignments, canaryBucket);
  const state = {
    language,
    year,
    registry: override ? withOverride(pinned, override) : pinned,
    assignments: override
      ? assignments.map((assignment) =>
          assignment.remote === override.remote ? { ...assignment, variant: override.variant, source: 'override' as const } : assignment,
        )
      : assignments,
    location,
    // This page, as the shop served it: the page views and failures its beacon reports count.
    ...(deps.pageViewToken ? { pageView: deps.pageViewToken(pinnedBuildIds(pinned)) } : {}),
  };
  const nonce = escapeHtml(deps.nonce);

  // Client-rendered mode: an empty root the browser renders into.
  const rootHtml: PagePart[] = deps.serverRender
    ? fillLayout(deps.layout.render(i18n, year, snapshot.registry.shop), {
        [regionId(main.remote)]: regionHtml(main),
        ...(footer ? { [FOOTER_SLOT_ID]: regionHtml(footer) } : {}),
      })
    : [];

  const head: PageHead = main.result?.head ?? {};
  const regions = footer ? [main, footer] : [main];
  const rendered = regions.filter((region) => region.result && region.build);
  const styles = await Promise.all(rendered.map((region) => regionStyles(region.build!, region.module, deps.css)));
  // The remote's runtime is told which of its stylesheets the page carries, so it fetches none of them again.
  const stylesheetMarks = rendered.flatMap((region) => inlinedStylesheetMarks(region.build!, region.build!.assets.exposes[region.module]?.css ?? []));
  const mainBuild = main.build;
  // The route remote's entry starts with the shell's scripts; its app and page chunks with it
  // when its server render drew the page (a remote that is down gets no chunk preloads: a
  // failed preload would be reused by the retry and fail it again).
  const mainAssets = mainBuild
    ? [
        { src: mainBuild.assets.remoteEntry, integrity: mainBuild.variant.integrity ?? null },
        ...(main.result ? routeScriptsOf(mainBuild, main.module, language, main.result.pages) : []),
      ]
    : [];
  const origins = new Set(snapshot.builds().map((build) => new URL(build.assets.remoteEntry, deps.publicOrigin).origin));
  origins.delete(new URL(deps.publicOrigin).origin);
  const lcpImage = main.result ? lcpImageOfResult(main.result) : null;

  const pageTitle = head.title ?? i18n.t('title.default', { ns: 'shell' });
  const title = formatPageTitle(pageTitle);
  const description = head.description || i18n.t('meta.description', { ns: 'shell' });
  const seo = pageSeo({ head, ...shown, status, language, publicOrigin: deps.publicOrigin, title: pageTitle, description, i18n });
  const parts = [
    `<!doctype html><html lang="${escapeHtml(language.slice(0, 2))}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // This request's trace (tracing on only), for the page's beacon: a string, so a part of this page alone (gzip-parts.ts).
    ...(deps.traceparent ? [`<meta name="traceparent" content="${escapeHtml(deps.traceparent)}">`] : []),
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    '<meta name="theme-color" content="#b4232a"><link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    // Robots, canonical and hreflang alternates in the page's language, Open Graph and Twitter (page-seo.ts).
    ...seoTags(seo),
    `<style data-kf="shell" nonce="${nonce}">`,
    styleElementText(deps.shell.css),
    ...styles.filter((css) => css !== null).flatMap((css) => [`<style data-kf="remote" nonce="${nonce}">`, css]),
    ...[...origins].map((origin) => `<link rel="preconnect" href="${escapeHtml(origin)}">`),
    ...stylesheetMarks,
    ...(lcpImage ? [`<link rel="preload" href="${escapeHtml(lcpImage)}" as="image" fetchpriority="high">`] : []),
    ...deps.shell.scripts.map((src) => `<link rel="preload" href="${escapeHtml(src)}" as="script">`),
    // With the integrity and CORS mode the runtime's <script> will have, so the browser reuses this download.
    ...mainAssets.map(scriptPreload),
    ...(head.structuredData ?? []).map((data) => `<script type="application/ld+json" data-seo="server">${scriptJson(data)}</script>`),
    `</head><body>${override ? overrideBanner(override, i18n, language) : ''}${deps.serverRender ? (deps.consentBanner?.forRequest(request.cookies, i18n) ?? '') : ''}<div id="root">`,
    ...rootHtml,
    `</div><script type="application/json" id="${PAGE_STATE_ID}">`,
    ...stateJson(state, regions),
    '</script>',
    startAfterFirstPaint(deps.shell.scripts, deps.nonce),
    '</body></html>',
  ];
  span.setAttributes({
    'kf.route': shown.route.name,
    'kf.page.language': language,
    'kf.page.status': status,
    'kf.page.regions': regions.length,
    'kf.page.fallbacks': regions.filter((region) => !region.result).length,
  });
  let body: Buffer | null = null;
  const joined = () => (body ??= utf8Of(parts));
  return {
    status,
    parts,
    get body() {
      return joined();
    },
    get html() {
      return joined().toString('utf8');
    },
    setCookies,
    remoteOrigins: pinnedOrigins(state.registry),
    perRequest: [nonce, state.pageView, deps.traceparent].filter((text): text is string => Boolean(text)),
  };
}
