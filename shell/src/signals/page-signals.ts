import type { SignalBeacon } from '@kaloryfer/api-contract';
import { matchRoute, type RemoteName } from '@kaloryfer/contracts';
import type { Registry, RemoteVariant } from '../registry/registry';
import type { LoaderEvent } from '../registry/remote-loader';

export const SIGNALS_PATH = '/api/signals';
/** Where a page the service worker answered from its copy asks the page server for a page-view token of its own. */
export const PAGE_VIEW_PATH = '/__page-view';

interface Tally {
  mountFailures: number;
  fallbacks: number;
  errors: number;
}

interface Vitals {
  lcp?: number;
  inp?: number;
  cls?: number;
}

/**
 * What this page saw of each remote build it ran (docs/releasing.md, "Signals"): a page view for
 * every build the page ran or tried (its route region's, the widgets' loaded), mount failures,
 * fallbacks to another variant, uncaught errors thrown by the build's own scripts (told by the
 * script's URL), and the page's web vitals, which belong to the build of its route region. Sent
 * as one small beacon when the page is hidden (and again, with what is new, each time after):
 * operational measurement of the shop's code — no cookie read, no identifier, nothing about the
 * shopper.
 */
export class PageSignals {
  private readonly tallies = new Map<string, { remote: RemoteName; build: string; tally: Tally }>();
  private readonly ran = new Map<RemoteName, string>();
  /** Builds the page ran or tried, by `remote build`; true once its page view was sent. */
  private readonly onPage = new Map<string, { remote: RemoteName; build: string; sent: boolean }>();
  private readonly vitals: Vitals = {};
  private sentVitals = false;
  private readonly page: RemoteName;

  constructor(
    private readonly registry: Registry,
    location: { pathname: string },
    private readonly send: (beacon: SignalBeacon) => void,
    /** The page-view token the page server minted for this page (kf-state): without it the beacon counts nothing but vitals. */
    private token: string | null = null,
    /** The page request's trace (its `<meta name="traceparent">`, when the shop traces): the API links the beacon to it. */
    private readonly traceparent: string | null = null,
  ) {
    this.page = matchRoute(location.pathname).remote;
  }

  /** A token of its own for a page the service worker answered from its copy (its kf-state's was a served page's). */
  useToken(token: string): void {
    this.token = token;
  }

  /** The build of `remote` this page runs (a module of it loaded). */
  loaded(remote: RemoteName, variant: RemoteVariant | undefined): void {
    if (!variant?.build) return;
    this.ran.set(remote, variant.build);
    this.seen(remote, variant.build);
  }

  mountFailed(remote: RemoteName, variant: RemoteVariant | undefined): void {
    if (!variant?.build) return;
    this.seen(remote, variant.build);
    this.tallyOf(remote, variant.build).mountFailures += 1;
  }

  /** The loader's facts: a fallback counts against the build that failed. */
  loaderEvent(event: LoaderEvent): void {
    if (event.event !== 'mfe_fallback') return;
    const build = this.registry.remotes[event.remote]?.variants.find((variant) => variant.id === event.from)?.build;
    if (build) this.tallyOf(event.remote, build).fallbacks += 1;
  }

  /** An uncaught error: counted against the build whose script threw it, if any did. */
  error(scriptUrl: string | undefined): void {
    if (!scriptUrl) return;
    for (const entry of Object.values(this.registry.remotes)) {
      for (const variant of entry?.variants ?? []) {
        const folder = new URL(variant.entry.replace(/[^/]*$/, ''), globalThis.location?.href ?? 'http://shop.invalid/').href;
        if (variant.build && scriptUrl.startsWith(folder)) {
          this.tallyOf(entry!.remote, variant.build).errors += 1;
          return;
        }
      }
    }
  }

  vital(name: 'lcp' | 'inp' | 'cls', value: number): void {
    // Each is told once per page (web-vitals reports INP and CLS again when they change): the first counts.
    if (this.vitals[name] === undefined && Number.isFinite(value) && value >= 0)
      this.vitals[name] = name === 'cls' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
  }

