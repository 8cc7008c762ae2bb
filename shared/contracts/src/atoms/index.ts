import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { CartState, ListedProduct, Notification, OverlayState, RouteState, SessionState } from './state-types';

/**
 * Who may write each atom. Everyone else reads the atom or sends a command on the bus.
 * This table is the documentation: docs/contracts.md repeats it for newcomers.
 */
export const ATOM_OWNERS = {
  cart: 'mfe-cart',
  session: 'mfe-account',
  wishlist: 'mfe-account',
  compare: 'mfe-catalog',
  recentlyViewed: 'mfe-catalog',
  notifications: 'shell',
  overlay: 'shell',
  connectivity: 'shell',
  route: 'shell',
} as const;

export type AtomName = keyof typeof ATOM_OWNERS;
export type Owner = (typeof ATOM_OWNERS)[AtomName];

/** The cart before the engine has read it: what a server render (and hydration) shows. */
export const UNLOADED_CART: CartState = { items: [], itemsCount: 0, grandTotal: null, isLoaded: false, cartId: null, totals: null, syncing: false };
/** Nobody signed in yet, as far as a server render knows. */
export const NO_SESSION: SessionState = { authorised: false, user: null, token: null, groupToken: null, tokenLock: 0 };

const stores = {
  cart: atom<CartState>(UNLOADED_CART),
  session: atom<SessionState>(NO_SESSION),
  wishlist: atom<ListedProduct[]>([]),
  compare: atom<Record<string, ListedProduct>>({}),
  recentlyViewed: atom<ListedProduct[]>([]),
  notifications: atom<Notification[]>([]),
  overlay: atom<OverlayState>({ active: false, panels: [] }),
  connectivity: atom<{ online: boolean }>({ online: true }),
  route: atom<RouteState>({
    path: '/',
    search: '',
    hash: '',
    name: 'home',
    params: {},
    previousPath: null,
    isBack: false,
  }),
};

type Stores = typeof stores;

/** Read-only views: what every remote imports. */
export const $cart: ReadableAtom<CartState> = stores.cart;
export const $session: ReadableAtom<SessionState> = stores.session;
export const $wishlist: ReadableAtom<ListedProduct[]> = stores.wishlist;
export const $compare: ReadableAtom<Record<string, ListedProduct>> = stores.compare;
export const $recentlyViewed: ReadableAtom<ListedProduct[]> = stores.recentlyViewed;
export const $notifications: ReadableAtom<Notification[]> = stores.notifications;
export const $overlay: ReadableAtom<OverlayState> = stores.overlay;
export const $connectivity: ReadableAtom<{ online: boolean }> = stores.connectivity;
export const $route: ReadableAtom<RouteState> = stores.route;

/**
 * The writable atom, for its owner only. A remote that claims an atom it does not own fails
 * loudly at start-up instead of quietly racing the owner.
 */
export function claimWriter<Name extends AtomName>(name: Name, owner: Owner): Stores[Name] extends WritableAtom<infer V> ? WritableAtom<V> : never {
  if (ATOM_OWNERS[name] !== owner) {
    throw new Error(`${owner} may not write $${name}: its writer is ${ATOM_OWNERS[name]}`);
  }
  return stores[name] as never;
}
