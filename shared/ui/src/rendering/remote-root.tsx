import type { ReadableAtom } from 'nanostores';
import { Component, useEffect, type ReactNode } from 'react';
import type { I18n } from '@kaloryfer/i18n';
import { I18nextProvider } from '@kaloryfer/i18n';
import { RemoteCrash } from '../RemoteCrash';
import { RequestStoresProvider } from './hydration';
import { PageDataProvider, type PageData } from './page-data';
import { ServerRender, type ServerRenderContext } from './server-render-context';

class CrashBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[remote] render failed', error);
  }

  override render() {
    return this.state.crashed ? <RemoteCrash /> : this.props.children;
  }
}

function Committed({ onCommit }: { onCommit?: () => void }) {
  useEffect(() => {
    onCommit?.();
  }, [onCommit]);
  return null;
}

/**
 * The one tree a remote's region is rendered in, on the server and in the browser alike (the
 * same tree is what makes hydration line up): the page's i18n instance with the remote's
 * namespace, the region's data, the request's atom values (server), and a boundary that keeps
 * a render error inside the region.
 */
export function RemoteRoot({
  i18n,
  namespace,
  data,
  stores,
  server,
  onCommit,
  children,
}: {
  i18n: I18n;
  namespace: string;
  data: PageData;
  stores?: ReadonlyMap<ReadableAtom<unknown>, unknown>;
  server?: ServerRenderContext;
  onCommit?: () => void;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n} defaultNS={namespace}>
      <PageDataProvider data={data}>
        <RequestStoresProvider values={stores ?? NO_STORES}>
          <ServerRender.Provider value={server ?? null}>
            <CrashBoundary>{children}</CrashBoundary>
            <Committed onCommit={onCommit} />
          </ServerRender.Provider>
        </RequestStoresProvider>
      </PageDataProvider>
    </I18nextProvider>
  );
}

const NO_STORES: ReadonlyMap<ReadableAtom<unknown>, unknown> = new Map();
