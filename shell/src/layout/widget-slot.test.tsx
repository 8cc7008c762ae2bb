import { initI18n } from '@kaloryfer/i18n';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HEADER_WIDGETS } from '../apps/header-widgets';
import { RegionMounter } from '../apps/region-mounter';
import { addShellNamespace } from '../i18n/shell-bundles';
import { parseRegistry } from '../registry/registry';
import { RemoteLoader, type FederationRuntime } from '../registry/remote-loader';
import { WidgetSlot } from './widget-slot';

beforeAll(async () => {
  await initI18n({ language: 'pl-PL' });
  addShellNamespace();
});

const registry = parseRegistry({
  timeoutMs: 500,
  remotes: { cart: { entry: 'http://localhost:3003/1.0.0/mf-manifest.json', version: '1.0.0', contracts: '1.0.0' } },
});

/** A stand-in for the cart remote's MiniCart: its button opens the microcart. */
function miniCart(opened: string[]) {
  return {
    bootstrap: async () => undefined,
    mount: async ({ domElement }: { domElement: HTMLElement }) => {
      const button = document.createElement('button');
      button.setAttribute('aria-label', 'Koszyk: 2 produkty w koszyku');
      button.addEventListener('click', () => opened.push('microcart'));
      domElement.append(button);
    },
    unmount: async ({ domElement }: { domElement: HTMLElement }) => {
      domElement.replaceChildren();
    },
  };
}

function setup({ stored = {}, down = false }: { stored?: Record<string, string>; down?: boolean } = {}) {
  const opened: string[] = [];
  const loads: string[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    loadRemote: (async (id: string) => {
      loads.push(id);
      if (down) throw new Error('404');
      return miniCart(opened);
    }) as FederationRuntime['loadRemote'],
  };
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  const mounter = new RegionMounter(new RemoteLoader(registry, [], runtime, '1.0.0'), null);
  render(<WidgetSlot mounter={mounter} name="minicart" widget={HEADER_WIDGETS.minicart} className="slot-minicart" />);
  return { mounter, opened, loads };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a first visitor sees the launcher and no remote loads; a click loads the widget and is made again on it', async () => {
  const { mounter, opened, loads } = setup();
  mounter.routeSettled();
  const launcher = screen.getByRole('button', { name: 'Koszyk: 0 produktów w koszyku' });
  expect(launcher).toHaveTextContent('0');
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(loads).toEqual([]);

  // A tap: no pointer hovered over it first (a pointer that does starts the load before the press).
  await userEvent.setup({ skipHover: true }).click(launcher);
  await waitFor(() => expect(opened).toEqual(['microcart']));
  expect(screen.queryByRole('button', { name: /produktów w koszyku/ })).not.toBeInTheDocument(); // the launcher is gone
  expect(screen.getByRole('button', { name: 'Koszyk: 2 produkty w koszyku' })).toBeInTheDocument();
  expect(loads).toHaveLength(1);
});

test('a keyboard user tabbing to the launcher keeps focus on the widget’s button; Enter opens it once', async () => {
  const { opened } = setup();
  await userEvent.tab();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Koszyk: 2 produkty w koszyku' })).toHaveFocus());
  expect(opened).toEqual([]); // focus alone opens nothing
  await userEvent.keyboard('{Enter}');
  expect(opened).toEqual(['microcart']);
});

test('a command waiting for the remote wakes the widget without a click', async () => {
  const { mounter, opened } = setup();
  act(() => mounter.wakeRemote('cart'));
  expect(await screen.findByRole('button', { name: 'Koszyk: 2 produkty w koszyku' })).toBeInTheDocument();
  expect(opened).toEqual([]);
});

test('a stored cart loads the widget after the route region, and its badge is not shown as 0 meanwhile', async () => {
  const { mounter, loads } = setup({ stored: { 'kaloryfer.cart': '{"items":[]}' } });
  const launcher = screen.getByRole('button', { name: 'Koszyk: 0 produktów w koszyku' });
  await waitFor(() => expect(launcher.querySelector('.header-badge')).not.toBeVisible());
  expect(loads).toEqual([]); // the route region first
  mounter.routeSettled();
  expect(await screen.findByRole('button', { name: 'Koszyk: 2 produkty w koszyku' })).toBeInTheDocument();
});

test('a remote that is down: the click shows the widget’s compact fallback instead of the launcher, and is not replayed on its retry', async () => {
  const { loads } = setup({ down: true });
  await userEvent.click(screen.getByRole('button', { name: 'Koszyk: 0 produktów w koszyku' }));
  expect(await screen.findByRole('button', { name: 'Spróbuj ponownie wczytać: koszyk' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /produktów w koszyku/ })).not.toBeInTheDocument();
  expect(loads.length).toBeGreaterThanOrEqual(1);
  const before = loads.length;
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(loads).toHaveLength(before); // no retry nobody asked for
});

test('the widget’s button is never on the page beside the launcher: it drew before its mount settled, and shows only when the launcher goes', async () => {
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    loadRemote: (async () => ({
      ...miniCart([]),
      mount: async ({ domElement }: { domElement: HTMLElement }) => {
        await miniCart([]).mount({ domElement });
        await settled; // drawn, but the mount has not settled yet
      },
    })) as FederationRuntime['loadRemote'],
  };
  localStorage.clear();
  const mounter = new RegionMounter(new RemoteLoader(registry, [], runtime, '1.0.0'), null);
  render(<WidgetSlot mounter={mounter} name="minicart" widget={HEADER_WIDGETS.minicart} className="slot-minicart" />);
  act(() => mounter.wakeRemote('cart'));
  await waitFor(() => expect(document.querySelector('.widget-host button')).not.toBeNull());
  expect(screen.getAllByRole('button', { name: /^Koszyk/ })).toHaveLength(1);
  expect(screen.getByRole('button', { name: /^Koszyk/ })).toHaveAttribute('data-launcher', 'minicart');

  await act(async () => settle());
  await waitFor(() => expect(screen.getByRole('button', { name: /^Koszyk/ })).toHaveAccessibleName('Koszyk: 2 produkty w koszyku'));
  expect(screen.getAllByRole('button', { name: /^Koszyk/ })).toHaveLength(1);
});

test('a press before the widget’s code arrived shows the launcher busy at once, and opens the widget once the code is there', async () => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const opened: string[] = [];
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    loadRemote: (async () => {
      await arrived;
      return miniCart(opened);
    }) as FederationRuntime['loadRemote'],
  };
  localStorage.clear();
  const mounter = new RegionMounter(new RemoteLoader(registry, [], runtime, '1.0.0'), null);
  render(<WidgetSlot mounter={mounter} name="minicart" widget={HEADER_WIDGETS.minicart} className="slot-minicart" />);
  mounter.routeSettled();
  const launcher = screen.getByRole('button', { name: 'Koszyk: 0 produktów w koszyku' });
  expect(launcher).not.toHaveAttribute('aria-busy');
  await userEvent.setup({ skipHover: true }).click(launcher);
  expect(launcher).toHaveAttribute('aria-busy', 'true');
  expect(opened).toEqual([]);
  await act(async () => arrive());
  await waitFor(() => expect(opened).toEqual(['microcart']));
  expect(screen.getByRole('button', { name: 'Koszyk: 2 produkty w koszyku' })).not.toHaveAttribute('aria-busy');
});
