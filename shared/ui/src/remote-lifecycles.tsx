import type { PageDataEntry } from '@kaloryfer/contracts';
import { i18n, registerNamespace, type NamespaceLoaders } from '@kaloryfer/i18n';
import * as React from 'react';
import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { RemoteCrash } from './remote-crash';
import { reportRecoverableError } from './rendering/hydration-errors';
import { PageData } from './rendering/page-data';
import { RemoteRoot } from './rendering/remote-root';

/** What the shell hands a remote's module when it mounts it (single-spa props). */
export interface RemoteMountProps {
  name: string;
  domElement: HTMLElement;
  /** The element holds this module's server-rendered HTML: hydrate it instead of rendering. */
  hydrate?: boolean;
  /** The values the server rendered it from (kf-state): the first render uses them, no refetch. */
  pageData?: Record<string, PageDataEntry>;
  /**
   * Told when a render of the module threw (after the module's own Polish message is on screen):
   * the shell's region puts its fallback, with a retry, in the module's place (ResilientRegion).
   */
  onRenderError?: (error: unknown) => void;
}

export interface RemoteLifecycleOptions {
  /**
   * What must be here before the first render, besides the words: the current route's page
   * code (routePage), so the hydrating render draws the server's HTML, not a skeleton.
   */
  prepare?: () => Promise<unknown>;
}

/** The props single-spa-react gives the root component: the mount's, plus the data of this mount. */
type RootProps = RemoteMountProps & { data: PageData };

/**
 * The react-dom/client single-spa-react renders through: the same two calls, each inside a
 * transition — the hydration of the server's HTML (interruptible, so a click during it is never
 * lost) and a fresh render (a route's page, a header widget: rendered in slices the shopper can
 * interrupt) — and the hydration's recoverable errors reported (hydration-errors.ts).
 */
const transitionDom = {
  hydrateRoot(container: Element, element: ReactNode): ReactDOMClient.Root {
    let root!: ReactDOMClient.Root;
    startTransition(() => {
      root = ReactDOMClient.hydrateRoot(container, element, { onRecoverableError: reportRecoverableError });
    });
    return root;
  },
  createRoot(container: Element): Pick<ReactDOMClient.Root, 'render' | 'unmount'> {
    const root = ReactDOMClient.createRoot(container);
    return { render: (element) => startTransition(() => root.render(element)), unmount: () => root.unmount() };
  },
};

/** What a module whose render threw shows, and tells the shell once it is on screen. */
function Crashed({ error, onRenderError }: { error: unknown; onRenderError?: (error: unknown) => void }) {
  useEffect(() => {
    console.error('[remote] render failed', error);
    onRenderError?.(error);
  }, [error, onRenderError]);
  return <RemoteCrash />;
}

/**
 * The single-spa lifecycles of a remote's exposed module, from single-spa-react: bootstrap loads
 * the remote's i18n namespace (once) and starts `prepare` beside it (two requests at once, not
 * one after the other, before the first render); mount waits for `prepare`, then single-spa-react hydrates
 * the server's HTML (the shell says `hydrate`) or renders afresh, both inside a transition
 * (`transitionDom`); its error boundary keeps a render error inside the region — the module's
 * Polish message, then the shell's fallback with a retry (`onRenderError`). The tree is the one
 * the server rendered (RemoteRoot), so hydration lines up.
 */
export function createRemoteLifecycles(
  Component: ComponentType,
  i18nNamespace: { name: string; loaders: NamespaceLoaders },
  options: RemoteLifecycleOptions = {},
) {
  const rootComponent = ({ data }: RootProps) => (
    <RemoteRoot i18n={i18n} namespace={i18nNamespace.name} data={data}>
      <Component />
    </RemoteRoot>
  );
  const common = {
    React,
    rootComponent,
    errorBoundary: (error: Error, _info: React.ErrorInfo, props: RootProps) => <Crashed error={error} onRenderError={props.onRenderError} />,
  };
  // One per way in: single-spa-react takes its render type per configuration, not per mount.
  const hydrating = singleSpaReact<RootProps>({ ...common, ReactDOMClient: transitionDom, renderType: 'hydrateRoot' });
  const rendering = singleSpaReact<RootProps>({ ...common, ReactDOMClient: transitionDom, renderType: 'createRoot' });
  const mountedBy = new Map<string, typeof hydrating>();
  let bootstrapped: Promise<void> | null = null;
  /** The route page's code, asked for at bootstrap: it arrives while the words do, not after them. */
  let prepared: Promise<unknown> | null = null;
  // A page whose code did not arrive still mounts: its render tries once more, and a second
  // failure is the region's crash screen, never a dead mount.
  const prepare = () => options.prepare?.().catch((error: unknown) => console.error('[remote] page code did not load', error)) ?? null;

  return {
    bootstrap: () => {
      prepared = prepare();
      return (bootstrapped ??= registerNamespace(i18nNamespace.name, i18nNamespace.loaders));
    },
    mount: async (props: RemoteMountProps) => {
      // The first mount takes the page code bootstrap asked for; a later one (another route) asks anew.
      const ready = prepared ?? prepare();
      prepared = null;
      await ready;
      const lifecycles = props.hydrate ? hydrating : rendering;
      mountedBy.set(props.name, lifecycles);
      // The server's values serve the first render only: once it is committed (mount resolves
      // then), a hook that mounts later loads afresh.
      const data = new PageData(props.pageData ?? {});
      await lifecycles.mount({ ...props, data } as never);
      data.close();
    },
    unmount: async (props: RemoteMountProps) => {
      const lifecycles = mountedBy.get(props.name);
      mountedBy.delete(props.name);
      await lifecycles?.unmount(props as never);
    },
  };
}
