import {
  $cart,
  $compare,
  $recentlyViewed,
  ATOM_OWNERS,
  CHANNEL_OWNERS,
  commandsWaiting,
  connectivityChanged,
  onCommandWaiting,
  sessionChanged,
  shopRemotes,
  slotOwners,
  STORED_STATE_KEYS,
  type RemoteDefinition,
  type RemoteName,
} from '@kaloryfer/contracts';
import { onMount } from 'nanostores';

export interface HeaderWidget {
  remote: RemoteName;
  module: string;
  /** Stored state this widget shows or its owner keeps: with one of these, it loads on every page. */
  storedKeys: readonly string[];
}

/**
 * The header's slots and the stored state each slot's widget shows (docs/rendering.md, "Header
 * widgets"). Which remote fills a slot, with which module, is the shop's (slotOwners: the
 * built-in owner unless a registered remote took it). Each slot shows the shell's launcher — the
 * widget's button as a first visitor sees it — and the remote's code loads when:
 * - the shopper reaches for it (pointer over it, focus, a touch or a click — the click is
 *   replayed on the widget once mounted);
 * - a command waits for its remote (an "add to cart" on a product page loads the cart);
 * - the shopper has stored state it shows (a cart, a session, a wishlist, a compare list,
 *   products viewed): then after hydration, one per idle task, as every widget did before.
 */
const STORED_KEYS = {
  // The search button shows nothing stored. The compare list and the products viewed are the
  // catalogue's to keep: a page that reads them starts its owners (wakeOwnersOnDemand), so a
  // returning shopper's CMS page or article loads no catalogue code for them (issue #51).
  search: [],
  account: [STORED_STATE_KEYS.customerToken, STORED_STATE_KEYS.wishlist],
  wishlist: [STORED_STATE_KEYS.customerToken, STORED_STATE_KEYS.wishlist],
  // A signed-in customer's cart lives on the server too: the cart follows the session.
  minicart: [STORED_STATE_KEYS.cart, STORED_STATE_KEYS.customerToken],
} as const satisfies Record<string, readonly string[]>;

export type HeaderWidgetName = keyof typeof STORED_KEYS;
export const HEADER_SLOTS = Object.keys(STORED_KEYS) as HeaderWidgetName[];
export type HeaderWidgets = Record<HeaderWidgetName, HeaderWidget>;

/**
 * Each header slot's widget among the shop's remotes (`shopRemotes`: the built-in five always
 * among them, so every slot has one): its remote and module, and the stored state it shows.
 */
export function headerWidgetsOf(remotes: readonly RemoteDefinition[]): HeaderWidgets {
  const owners = slotOwners(remotes);
  return Object.fromEntries(
    HEADER_SLOTS.map((slot) => {
      const owner = owners[slot] ?? slotOwners(shopRemotes())[slot]!;
      return [slot, { remote: owner.remote, module: owner.module, storedKeys: STORED_KEYS[slot] }];
    }),
  ) as unknown as HeaderWidgets;
}

/** The built-in remotes' widgets: what every page has until an operator gives a slot to another remote. */
export const HEADER_WIDGETS = headerWidgetsOf(shopRemotes());

/** Whether the shopper's browser holds state this widget shows (a storage that throws holds none). */
export function hasStoredState(widget: HeaderWidget, storage: Pick<Storage, 'getItem'> | null | undefined): boolean {
  if (!storage) return false;
  try {
    return widget.storedKeys.some((key) => storage.getItem(key) !== null);
  } catch {
    return false;
  }
}

const REMOTES_BY_PACKAGE: Record<string, RemoteName> = {
  'mfe-catalog': 'catalog',
  'mfe-cart': 'cart',
  'mfe-checkout': 'checkout',
  'mfe-account': 'account',
  'mfe-content': 'content',
};

/** The remote whose code acts on a command channel (null for the shell's own and for facts). */
export function ownerRemoteOf(channel: string): RemoteName | null {
  const entry = (CHANNEL_OWNERS as Record<string, { kind: string; owner: string } | undefined>)[channel];
  if (!entry || entry.kind !== 'command') return null;
  return REMOTES_BY_PACKAGE[entry.owner] ?? null;
}

/**
 * Wakes a remote's header widgets when its code is needed before the shopper reached for it: a
 * command waits for it; a page reads the cart; a customer signed in; another tab stored state
 * one shows.
 */
export function wakeOwnersOnDemand(
  wake: (remote: RemoteName) => void,
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  widgets: HeaderWidgets = HEADER_WIDGETS,
  /** Whether a remote's code already runs on the page (a module of it loaded: its owners started). */
  running: (remote: RemoteName) => boolean = () => false,
): () => void {
  const wakeSlot = (slot: HeaderWidgetName) => wake(widgets[slot].remote);
  const wakeOwnerOf = (channel: string) => {
    const remote = ownerRemoteOf(channel);
    if (remote) wake(remote);
  };
  const offWaiting = onCommandWaiting(wakeOwnerOf);
  // Back online with commands still waiting (their owner's code could not arrive offline): try again.
  const offOnline = connectivityChanged.on(({ online }) => {
    if (online) for (const channel of commandsWaiting()) wakeOwnerOf(channel);
  });
  // A page that reads the cart (the checkout, the sync queue) needs its owner running: until the
  // engine has read the stored cart, $cart says "not loaded" and the checkout would wait for it.
  const offCartReaders = onMount($cart, () => {
    wakeSlot('minicart');
  });
  // A page of another remote that reads the catalogue's stored lists (the account's "recently
  // viewed") needs the catalogue's owners: until they start, $compare and $recentlyViewed are
  // empty. On the catalogue's own pages they run already, and nothing more loads.
  const listsOwner = REMOTES_BY_PACKAGE[ATOM_OWNERS.compare]!;
  const offCatalogReaders = [$compare, $recentlyViewed].map((store) =>
    onMount(store, () => {
      if (!running(listsOwner)) wake(listsOwner);
    }),
  );
  // Signed in (the dialog, a new password's link, another tab): the account's buttons show the
  // customer and their wishlist, and the cart merges with the customer's server cart.
  const offSession = sessionChanged.on(({ authorised }) => {
    if (!authorised) return;
    wakeSlot('account');
    wakeSlot('minicart');
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.newValue === null) return;
    for (const widget of Object.values(widgets)) if ((widget.storedKeys as readonly string[]).includes(event.key)) wake(widget.remote);
  };
  events.addEventListener('storage', onStorage as EventListener);
  return () => {
    offWaiting();
    offOnline();
    offCartReaders();
    offCatalogReaders.forEach((off) => off());
    offSession();
    events.removeEventListener('storage', onStorage as EventListener);
  };
}
