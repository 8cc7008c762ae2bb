import {
  $cart,
  $compare,
  $recentlyViewed,
  cartAddRequested,
  compareAddRequested,
  loginRequested,
  notificationRequested,
  BUILT_IN_REMOTES,
  shopRemotes,
  sessionChanged,
  STORED_STATE_KEYS,
  wishlistAddRequested,
} from '@kaloryfer/contracts';
import { modulesOf } from '@kaloryfer/contracts/meta';
import { HEADER_WIDGETS, hasStoredState, headerWidgetsOf, ownerRemoteOf, wakeOwnersOnDemand } from './header-widgets';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

test.each([
  ['a first visit', 'minicart', {}, false],
  ['a stored cart', 'minicart', { [STORED_STATE_KEYS.cart]: '{"items":[]}' }, true],
  ['a signed-in customer (a server cart)', 'minicart', { [STORED_STATE_KEYS.customerToken]: '"t"' }, true],
  ['a stored cart, for the account button', 'account', { [STORED_STATE_KEYS.cart]: '{}' }, false],
  ['a signed-in customer', 'account', { [STORED_STATE_KEYS.customerToken]: '"t"' }, true],
  ['a stored wishlist', 'wishlist', { [STORED_STATE_KEYS.wishlist]: '[]' }, true],
  // The search button shows nothing stored: a returning shopper's content page loads no catalogue code (#51).
  ['a compare list', 'search', { [STORED_STATE_KEYS.compare]: '{}' }, false],
  ['products viewed', 'search', { [STORED_STATE_KEYS.recentlyViewed]: '[]' }, false],
  ['someone else\u2019s key', 'search', { 'kaloryfer.language': 'pl-PL' }, false],
] as const)('%s: the %s widget loads at once = %s', (_, name, entries, expected) => {
  expect(hasStoredState(HEADER_WIDGETS[name], storage(entries))).toBe(expected);
});

test('a storage that throws (switched off) holds nothing; no storage holds nothing', () => {
  const broken = {
    getItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
  };
  expect(hasStoredState(HEADER_WIDGETS.minicart, broken)).toBe(false);
  expect(hasStoredState(HEADER_WIDGETS.minicart, null)).toBe(false);
});

test.each([
  ['cart:add-requested', 'cart'],
  ['cart:microcart-toggle-requested', 'cart'],
  ['session:login-requested', 'account'],
  ['wishlist:add-requested', 'account'],
  ['compare:add-requested', 'catalog'],
  ['notification:show', null], // the shell's own
  ['session:changed', null], // a fact: its owner is already running
  ['no:such-channel', null],
])('a command waiting on %s needs %s', (channel, remote) => {
  expect(ownerRemoteOf(channel)).toBe(remote);
});

