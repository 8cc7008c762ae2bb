import { i18n, I18nextProvider, initI18n, type NamespaceLoaders, registerNamespace } from '@kaloryfer/i18n';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Test helper: render a remote's component in Polish with its namespace loaded, as at mount. */
export async function renderRemote(element: ReactElement, namespace: { name: string; loaders: NamespaceLoaders }) {
  await initI18n({ language: 'pl-PL' });
  await registerNamespace(namespace.name, namespace.loaders);
  return render(
    <I18nextProvider i18n={i18n} defaultNS={namespace.name}>
      {element}
    </I18nextProvider>,
  );
}
