import {
  $session,
  cartAddRequested,
  cartClearRequested,
  claimWriter,
  connectivityChanged,
  notificationRequested,
  sessionChanged,
  syncTaskRequested,
  syncTaskSettled,
} from '@kaloryfer/contracts';
import { httpCartApi } from './cart-api';
import { CartEngine } from './cart-engine';
import { createCartStorage } from './cart-storage';

let engine: CartEngine | null = null;

/** Names the queued stock checks' answers on `sync:task-settled` (VSF's stock-after-check event). */
const STOCK_CHECKED_EVENT = 'cart:stock-checked';

/**
 * Spec §4's queued stock check: a check that found no connection waits in the shell's sync queue.
 * One task per sku (its id), so adding the same product three times offline asks once.
 */
function queueStockCheck(sku: string): void {
  syncTaskRequested.emit({
    task_id: `stock-check-${sku}`,
    url: `/api/stock/check?${new URLSearchParams({ sku })}`,
    payload: { method: 'GET', headers: { accept: 'application/json' } },
    callback_event: STOCK_CHECKED_EVENT,
    silent: true, // the cart line says it, not a notification
    meta: { sku },
  });
}

/**
 * mfe-cart owns $cart (docs/contracts.md): one engine per page, started by the header's
 * mini-cart (on every page). Other remotes talk to it through the bus only.
 */
export function startCartOwner(): CartEngine {
  if (engine) return engine;
  const cart = claimWriter('cart', 'mfe-cart');
  const started = new CartEngine({
    api: httpCartApi(),
    storage: createCartStorage(globalThis.localStorage),
    publish: (state) => cart.set(state),
    notify: (notification) => notificationRequested.emit(notification),
    queueStockCheck,
  });
  engine = started;
  // Bus commands have no one to answer: an unexpected failure is logged, never left unhandled.
  const quietly = (task: Promise<unknown>) => void task.catch((error: unknown) => console.error('[cart]', error));
  cartAddRequested.on((request) => quietly(started.add(request)));
  cartClearRequested.on(({ sync }) => quietly(started.clear({ sync })));
  // Login merges the carts once; a refreshed token only replaces the one the engine sends.
  sessionChanged.on(({ authorised, token, reason }) => {
    if (authorised && token) {
      if (reason === 'refreshed') started.useToken(token);
      else quietly(started.login(token));
    } else quietly(started.logout()); // signed out, or a page that starts with no session: a customer's cart is not shown
  });
  syncTaskSettled.on(({ callback_event, transmitted, code, result, meta }) => {
    if (callback_event !== STOCK_CHECKED_EVENT || !transmitted || code !== 200) return;
    const sku = meta?.sku;
    const stock = result as { is_in_stock?: unknown } | null;
    if (typeof sku === 'string' && typeof stock?.is_in_stock === 'boolean') quietly(started.stockChecked(sku, stock.is_in_stock));
  });
  connectivityChanged.on(({ online }) => {
    if (online) quietly(started.sync());
  });
  quietly(started.start());
  // The session may have started before this remote loaded (facts are not held): read it once,
  // after the stored cart (a signed-in customer's reload merges nothing twice).
  const { authorised, token } = $session.get();
  if (authorised && token) quietly(started.login(token));
  return started;
}

/** The page's engine for the microcart's components (started by then). */
export function cartEngine(): CartEngine {
  return engine ?? startCartOwner();
}