describe('wakeOwnersOnDemand', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  test('a command sent before its owner listens wakes the owner, once per command; a command someone listens to wakes nobody', () => {
    const woken: string[] = [];
    stop = wakeOwnersOnDemand((remote) => woken.push(remote), new EventTarget() as unknown as Window);
    cartAddRequested.emit({ sku: 'GD-PION-1800', qty: 1 } as never);
    wishlistAddRequested.emit({ sku: 'GD-PION-1800' } as never);
    compareAddRequested.emit({ sku: 'GD-PION-1800' } as never);
    expect(woken).toEqual(['cart', 'account', 'catalog']);

    const off = loginRequested.on(() => undefined); // the account remote is running
    loginRequested.emit({} as never);
    notificationRequested.emit({ kind: 'info', message: 'x' } as never);
    expect(woken).toEqual(['cart', 'account', 'catalog']);
    off();
  });

  test('commands already waiting when the shell starts listening are reported at once', () => {
    // A page of its own: the bus's held commands are module state.
    jest.isolateModules(() => {
      const contracts = require('@kaloryfer/contracts') as typeof import('@kaloryfer/contracts');
      const fresh = require('./header-widgets') as typeof import('./header-widgets');
      contracts.cartAddRequested.emit({ sku: 'GD-PION-1800', qty: 1 } as never);
      const woken: string[] = [];
      const off = fresh.wakeOwnersOnDemand((remote) => woken.push(remote), new EventTarget() as unknown as Window);
      expect(woken).toEqual(['cart']);
      off();
    });
  });

  test('a page that starts reading the cart (the checkout) wakes the cart', () => {
    const woken: string[] = [];
    stop = wakeOwnersOnDemand((remote) => woken.push(remote), new EventTarget() as unknown as Window);
    woken.length = 0;
    const off = $cart.subscribe(() => undefined);
    expect(woken).toEqual(['cart']);
    off();
  });

  test("a page of another remote reading the catalogue's lists (the account's recently viewed) wakes the catalogue; a catalogue page does not", () => {
    const woken: string[] = [];
    let catalogRuns = false;
    stop = wakeOwnersOnDemand(
      (remote) => woken.push(remote),
      new EventTarget() as unknown as Window,
      HEADER_WIDGETS,
      (remote) => catalogRuns && remote === 'catalog',
    );
    woken.length = 0;
    let off = $recentlyViewed.subscribe(() => undefined);
    off();
    expect(woken).toEqual(['catalog']);
    catalogRuns = true;
    woken.length = 0;
    off = $compare.subscribe(() => undefined);
    off();
    expect(woken).toEqual([]);
  });

  test('a customer signing in wakes the account buttons and the cart (it merges with the server cart); signing out does not', () => {
    const woken: string[] = [];
    stop = wakeOwnersOnDemand((remote) => woken.push(remote), new EventTarget() as unknown as Window);
    woken.length = 0;
    sessionChanged.emit({ authorised: false, token: null, reason: 'logout' } as never);
    expect(woken).toEqual([]);
    sessionChanged.emit({ authorised: true, token: 't', reason: 'login' } as never);
    expect(woken).toEqual(['account', 'cart']);
  });

  test('another tab storing state a widget shows wakes that widget; removing it or other keys do not', () => {
    const woken: string[] = [];
    const events = new EventTarget();
    stop = wakeOwnersOnDemand((remote) => woken.push(remote), events as unknown as Window);
    woken.length = 0;
    const stored = (key: string, newValue: string | null) => events.dispatchEvent(Object.assign(new Event('storage'), { key, newValue }));
    stored(STORED_STATE_KEYS.cart, '{"items":[1]}');
    stored(STORED_STATE_KEYS.wishlist, null);
    stored('kaloryfer.scroll', '[]');
    stored(STORED_STATE_KEYS.customerToken, '"t"');
    expect(woken).toEqual(['cart', 'account', 'account', 'cart']);
  });
});

test("every header widget is a module its remote must expose (the registry's release gate refuses a build without it)", () => {
  const modulesOfRemote = (name: string) => modulesOf(BUILT_IN_REMOTES.find((definition) => definition.name === name)!);
  for (const widget of Object.values(HEADER_WIDGETS)) expect(modulesOfRemote(widget.remote)).toContain(widget.module);
  // The footer the page server renders is the content remote's.
  expect(modulesOfRemote('content')).toContain('./Footer');
});

test('a registered remote that takes a header slot gets its widget; the others keep theirs', () => {
  const gallery = { name: 'gallery', routes: [], slots: { search: './GallerySearch' } };
  const widgets = headerWidgetsOf(shopRemotes([gallery]));
  expect(widgets.search).toEqual({ remote: 'gallery', module: './GallerySearch', storedKeys: [] });
  expect(widgets.minicart).toEqual(HEADER_WIDGETS.minicart);
  const woken: string[] = [];
  const events = new EventTarget();
  const off = wakeOwnersOnDemand((remote) => woken.push(remote), events as unknown as Window, widgets);
  woken.length = 0; // commands earlier tests left waiting wake their owners at once
  events.dispatchEvent(Object.assign(new Event('storage'), { key: STORED_STATE_KEYS.compare, newValue: '[]' }));
  events.dispatchEvent(Object.assign(new Event('storage'), { key: STORED_STATE_KEYS.cart, newValue: '{"items":[1]}' }));
  off();
  expect(woken).toEqual(['cart']);
});
