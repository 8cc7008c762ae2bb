import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { i18n, I18nextProvider, initI18n, isLanguage, LANGUAGE_COOKIE } from '@kaloryfer/i18n';
import { keepWaitingCommandsIn, matchRoute, registeredRouteRows, routedRemotes, setRegisteredRoutes } from '@kaloryfer/contracts';
import { reportRecoverableError } from '@kaloryfer/ui';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { headerWidgetsOf, wakeOwnersOnDemand } from './apps/header-widgets';
import { sessionHeldCommands } from './apps/held-commands';
import { RegionMounter } from './apps/region-mounter';
import { registerApplications } from './apps/register-applications';
import { startShellWriters } from './behaviours/shell-writers';
import { readConsentCookie } from './consent/consent-cookie';
import { startConsentUi, whenRouteReady } from './consent/start-consent';
import { startRemoteTagEvents } from './consent/tag-event-channel';
import { pushToDataLayer } from './behaviours/tag-manager';
import { registerShellNamespace } from './i18n/shell-namespace';
import { ShellLayout } from './layout/shell-layout';
import type { Assignment } from './registry/ab-assignment';
import { entryIntegrities, entryIntegrityPlugin } from './registry/entry-integrity';
import { measureFromNow } from './registry/exposure-beacon';
import { fetchRegistry, readCookie, writeCookie } from './registry/fetch-registry';
import { isABTested, parseRegistry, type Registry } from './registry/registry';
import { RemoteLoader, type FederationRuntime } from './registry/remote-loader';
import { addressLanguage } from './routing/page-language';
import { startRouter } from './routing/router';
import { storedPageTime } from './service-worker/stored-page-time';
import { readPageState, type PageState } from './state/page-state';
import { startSyncQueueOnDemand } from './sync-queue/on-demand';
import { measureVitals, pageTraceparent, renewPageViewToken, startPageSignals } from './signals/page-signals';

declare const __CONTRACTS_VERSION__: string;

/**
 * What this page runs: the builds and A/B assignments the page server pinned (kf-state), so the
 * browser hydrates exactly what the server rendered and never draws again. A page without a
 * readable state (an old cached page) asks for the registry and draws here, as before.
 */
async function pinnedBuilds(state: PageState | null): Promise<{ registry: Registry; assignments: Assignment[] }> {
  if (state) {
    try {
      return { registry: parseRegistry(state.registry), assignments: state.assignments };
    } catch (error) {
      console.error('[shell] the page state names no usable registry', error);
    }
  }
  // The A/B drawing's code loads on demand, beside the registry: the page server draws for every
  // page it renders (kf-state), so only a page without its state (rare) needs it here.
  const [registry, { AB_COOKIE, assignVariants }] = await Promise.all([fetchRegistry(), import('./registry/ab-assignment')]);
  const { assignments, cookie } = assignVariants(registry, {
    cookie: readCookie(AB_COOKIE),
    override: new URLSearchParams(location.search).get('mfe'),
    random: Math.random,
    measure: readConsentCookie()?.analytics === true,
  });
  writeCookie(AB_COOKIE, cookie);
  return { registry, assignments };
}

/**
 * A page the service worker answered from its copy (docs/offline.md, "Repeat visits"): are its
 * builds still the registry's and its language the shopper's? Asked before any remote's code runs.
 */
async function storedPageVerdict(state: PageState | null): Promise<'current' | 'outdated'> {
  if (!state || storedPageTime() === null) return 'current';
  // The checks' code loads only for a page the worker answered: a page from the server never needs it.
  // Should it not arrive, the copy goes on, as when the registry cannot be read (offline).
  const checks = await import('./service-worker/stored-page').catch(() => null);
  if (!checks) return 'current';
  const { checkStoredPage, readPublishedRegistry } = checks;
  return checkStoredPage({
    pinned: { registry: state.registry, language: state.language },
    // The language the address names (?lang=, an /en/ route) is the page's, else the shopper's (docs/seo.md).
    chosenLanguage: addressLanguage(location.search, matchRoute(location.pathname)) ?? readCookie(LANGUAGE_COOKIE),
    readRegistry: readPublishedRegistry,
  });
}

