import { i18n, registerNamespace, type NamespaceLoaders } from '@kaloryfer/i18n';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import singleSpaReact from 'single-spa-react';
import { RemoteCrash } from './RemoteCrash';

/**
 * The single-spa lifecycles of a remote's exposed module: bootstrap loads the remote's i18n
 * namespace, mount renders the component into the element the shell hands over, and a render
 * error stays inside the remote's region.
 */
export function createRemoteLifecycles<Props extends object>(
  Component: React.ComponentType<Props>,
  i18nNamespace: { name: string; loaders: NamespaceLoaders },
) {
  const Root = (props: Props) => (
    <I18nextProvider i18n={i18n} defaultNS={i18nNamespace.name}>
      <Component {...props} />
    </I18nextProvider>
  );
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: () => <RemoteCrash />,
  });
  return {
    bootstrap: [() => registerNamespace(i18nNamespace.name, i18nNamespace.loaders), lifecycles.bootstrap],
    mount: lifecycles.mount,
    unmount: lifecycles.unmount,
  };
}
