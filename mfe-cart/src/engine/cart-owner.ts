import {
  cartAddRequested, cartClearRequested, cartSyncRequested, cartUpdated, claimWriter, connectivityChanged, notificationRequested, sessionChanged,
} from '@kaloryfer/contracts';
import { httpCartApi } from './cart-api';
import { CartEngine } from './cart-engine';
import { createCartStorage } from './cart-storage';

let engine: CartEngine | null = null;

/**
 * mfe-cart owns $cart (docs/contracts.md): one engine per page, started by the header's
 * mini-cart (on every page). Other remotes talk to it through the bus only.
 */
export function startCartOwner(): CartEngine {
  if (engine) return engine;
  const cart = claimWriter('cart', 'mfe-cart');
  let count = cart.get().itemsCount;
  const started = new CartEngine({
    api: httpCartApi(),
    storage: createCartStorage(globalThis.localStorage),
    publish: (state) => {
      cart.set(state);
      if (state.itemsCount !== count) {
        count = state.itemsCount;
        cartUpdated.emit({ itemsCount: count });
      }
    },
    notify: (notification) => notificationRequested.emit(notification),
  });
  engine = started;
  cartAddRequested.on((request) => void started.add(request));
  cartClearRequested.on(({ sync }) => void started.clear({ sync }));
  cartSyncRequested.on(() => void started.sync());
  sessionChanged.on(({ authorised, token }) => {
    if (authorised && token) void started.login(token);
    else if (!authorised) void started.logout();
  });
  connectivityChanged.on(({ online }) => {
    if (online) void started.sync();
  });
  void started.start();
  return started;
}

/** The page's engine for the microcart's components (started by then). */
export function cartEngine(): CartEngine {
  return engine ?? startCartOwner();
}
