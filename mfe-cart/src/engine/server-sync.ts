import type { CartItem } from '@kaloryfer/api-contract';
import { ApiFailure } from '@kaloryfer/ui';
import type { CartApi } from './cart-api';
import { cartHash, connectOutcome, mergePlan, sameLine, syncNeeded, totalsHash, type CartFlags, type MergeAction } from './cart-rules';
import type { CartStore, EngineItem } from './cart-state';
import { changeKeyFor, newChangeKey } from './change-key';
import { decorate, fromServer, isGone, problemOf, wrap } from './server-line';

/**
 * The engine's side of the server cart (spec §4 "Cart connection and sync"): connecting (and
 * falling back to a guest cart), pulling and merging by the §9 flags, the totals sync and the
 * stock check. It reads and changes the cart through the `CartStore`; the engine decides when
 * (every call here runs inside the engine's queue).
 */

export interface ServerSyncDeps {
  api: CartApi;
  store: CartStore;
  flags: CartFlags;
  now: () => number;
  /** Publish `$cart` as it is now. */
  publish: () => void;
  /** Ask again through the sync queue when the connection returns (spec §4's queued stock check). */
  queueStockCheck?: (sku: string) => void;
}

export class ServerSync {
  private bypassCount = 0;
  private syncDisabled = false;

  constructor(private readonly deps: ServerSyncDeps) {}

  /** Connect (spec §4): a token is stored on 200; a refused customer cart falls back to a guest cart up to the bypass limit. */
  async connect(): Promise<boolean> {
    const { api, store, flags } = this.deps;
    if (store.state.token) return true;
    if (!flags.synchronize || this.syncDisabled) return false;
    let customerToken = store.customerToken;
    for (;;) {
      let code = 200;
      let token: string | null = null;
      try {
        token = await api.create(customerToken);
      } catch (error) {
        code = error instanceof ApiFailure ? error.status : 0;
        if (code === 0) return false; // offline: try again with the next change
      }
      const outcome = connectOutcome(code, token, this.bypassCount);
      if (outcome.kind === 'connected') {
        store.state = { ...store.state, token: outcome.token, owner: customerToken ? 'customer' : 'guest' };
        store.persist();
        return true;
      }
      if (outcome.kind === 'sync-disabled') {
        this.syncDisabled = true;
        return false;
      }
      this.bypassCount = outcome.bypassCount;
      customerToken = null;
    }
  }

  /** The server cart is gone or not ours any more: the local lines go to a new cart. */
  async reconnect(): Promise<void> {
    const { store } = this.deps;
    store.state = { ...store.state, token: null };
    await this.syncNow({});
  }

  /** Pull the server cart, merge by the flags, make both sides agree, then totals. */
  async syncNow({ mergeQty = false, forceTotals = false }: { mergeQty?: boolean; forceTotals?: boolean }): Promise<void> {
    const { api, store, flags, now, publish } = this.deps;
    // A guest with nothing has no server cart to make; a customer's cart may hold lines.
    if (!store.state.token && store.state.items.length === 0 && !store.caller) {
      publish();
      return;
    }
    if (!(await this.connect())) return;
    let token = store.state.token!;
    let server: CartItem[];
    try {
      server = await api.pull(token, store.caller);
    } catch (error) {
      if (!isGone(error)) return; // offline or a fault: the local cart stays as it is
      store.state = { ...store.state, token: null };
      if (!(await this.connect())) return;
      token = store.state.token!;
      server = [];
    }
    const actions = mergePlan(store.state.items, server, { cartId: token, flags, mergeQty });
    let changedServer: boolean;
    try {
      changedServer = await this.execute(actions, token);
    } catch {
      store.state = { ...store.state, token: null }; // the cart went away meanwhile: the next change connects anew
      publish();
      return;
    }
    if (changedServer) server = await api.pull(token, store.caller).catch(() => server);
    const items = store.state.items.map((item) => {
      const line = server.find((candidate) => candidate.item_id === item.server_item_id);
      return line ? decorate(item, line, token) : item;
    });
    store.state = { ...store.state, items, lastSync: { hash: cartHash(items, token), at: now() } };
    store.persist();
    await this.syncTotals(forceTotals);
  }

