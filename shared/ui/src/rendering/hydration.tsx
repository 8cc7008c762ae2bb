import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in a server render and in the browser's hydrating render, true after: what depends on
 * the shopper's browser (storage, the clock, portals) renders only once it is true, so the
 * first render in the browser equals the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * An atom whose browser value is the shopper's own (the cart, compare list, wishlist, session):
 * the server renders `serverValue` (keep it a constant) and so does the hydrating render; the
 * browser's value follows right after, without a hydration mismatch.
 */
export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useSyncExternalStore(store.listen, store.get, () => serverValue);
}

/**
 * Atoms are one per page in the browser, but one server process renders many requests at
 * once: a server render gives each request's values of the atoms its first view reads (the
 * route, the room temperatures) here, and `useRequestStore` reads them before the atom.
 */
const RequestStores = createContext<ReadonlyMap<ReadableAtom<unknown>, unknown> | null>(null);

export function RequestStoresProvider({ values, children }: { values: ReadonlyMap<ReadableAtom<unknown>, unknown>; children: ReactNode }) {
  return <RequestStores.Provider value={values}>{children}</RequestStores.Provider>;
}

export function useRequestStore<T>(store: ReadableAtom<T>): T {
  const request = useContext(RequestStores);
  const live = useStore(store);
  return request?.has(store as ReadableAtom<unknown>) ? (request.get(store as ReadableAtom<unknown>) as T) : live;
}
