import { $route, matchRoute, type PageHead, type RegionRequest, type RegionResult, type RouteState } from '@kaloryfer/contracts';
import { isLanguage, type NamespaceLoaders } from '@kaloryfer/i18n';
import { ServerI18n } from '@kaloryfer/i18n/server';
import type { I18n } from '@kaloryfer/i18n';
import type { ReadableAtom } from 'nanostores';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { configureApiOrigin } from '../../api-json';
import { failureEntry, PageData } from '../page-data';
import { RemoteRoot } from '../remote-root';
import { ServerRenderContext } from '../server-render-context';

/** One server-renderable module of a remote. */
export interface ServerRegion {
  render: () => ReactElement;
  /** False when the browser needs no code for the HTML (a static footer); true by default. */
  interactive?: boolean;
  /** What the head says beyond the page frame's title and description (canonical, JSON-LD). */
  head?: (context: { request: RegionRequest; route: RouteState; data: PageData; i18n: I18n }) => PageHead;
}

export interface ServerRenderOptions {
  namespace: { name: string; loaders: NamespaceLoaders };
  regions: Record<string, ServerRegion>;
  /** The request's values of atoms the first view reads, besides the route. */
  stores?: (request: RegionRequest) => [ReadableAtom<unknown>, unknown][];
  /** What must be loaded once before the first render besides the words: every page's code (routePage). */
  prepare?: () => Promise<unknown>;
}

/** Renders repeat while they ask for data they have not got; a page needs two or three. */
const MAX_PASSES = 5;

export function routeStateOf(request: RegionRequest): RouteState {
  const match = request.route ?? matchRoute(request.path);
  return { path: request.path, search: request.search, hash: '', name: match.name, params: match.params, previousPath: null, isBack: false };
}

/**
 * A remote's server `render`: its own components rendered to HTML for one request, with the
 * data they ask for loaded from the shop API first (a render that meets a missing value asks
 * for it; the values are loaded and the render repeats), in the request's language, with the
 * request's route. Everything request-specific travels through React context, never module
 * state: one process renders many requests at once.
 */
export function createServerRender(options: ServerRenderOptions): (request: RegionRequest) => Promise<RegionResult> {
  const i18n = new ServerI18n();
  const ready = Promise.all([i18n.addNamespace(options.namespace.name, options.namespace.loaders), options.prepare?.()]);
  return async (request) => {
    const region = options.regions[request.module];
    if (!region) throw new Error(`${request.module} is not rendered on the server`);
    configureApiOrigin(request.apiOrigin);
    await ready;
    const language = isLanguage(request.language) ? request.language : 'pl-PL';
    const route = routeStateOf(request);
    const stores = new Map<ReadableAtom<unknown>, unknown>([[$route as ReadableAtom<unknown>, route], ...(options.stores?.(request) ?? [])]);
    const data = new PageData({}, true);
    const server = new ServerRenderContext();
    const instance = i18n.forLanguage(language);
    let html = '';
    for (let pass = 1; ; pass += 1) {
      server.head = {};
      html = renderToString(
        <RemoteRoot i18n={instance} namespace={options.namespace.name} data={data} stores={stores} server={server}>
          {region.render()}
        </RemoteRoot>,
      );
      const wanted = data.takeWanted();
      if (wanted.length === 0 || pass === MAX_PASSES) break;
      const controller = new AbortController();
      await Promise.all(
        wanted.map(async ([key, load]) => {
          data.set(key, await load(controller.signal).then((value) => ({ value }), failureEntry));
        }),
      );
    }
    const head = { ...server.head, ...region.head?.({ request, route, data, i18n: instance }) };
    return {
      html,
      status: server.redirect?.status ?? 200,
      head,
      data: data.used(),
      interactive: region.interactive ?? true,
      pages: [...server.pages],
      ...(server.redirect ? { redirect: server.redirect.location } : {}),
    };
  };
}
