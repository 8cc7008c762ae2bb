import type { PageDataEntry } from '@kaloryfer/contracts';
import { i18n, registerNamespace, type NamespaceLoaders } from '@kaloryfer/i18n';
import type { ComponentType } from 'react';
import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
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
}

export interface RemoteLifecycleOptions {
  /**
   * What must be here before the first render, besides the words: the current route's page
   * code (routePage), so the hydrating render draws the server's HTML, not a skeleton.
   */
  prepare?: () => Promise<unknown>;
}

/**
 * The single-spa lifecycles of a remote's exposed module: bootstrap loads the remote's i18n
 * namespace; mount waits for `prepare`, then hydrates the server's HTML (inside a transition,
 * with the page's data) or renders afresh; a render error stays inside the remote's region
 * (RemoteRoot).
 */
export function createRemoteLifecycles(
  Component: ComponentType,
  i18nNamespace: { name: string; loaders: NamespaceLoaders },
  options: RemoteLifecycleOptions = {},
) {
  const roots = new Map<string, Root>();
  return {
    bootstrap: () => registerNamespace(i18nNamespace.name, i18nNamespace.loaders),
    mount: async (props: RemoteMountProps) => {
      // A page whose code did not arrive still mounts: its render tries once more, and a second
      // failure is the region's crash screen (RemoteRoot), never a dead mount.
      await options.prepare?.().catch((error: unknown) => console.error('[remote] page code did not load', error));
      return new Promise<void>((resolve) => {
        const data = new PageData(props.pageData ?? {});
        const onCommit = () => {
          data.close();
          resolve();
        };
        const element = (
          <RemoteRoot i18n={i18n} namespace={i18nNamespace.name} data={data} onCommit={onCommit}>
            <Component />
          </RemoteRoot>
        );
        if (props.hydrate) {
          startTransition(() => {
            roots.set(props.name, hydrateRoot(props.domElement, element, { onRecoverableError: reportRecoverableError }));
          });
        } else {
          // Not urgent either (a route's page, a header widget): rendered in slices the shopper can interrupt.
          const root = createRoot(props.domElement);
          roots.set(props.name, root);
          startTransition(() => root.render(element));
        }
      });
    },
    unmount: async (props: RemoteMountProps) => {
      roots.get(props.name)?.unmount();
      roots.delete(props.name);
    },
  };
}
