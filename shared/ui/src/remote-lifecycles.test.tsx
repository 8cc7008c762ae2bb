import { i18n, initI18n, useTranslation } from '@kaloryfer/i18n';
import { screen, waitFor } from '@testing-library/react';
import { useId, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { mountRootParcel } from 'single-spa';
import { createRemoteLifecycles } from './remote-lifecycles';
import { PageData, usePageData } from './rendering/page-data';
import { RemoteRoot } from './rendering/remote-root';

// A remote's module through single-spa-react (remote-lifecycles.tsx) in jsdom: hydrated over the
// server's HTML of the same tree, unmounted, mounted again; a render error caught by its boundary.
// React runs as on a page here, not under act(): a mount resolves when React has committed, which
// act() would hold back until the mount resolved.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let wasActEnvironment: boolean | undefined;
beforeAll(() => {
  wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

const NAMESPACE = {
  name: 'demo',
  loaders: { 'pl-PL': async () => ({ 'counter.label': 'Licznik', 'counter.add': 'Dodaj jeden' }) },
};

function Counter() {
  const { t } = useTranslation();
  const id = useId();
  const start = usePageData('counter:start', async () => 100);
  const [count, setCount] = useState<number | null>(null);
  const value = count ?? (start.status === 'ready' ? start.value : 0);
  return (
    <p>
      <span id={id}>
        {t('counter.label')} {value}
      </span>
      <button type="button" aria-describedby={id} onClick={() => setCount(value + 1)}>
        {t('counter.add')}
      </button>
    </p>
  );
}

let explode = false;
function Fragile() {
  if (explode) throw new Error('a render bug');
  return <p>Działa</p>;
}

beforeAll(async () => {
  await initI18n({ language: 'pl-PL' });
});

const hydrationErrors = () => (globalThis as { __KALORYFER_HYDRATION_ERRORS__?: string[] }).__KALORYFER_HYDRATION_ERRORS__ ?? [];

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
  delete (globalThis as { __KALORYFER_HYDRATION_ERRORS__?: string[] }).__KALORYFER_HYDRATION_ERRORS__;
});
afterEach(() => {
  explode = false;
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

test('hydrated over the server HTML of the same tree (no warning, the same nodes, the server data), unmounted, mounted again', async () => {
  const lifecycles = createRemoteLifecycles(Counter, NAMESPACE);
  await lifecycles.bootstrap();
  const pageData = { 'counter:start': { value: 7 } };
  const container = document.createElement('div');
  // What the page server sends: the same RemoteRoot tree, rendered from the same data.
  container.innerHTML = renderToString(
    <RemoteRoot i18n={i18n} namespace="demo" data={new PageData(pageData)}>
      <Counter />
    </RemoteRoot>,
  );
  document.body.append(container);
  const serverButton = screen.getByRole('button', { name: 'Dodaj jeden' });
  expect(container).toHaveTextContent('Licznik 7');

  await lifecycles.mount({ name: 'demo/app', domElement: container, hydrate: true, pageData });
  expect(screen.getByRole('button', { name: 'Dodaj jeden' })).toBe(serverButton); // hydrated, not replaced
  serverButton.click();
  await waitFor(() => expect(container).toHaveTextContent('Licznik 8'));
  expect(hydrationErrors()).toEqual([]);
  expect(consoleErrors).toEqual([]);

  await lifecycles.unmount({ name: 'demo/app', domElement: container });
  expect(container).toBeEmptyDOMElement();

  // Mounted again with no server HTML: rendered afresh, its data loaded (the server's served one render).
  await lifecycles.mount({ name: 'demo/app', domElement: container });
  await waitFor(() => expect(container).toHaveTextContent('Licznik 100'));
  await lifecycles.unmount({ name: 'demo/app', domElement: container });
  expect(container).toBeEmptyDOMElement();
  expect(consoleErrors).toEqual([]);
});

test("a render error stays in the region: the module's Polish message, and the shell is told", async () => {
  explode = true;
  const lifecycles = createRemoteLifecycles(Fragile, NAMESPACE);
  await lifecycles.bootstrap();
  const container = document.createElement('div');
  document.body.append(container);
  const onRenderError = jest.fn();
  await lifecycles.mount({ name: 'demo/fragile', domElement: container, onRenderError });
  expect(await screen.findByRole('alert')).toHaveTextContent('Coś poszło nie tak');
  await waitFor(() => expect(onRenderError).toHaveBeenCalledWith(expect.objectContaining({ message: 'a render bug' })));
  await lifecycles.unmount({ name: 'demo/fragile', domElement: container });
  expect(container).toBeEmptyDOMElement();
});

test('as a single-spa parcel (a header widget): mounted and unmounted by single-spa itself', async () => {
  const lifecycles = createRemoteLifecycles(Fragile, NAMESPACE);
  const container = document.createElement('div');
  document.body.append(container);
  const parcel = mountRootParcel(lifecycles as never, { domElement: container, name: 'demo/widget' } as never);
  await parcel.mountPromise;
  expect(container).toHaveTextContent('Działa');
  await parcel.unmount();
  expect(container).toBeEmptyDOMElement();
});
