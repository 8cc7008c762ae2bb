import { initI18n } from '@kaloryfer/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addShellNamespace } from '../i18n/shell-bundles';
import { parseRegistry } from '../registry/registry';
import { RemoteLoader, type FederationRuntime } from '../registry/remote-loader';
import { createRemoteLifecycles } from '@kaloryfer/ui';
import { ResilientRegion } from './resilient-region';

beforeAll(async () => {
  await initI18n({ language: 'pl-PL' });
  addShellNamespace();
});

const registry = parseRegistry({
  timeoutMs: 500,
  remotes: { content: { entry: 'http://localhost:3005/1.0.0/mf-manifest.json', version: '1.0.0', contracts: '1.0.0' } },
});

function app(text: string, options: { throwOnMount?: boolean } = {}) {
  return {
    bootstrap: async () => undefined,
    mount: async ({ domElement }: { domElement: HTMLElement }) => {
      if (options.throwOnMount) throw new Error('mount exploded');
      domElement.textContent = text;
    },
    unmount: async ({ domElement }: { domElement: HTMLElement }) => {
      domElement.textContent = '';
    },
  };
}

function setup(load: () => Promise<unknown>) {
  const runtime: FederationRuntime = { registerRemotes: () => undefined, loadRemote: load as FederationRuntime['loadRemote'] };
  const loader = new RemoteLoader(registry, [], runtime, '1.0.0');
  const element = document.createElement('div');
  document.body.append(element);
  return { region: new ResilientRegion(loader, 'content', './app'), element };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

test('a remote that cannot load shows the Polish fallback; retry mounts it once it is back', async () => {
  let online = false;
  const { region, element } = setup(async () => {
    if (!online) throw new Error('404');
    return app('Regulamin sklepu');
  });
  await region.mount(element);
  expect(await screen.findByRole('alert')).toHaveTextContent('Ta część sklepu jest chwilowo niedostępna');
  online = true;
  await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
  await waitFor(() => expect(element).toHaveTextContent('Regulamin sklepu'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a remote whose mount throws shows the fallback, not an exception', async () => {
  const { region, element } = setup(async () => app('x', { throwOnMount: true }));
  await expect(region.mount(element)).resolves.toBeUndefined();
  expect(await screen.findByRole('alert')).toBeInTheDocument();
});

test('unmount removes what the remote rendered', async () => {
  const { region, element } = setup(async () => app('Porady'));
  await region.mount(element);
  expect(element).toHaveTextContent('Porady');
  await region.unmount();
  expect(element).toBeEmptyDOMElement();
});

test('a widget is mounted as a single-spa parcel and unmounted through it', async () => {
  const { element } = setup(async () => app('Koszyk: 0'));
  const runtime: FederationRuntime = { registerRemotes: () => undefined, loadRemote: (async () => app('Koszyk: 0')) as FederationRuntime['loadRemote'] };
  const widget = new ResilientRegion(new RemoteLoader(registry, [], runtime, '1.0.0'), 'content', './Footer', 'widget');
  await widget.mount(element);
  expect(element).toHaveTextContent('Koszyk: 0');
  await widget.unmount();
  expect(element).toBeEmptyDOMElement();
});

test('a route region whose retry fails too gives up (the shell sends the shopper to /error); its first failure only shows the fallback', async () => {
  let online = false;
  const failedTwice = jest.fn();
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    loadRemote: (async () => {
      if (!online) throw new Error('404');
      return app('Porady');
    }) as FederationRuntime['loadRemote'],
  };
  const loader = new RemoteLoader(registry, [], runtime, '1.0.0');
  const element = document.createElement('div');
  document.body.append(element);
  const region = new ResilientRegion(loader, 'content', './app', 'region', failedTwice);

  await region.mount(element);
  expect(await screen.findByRole('alert')).toHaveTextContent('Ta część sklepu jest chwilowo niedostępna');
  expect(failedTwice).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
  await waitFor(() => expect(failedTwice).toHaveBeenCalledTimes(1));

  // A later mount (the shopper came back to the route) starts counting afresh; a retry that works mounts.
  await region.unmount();
  await region.mount(element);
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  online = true;
  await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
  await waitFor(() => expect(element).toHaveTextContent('Porady'));
  expect(failedTwice).toHaveBeenCalledTimes(1);
});

test("a render error inside the remote (its single-spa-react boundary) becomes the region's fallback; its retry mounts the module again", async () => {
  let broken = true;
  function Advice() {
    if (broken) throw new Error('a render bug');
    return <p>Porady działają</p>;
  }
  const lifecycles = createRemoteLifecycles(Advice, { name: 'demo', loaders: { 'pl-PL': async () => ({}) } });
  const { region, element } = setup(async () => lifecycles);
  await region.mount(element);
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Ta część sklepu jest chwilowo niedostępna'));
  expect(region.failed).toBe(true);
  expect(element).not.toHaveTextContent('Coś poszło nie tak'); // the module's own message made way for the region's
  broken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
  await waitFor(() => expect(element).toHaveTextContent('Porady działają'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(region.failed).toBe(false);
  await region.unmount();
});