  /** Sends what is new since the last beacon; nothing when nothing is. */
  flush(): void {
    const routeBuild = this.ran.get(this.page);
    const keys = [...new Set([...this.onPage.keys(), ...this.tallies.keys()])];
    // The route region's build first (the page's vitals are its), then the others; at most six.
    keys.sort((a, b) => Number(b === `${this.page} ${routeBuild}`) - Number(a === `${this.page} ${routeBuild}`));
    const builds: SignalBeacon['builds'] = [];
    for (const key of keys) {
      const seen = this.onPage.get(key);
      const tally = this.tallies.get(key);
      const [remote, build] = key.split(' ') as [RemoteName, string];
      const view = seen !== undefined && !seen.sent;
      const route = view && remote === this.page && build === routeBuild && !this.sentVitals;
      if (!view && !tally) continue;
      builds.push({ remote, build, ...(view ? { pageView: true as const } : {}), ...(route ? { route: true as const } : {}), ...nonZero(tally?.tally) });
    }
    if (builds.length === 0) return;
    const sent = builds.slice(0, 6);
    const route = sent.some((entry) => entry.route);
    this.send({
      builds: sent,
      ...(this.token ? { token: this.token } : {}),
      ...(this.traceparent ? { traceparent: this.traceparent } : {}),
      ...(route && Object.keys(this.vitals).length > 0 ? { vitals: { ...this.vitals } } : {}),
    });
    for (const entry of sent) {
      const seen = this.onPage.get(`${entry.remote} ${entry.build}`);
      if (seen && entry.pageView) seen.sent = true;
      this.tallies.delete(`${entry.remote} ${entry.build}`);
    }
    if (route) this.sentVitals = true;
  }

  private seen(remote: RemoteName, build: string): void {
    const key = `${remote} ${build}`;
    if (!this.onPage.has(key)) this.onPage.set(key, { remote, build, sent: false });
  }

  private tallyOf(remote: RemoteName, build: string): Tally {
    const key = `${remote} ${build}`;
    let found = this.tallies.get(key);
    if (!found) {
      found = { remote, build, tally: { mountFailures: 0, fallbacks: 0, errors: 0 } };
      this.tallies.set(key, found);
    }
    return found.tally;
  }
}

function nonZero(tally: Tally | undefined): Partial<Tally> {
  if (!tally || tally.mountFailures + tally.fallbacks + tally.errors === 0) return {};
  return Object.fromEntries(
    Object.entries(tally)
      .filter(([, count]) => count > 0)
      .map(([name, count]) => [name, Math.min(count, 100)]),
  );
}

/** The page's one collector; started by the shell's boot with the pinned builds. */
let current: PageSignals | null = null;
export const pageSignals = (): PageSignals | null => current;

/** A W3C traceparent of version 00, as the API's beacon schema takes it (a beacon with another would be refused whole). */
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The page request's trace context, as the page server wrote it when the shop traces (docs/operations.md, "Traces"); else null. */
export function pageTraceparent(doc: Pick<Document, 'querySelector'> = document): string | null {
  const content = doc.querySelector('meta[name="traceparent"]')?.getAttribute('content') ?? '';
  return TRACEPARENT.test(content) ? content : null;
}

/**
 * Starts measuring this page: errors from now on, web vitals once their library has loaded (after
 * the route region, off the critical path), and a beacon whenever the page is hidden.
 */
export function startPageSignals(registry: Registry, token: string | null = null, traceparent: string | null = null): PageSignals {
  current = new PageSignals(
    registry,
    location,
    (beacon) => {
      const body = new Blob([JSON.stringify(beacon)], { type: 'application/json' });
      try {
        if (navigator.sendBeacon?.(SIGNALS_PATH, body)) return;
      } catch {
        // refused: the fetch below
      }
      void fetch(SIGNALS_PATH, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
    },
    token,
    traceparent,
  );
  const signals = current;
  addEventListener('error', (event) => signals.error(event.filename || undefined));
  return signals;
}

/**
 * A page the service worker answered from its copy: its kf-state's token is a page the server
 * served earlier (counted already). It asks the page server for one of its own, over the builds
 * it runs; offline, it has none (its beacon then counts nothing but vitals).
 */
export async function renewPageViewToken(signals: PageSignals, registry: Registry, post: typeof fetch = fetch): Promise<void> {
  const builds = Object.values(registry.remotes).flatMap((entry) => entry?.variants.map((variant) => variant.build).filter(Boolean) ?? []);
  try {
    const response = await post(PAGE_VIEW_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ builds: builds.slice(0, 12) }),
    });
    if (response.ok) signals.useToken(((await response.json()) as { result: { token: string } }).result.token);
  } catch {
    // offline: no token
  }
}

/**
 * Loads web-vitals (in one chunk with the service worker's registration, which the boot loads at
 * the same moment: bootstrap.tsx) and sends the beacon on every hide, after the vitals have reported.
 */
export async function measureVitals(signals: PageSignals): Promise<void> {
  try {
    const { onCLS, onINP, onLCP } = await import(/* webpackChunkName: "after-route" */ 'web-vitals');
    onLCP((metric) => signals.vital('lcp', metric.value));
    onINP((metric) => signals.vital('inp', metric.value));
    onCLS((metric) => signals.vital('cls', metric.value));
  } catch {
    // no vitals (the chunk could not arrive): the counts still go
  }
  // For operators and the e2e suite: the page is measuring (like data-route-ready).
  document.documentElement.setAttribute('data-vitals', '');
  // Registered after web-vitals' own listeners, so its last reports come first on the same event.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') signals.flush();
  });
  addEventListener('pagehide', () => signals.flush());
}
