import { claimWriter, matchRoute, navigationRequested, panelOpened, pageTitleChanged, type RouteState } from '@kaloryfer/contracts';
import { i18n } from '@kaloryfer/i18n';
import { checkoutStep, checkoutStepOf, MINI_CART_STEP, pushToDataLayer, pageView } from '../behaviours/tag-manager';
import { progress } from '../layout/progress-bar';
import { createNavigationQueue } from './navigation-queue';
import { keepingAddressLanguage } from './page-language';
import { formatPageTitle } from '@kaloryfer/domain';
import { isInAppLink, routeStateFor } from './route-state';
import { ScrollMemory, scrollTargetFor } from './scroll-memory';

const ROUTING_TIMEOUT_MS = 15000;

interface RoutingEventDetail {
  originalEvent?: Event & { singleSpa?: boolean };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function currentKey(): string {
  const state = history.state as { kfKey?: string } | null;
  if (state?.kfKey) return state.kfKey;
  const key = newKey();
  history.replaceState({ ...(state ?? {}), kfKey: key }, '');
  return key;
}

function waitForRouting(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('single-spa:routing-event', done);
      resolve();
    };
    const timer = setTimeout(done, ROUTING_TIMEOUT_MS);
    window.addEventListener('single-spa:routing-event', done);
  });
}

function setMetaDescription(description: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/**
 * Wires the shell's route behaviours to single-spa's routing events: $route (written here),
 * serialised navigation, link interception, titles, tag-manager page views, the progress bar,
 * and scroll restoration. Call before single-spa's start().
 */
export function startRouter(): { navigate: (to: string, replace?: boolean) => Promise<void> } {
  const route = claimWriter('route', 'shell');
  const scroll = new ScrollMemory(sessionStorage);
  history.scrollRestoration = 'manual';
  let key = currentKey();
  let programmatic = false;
  let isBack = false;
  let initial = true;
  let previous: RouteState | null = null;

  const navigate = createNavigationQueue(async (to, replace) => {
    const url = new URL(to, location.href);
    if (url.origin !== location.origin) {
      location.assign(url.href);
      return;
    }
    // An address naming its language (?lang=, docs/seo.md) keeps naming it.
    const target = keepingAddressLanguage(`${url.pathname}${url.search}${url.hash}`, location.search);
    if (target === `${location.pathname}${location.search}${location.hash}`) return;
    scroll.save(key, window.scrollY);
    const routed = waitForRouting();
    programmatic = true;
    history[replace ? 'replaceState' : 'pushState']({ kfKey: newKey() }, '', target);
    await routed;
  });

  window.addEventListener('single-spa:before-routing-event', (event) => {
    const detail = (event as CustomEvent<RoutingEventDetail>).detail;
    const traversal = Boolean(detail?.originalEvent?.type === 'popstate' && !detail.originalEvent.singleSpa);
    isBack = !initial && !programmatic && traversal;
    if (isBack) scroll.save(key, window.scrollY);
    programmatic = false;
    key = currentKey();
    previous = route.get();
    route.set(routeStateFor(location, initial ? null : previous, isBack));
    progress.start();
  });

  window.addEventListener('single-spa:routing-event', () => {
    progress.finish();
    const current = route.get();
    const pathChanged = initial || previous?.path !== current.path;
    const target = scrollTargetFor({ isBack, savedY: isBack ? scroll.position(key) : null, hash: location.hash, pathChanged });
    restoreScroll(target);
    if (pathChanged && !initial) {
      // The server's canonical link and JSON-LD describe the first page only.
      document.querySelectorAll('[data-seo="server"]').forEach((element) => element.remove());
    }
    if (pathChanged && !initial && !isBack) {
      document.getElementById('main-content')?.focus({ preventScroll: true });
    }
    const step = checkoutStepOf(current);
    if (step !== null && (pathChanged || previous?.hash !== current.hash)) pushToDataLayer(checkoutStep(step));
    if (pathChanged) {
      // Let the mounted page set its title first.
      setTimeout(() => {
        pushToDataLayer(pageView({ ...current, remote: matchRoute(current.path).remote }, document.title));
      }, 0);
    }
    initial = false;
  });

  // Spec §9 tracking step 1: the mini-cart opened.
  panelOpened.on(({ panel }) => {
    if (panel === 'microcart') pushToDataLayer(checkoutStep(MINI_CART_STEP));
  });

  pageTitleChanged.on(({ title, description }) => {
    document.title = formatPageTitle(title);
    if (description) setMetaDescription(description);
  });
  // The page server wrote the page's title; a page without one gets the shop's.
  if (!document.title) document.title = formatPageTitle(i18n.t('title.default', { ns: 'shell' }));

  navigationRequested.on(({ to, replace }) => {
    void navigate(to, replace);
  });

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor || !isInAppLink(anchor, location.origin)) return;
    event.preventDefault();
    void navigate(anchor.href);
  });

  return { navigate };
}

/** Content loads after mount; keep trying briefly until the page is tall enough. */
function restoreScroll(target: ReturnType<typeof scrollTargetFor>): void {
  if (target.kind === 'top') window.scrollTo(0, 0);
  if (target.kind === 'hash') document.getElementById(target.id)?.scrollIntoView();
  if (target.kind !== 'position') return;
  const deadline = performance.now() + 2000;
  const attempt = () => {
    window.scrollTo(0, target.y);
    if (Math.abs(window.scrollY - target.y) > 2 && performance.now() < deadline) requestAnimationFrame(attempt);
  };
  attempt();
}
