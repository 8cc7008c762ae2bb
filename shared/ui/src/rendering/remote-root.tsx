import type { ReadableAtom } from 'nanostores';
import type { ReactNode } from 'react';
import type { I18n } from '@kaloryfer/i18n';
import { I18nextProvider } from '@kaloryfer/i18n';
import { RequestStoresProvider } from './hydration';
import { PageDataProvider, type PageData } from './page-data';
import { ServerRender, type ServerRenderContext } from './server-render-context';

/**
 * The one tree a remote's region is rendered in, on the server and in the browser alike (the
 * same tree is what makes hydration line up): the page's i18n instance with the remote's
 * namespace, the region's data, the request's atom values (server). In the browser
 * single-spa-react wraps it (remote-lifecycles.tsx): its error boundary keeps a render error
 * inside the region, and its root tells single-spa when the first render is committed. Those
 * wrappers render no element and have one child each, so the server's HTML and its `useId`s
 * line up with the browser's tree.
 */
export function RemoteRoot({
  i18n,
  namespace,
  data,
  stores,
  server,
  children,
}: {
  i18n: I18n;
  namespace: string;
  data: PageData;
  stores?: ReadonlyMap<ReadableAtom<unknown>, unknown>;
  server?: ServerRenderContext;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n} defaultNS={namespace}>
      <PageDataProvider data={data}>
        <RequestStoresProvider values={stores ?? NO_STORES}>
          <ServerRender.Provider value={server ?? null}>{children}</ServerRender.Provider>
        </RequestStoresProvider>
      </PageDataProvider>
    </I18nextProvider>
  );
}

const NO_STORES: ReadonlyMap<ReadableAtom<unknown>, unknown> = new Map();