/**
 * Lets the browser breathe between boot steps (input, a frame): the server's HTML is already on
 * screen, so nothing is late, and each step stays a short task on a phone's main thread.
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

async function boot(): Promise<void> {
  await yieldToMain(); // the shared modules were just evaluated
  const state = readPageState();
  const [{ registry, assignments }, , stored] = await Promise.all([
    pinnedBuilds(state),
    initI18n(isLanguage(state?.language) ? { language: state.language } : {}).then(registerShellNamespace),
    storedPageVerdict(state),
  ]);
  if (stored === 'outdated') {
    // A release, a rollback or another language since this copy was stored: the server's page instead.
    // Its module is the one storedPageVerdict loaded (on demand, like the checks): here at once.
    const { dropStoredPage } = await import('./service-worker/stored-page');
    await dropStoredPage(location.href);
    location.reload();
    return;
  }
  for (const assignment of assignments) {
    if (isABTested(registry.remotes[assignment.remote])) {
      pushToDataLayer({ event: 'mfe_assignment', ...assignment });
    }
  }
  // The registered remotes' routes (the page's registry names them): every match from here on knows them.
  setRegisteredRoutes(registeredRouteRows(registry.shop));
  // A page that names nothing was answered 404 with page-not-found: show its address (spec §2 nf).
  if (state?.location) history.replaceState(history.state, '', state.location);

  await yieldToMain();
  // Every remote entry loads with the integrity the registry recorded at publishing (docs/releasing.md).
  registerPlugins([entryIntegrityPlugin(entryIntegrities(registry))]);
  const runtime: FederationRuntime = { registerRemotes, loadRemote };
  // What this page sees of each build it runs: a beacon when the page is hidden (docs/releasing.md, "Signals").
  // The worker's copy of a page: its state's token was a served page's (counted then); it asks for one of its own.
  // Its traceparent too was that request's: the beacon of a copy links to no trace.
  const fromWorker = storedPageTime() !== null;
  const signals = startPageSignals(registry, fromWorker ? null : (state?.pageView ?? null), fromWorker ? null : pageTraceparent());
  if (fromWorker) void renewPageViewToken(signals, registry);
  const loader = new RemoteLoader(registry, assignments, runtime, __CONTRACTS_VERSION__, (event) => {
    pushToDataLayer(event);
    signals.loaderEvent(event);
  });
  const mounter = new RegionMounter(loader, state);
  // A header widget's remote loads when needed (apps/header-widgets.ts), not on every page view.
  wakeOwnersOnDemand(
    (remote) => mounter.wakeRemote(remote),
    window,
    headerWidgetsOf(registry.shop),
    (remote) => loader.hasLoaded(remote),
  );
  // A shopper's command a previous page of this tab left waiting (its owner's code could not arrive) goes again.
  keepWaitingCommandsIn(sessionHeldCommands());
  const notifications = startShellWriters();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from the page');
  const layout = (
    <I18nextProvider i18n={i18n}>
      <ShellLayout
        mounter={mounter}
        remotes={registry.shop}
        year={state?.year ?? new Date().getFullYear()}
        onDismissNotification={(id) => notifications.remove(id)}
      />
    </I18nextProvider>
  );
  if (container.firstElementChild) {
    // The server's HTML: take it over in place, at transition priority (input stays responsive).
    startTransition(() => {
      hydrateRoot(container, layout, { onRecoverableError: reportRecoverableError });
    });
  } else {
    createRoot(container).render(layout);
  }
  // single-spa mounts into the regions the layout renders: wait for them to exist.
  await new Promise<void>((resolve) => {
    const check = () => (document.getElementById('main-content') ? resolve() : requestAnimationFrame(check));
    check();
  });

  await yieldToMain();
  // For operators and the e2e suite: which build of each remote this page runs.
  Object.assign(window, {
    __KALORYFER_SHELL__: { assignments, variantOf: (remote: Parameters<RemoteLoader['variantOf']>[0]) => loader.variantOf(remote) },
  });

  startRouter();
  startRemoteTagEvents();
  registerApplications(loader, mounter, routedRemotes(registry.shop));
  start({ urlRerouteOnly: true });
  // The footer's cookie-settings link; the cookie banner (first visit) once the route has hydrated.
  // A choice about analytics while an A/B test runs: counted (or no more) from this page on.
  const testing = Object.values(registry.remotes).some((entry) => isABTested(entry));
  startConsentUi({ afterChoice: () => void (testing ? measureFromNow() : undefined) });
  // The sync queue (spec §4: queued calls, offline orders): its code loads once there is work for it.
  void whenRouteReady().then(() => startSyncQueueOnDemand());
  // Web vitals: their library loads once the route has hydrated, off the critical path.
  void whenRouteReady().then(() => measureVitals(signals));
  // The service worker (docs/offline.md): registered once the page is interactive and the browser idle.
  // Its code comes then too, in one chunk with web-vitals (page-signals.ts): one request, not two.
  void whenRouteReady()
    .then(() => import(/* webpackChunkName: "after-route" */ './service-worker/register'))
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.error('[shell] the service worker was not registered', error));
}

void boot();
