import { createElement, useId, useState, type ComponentType, type ReactElement } from 'react';
import { useHydrated } from './hydration';
import { useRoutePageCode } from './route-page';
import { sameProps } from './same-props';

/**
 * Static parts (docs/rendering.md, "What hydrates when"): text the server writes that never
 * changes in the browser — an article's body, a CMS page's body, a product's description. Its
 * module is named `*.static.tsx` and its default export is `staticPart('name', Component)`.
 *
 * - The server (and jest) renders the component inside a marker element.
 * - The browser build never gets the module: the build (shared/mfe-build, static-part-loader)
 *   puts `browserStaticPart` in its place. Hydrating, that keeps the server's HTML as it is —
 *   one element, no component code, no fibers for its content, no work; rendered afresh (a
 *   later navigation, a region the server could not render) it loads the component's code, a
 *   chunk of its own, and renders it.
 *
 * The marker's `useId` is the same on the server and in the hydrating browser (the same place
 * in the same tree), so each part finds its own HTML even when a page has several. Name a part
 * after its remote ('content-article-body'): two regions are two React roots.
 */
const STATIC_PART_ATTRIBUTE = 'data-static-part';

export function staticPart<P extends object>(name: string, Component: ComponentType<P>): ComponentType<P> {
  function StaticPart(props: P): ReactElement {
    const id = partId(name, useId());
    return createElement('div', { [STATIC_PART_ATTRIBUTE]: name, id }, createElement(Component, props));
  }
  StaticPart.displayName = `StaticPart(${name})`;
  return StaticPart;
}

/** The marker's id: the part's name (regions are separate roots, whose `useId`s may repeat) and its `useId`. */
const partId = (name: string, reactId: string) => `${name}-${reactId.replace(/[^\w-]/g, '')}`;

/** The server's HTML of the part with this marker id, if the page has it. */
function serverHtmlOf(id: string): string | null {
  return globalThis.document?.getElementById(id)?.innerHTML ?? null;
}

/**
 * What the browser build has in place of a static part's module (never imported by hand: the
 * build writes the import). `load` brings the component's code, only when there is no server
 * HTML to keep.
 */
export function browserStaticPart<P extends object>(name: string, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  const code = {
    isLoaded: () => loaded !== null,
    preload: () =>
      (loading ??= load().then(
        // The module's default export is the server's StaticPart (marker and all): render what it wraps.
        (module) => (loaded = module.default),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
  function StaticPart(props: P): ReactElement | null {
    const id = partId(name, useId());
    const hydrated = useHydrated();
    // Read once, while hydrating: later renders keep the same string, so React never touches it —
    // as long as the part is asked for what the server drew (other props: the component draws them).
    const [first] = useState(() => ({ html: hydrated ? null : serverHtmlOf(id), props }));
    const serverHtml = first.html !== null && sameProps(first.props, props) ? first.html : null;
    const ready = useRoutePageCode(serverHtml === null ? code : null);
    if (serverHtml !== null) return createElement('div', { [STATIC_PART_ATTRIBUTE]: name, id, dangerouslySetInnerHTML: { __html: serverHtml } });
    if (!ready || !loaded) return createElement('div', { [STATIC_PART_ATTRIBUTE]: name, id, 'aria-busy': true });
    return createElement(loaded, props);
  }
  StaticPart.displayName = `StaticPart(${name})`;
  return StaticPart;
}