  /** Totals sync (spec §4): when never synced or the cart hash changed, or forced (coupons). */
  async syncTotals(force = false): Promise<void> {
    const { api, store, flags, now, publish } = this.deps;
    if (!flags.synchronizeTotals || !store.state.token) {
      publish();
      return;
    }
    const hash = totalsHash(store.state.items, store.state.token);
    if (!force && !syncNeeded(hash, store.state.lastTotalsSync)) {
      publish();
      return;
    }
    try {
      const totals = await api.totals(store.state.token, store.caller);
      store.state = { ...store.state, totals, lastTotalsSync: { hash, at: now() } };
      store.persist();
    } catch {
      // the next change tries again; the lines stay
    }
    publish();
  }

  async stockOf(sku: string): Promise<'ok' | 'volatile' | 'out_of_stock'> {
    try {
      const stock = await this.deps.api.checkStock(sku);
      if (!stock.is_in_stock) return 'out_of_stock';
      return stock.is_volatile ? 'volatile' : 'ok';
    } catch (error) {
      // No answer (offline): the line is taken as in stock — the server checks again when the line
      // is sent — and the check waits in the sync queue, so its answer reaches the line later.
      if (!(error instanceof ApiFailure)) this.deps.queueStockCheck?.(sku);
      return 'ok';
    }
  }

  /** Runs a merge plan; true when the server cart changed. */
  private async execute(actions: MergeAction<EngineItem, CartItem>[], token: string): Promise<boolean> {
    const { api, store } = this.deps;
    let changedServer = false;
    let items = [...store.state.items];
    const swap = (from: EngineItem, to: EngineItem | null) => {
      items = to ? items.map((item) => (item === from ? to : item)) : items.filter((item) => item !== from);
    };
    for (const action of actions) {
      /** A new line as it was sent: with the key its change goes under. */
      let sentLine: EngineItem | null = null;
      try {
        switch (action.kind) {
          case 'server-add': {
            // Kept with the line before it is sent: if the answer is lost, the next sync sends the same change under the same key.
            const body = { sku: action.item.sku, qty: action.item.qty, product_option: wrap(action.item.product_option) };
            const change = changeKeyFor(action.item.pending_change, body);
            const item: EngineItem = { ...action.item, pending_change: change };
            swap(action.item, item);
            sentLine = item;
            const result = await api.update(token, body, store.caller, change.key);
            swap(item, decorate(item, result, token));
            changedServer = true;
            break;
          }
          case 'server-update': {
            await api.update(token, { sku: action.serverItem.sku, qty: action.qty, item_id: action.serverItem.item_id }, store.caller, newChangeKey());
            changedServer = true;
            break;
          }
          case 'server-delete':
            await api.remove(token, action.serverItem.item_id, store.caller);
            changedServer = true;
            break;
          case 'local-remove':
            swap(action.item, null);
            break;
          case 'local-set': {
            const item = items.find((candidate) => candidate.sku === action.item.sku && sameLine(candidate, action.item)) ?? action.item;
            swap(item, { ...item, qty: action.qty, server_item_id: action.serverItem.item_id, server_cart_id: token });
            break;
          }
          case 'local-add':
            items.push(fromServer(action.serverItem, token));
            break;
        }
      } catch (error) {
        // A line the server refuses (out of stock since, a variant gone) stays local with the reason.
        if (action.kind === 'server-add') {
          const line = sentLine ?? action.item;
          swap(line, { ...line, ...problemOf(error instanceof ApiFailure ? error.message : undefined) });
        } else if (isGone(error)) throw error;
      }
    }
    store.state = { ...store.state, items };
    return changedServer;
  }
}
