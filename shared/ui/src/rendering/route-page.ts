import { matchRoute, type RemoteName, type RouteState } from '@kaloryfer/contracts';
import { createElement, useEffect, useReducer, useState, type ComponentType, type ReactElement } from 'react';
import { useServerRender } from './server-render-context';

/** A page component whose code is a chunk of its own, loaded for the route that shows it. */
export interface RoutePage<P extends object> {
  (props: P): ReactElement;
  /** The page's chunk name (`page-…`): the build's route-chunks.json lists its files under it. */
  readonly chunk: string;
  /** Starts loading the page's code (once); resolves when a render can draw it without waiting. */
  preload: () => Promise<ComponentType<P>>;
  isLoaded: () => boolean;
}

/**
 * A remote's page, split from the rest of its routes (docs/rendering.md, "Route-level code").
 * A first visit to one page brings and evaluates only that page's code, not every page's.
 *
 * A page renders only once its code is here: the server loads every page before its first
 * render; the browser's mount waits for the route's page (createRemoteLifecycles' `prepare`),
 * so hydration draws exactly the server's HTML; a later navigation asks `useRoutePageCode`
 * and shows a skeleton until the code arrives. No Suspense boundary is involved: React
 * hydrates a boundary's content in a later pass, after the region's first-view data is
 * closed, which would make the first view differ from the server's. A failed load is
 * forgotten: the next preload asks again.
 *
 * `chunk` is the name the import gives its chunk (`/* webpackChunkName: "page-home" *\/`, the
 * same string: scripts/test/route-chunks.test.ts holds them together). A server render reports
 * the pages it drew, and the page server hints their files from the build's route-chunks.json
 * (docs/rendering.md, "Route-level code"), so the browser fetches them with the remote's entry.
 */
export function routePage<P extends object>(chunk: string, load: () => Promise<ComponentType<P>>): RoutePage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  function Page(props: P) {
    useServerRender()?.pages.add(chunk);
    if (!loaded) throw new Error('A route page rendered before its code arrived: ask useRoutePageCode first');
    return createElement(loaded, props);
  }
  return Object.assign(Page, { chunk, preload, isLoaded: () => loaded !== null });
}

/**
 * Whether the page a route shows can be drawn now; if not, its code is asked for and the
 * component renders again when it arrives. A page whose code cannot be fetched is a render
 * error, for the region's crash screen (single-spa-react's boundary, remote-lifecycles.tsx) to say so.
 */
export function useRoutePageCode(page: { preload: () => Promise<unknown>; isLoaded: () => boolean } | null): boolean {
  const ready = page === null || page.isLoaded();
  const [failure, setFailure] = useState<{ page: unknown; error: unknown } | null>(null);
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (ready || page === null) return;
    let current = true;
    page.preload().then(
      () => current && arrived(),
      (error: unknown) => current && setFailure({ page, error }),
    );
    return () => {
      current = false;
    };
  }, [page, ready]);
  if (failure && failure.page === page) throw failure.error;
  return ready;
}

/**
 * A shopper reaching for a link (pointer over it, focus, a touch) starts loading the code of
 * the page it leads to, when that page is `remote`'s, so the click that follows rarely waits.
 */
export function preloadPagesOnIntent(remote: RemoteName, preload: (route: Pick<RouteState, 'name' | 'search' | 'params'>) => Promise<unknown>): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    const match = matchRoute(link.pathname);
    if (match.remote !== remote) return;
    preload({ name: match.name, search: link.search, params: match.params }).catch(() => undefined);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, { passive: true, capture: true });
}
