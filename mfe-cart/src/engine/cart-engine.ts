import type { CartAddRequest, CartState, NotificationInput } from '@kaloryfer/contracts';
import { INCORRECT_COUPON } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { ApiFailure } from '@kaloryfer/ui';
import type { CartApi } from './cart-api';
import { errorNotice, PROCEED, qtyUpdated } from './cart-notices';
import { CartProjection } from './cart-projection';
import { addStatus, addToItems, CART_FLAGS, rollback, sameLine, stockSync, type CartFlags } from './cart-rules';
import { CartStore, EMPTY, type EngineItem, type StoredCart } from './cart-state';
import { changeKeyFor, newChangeKey } from './change-key';
import type { CartStorage } from './cart-storage';
import { CartEditMode, type EditMode } from './edit-mode';
import { decorate, isGone, wrap } from './server-line';
import { CART_MESSAGES, messageOf, type Message } from './server-message';
import { ServerSync } from './server-sync';

export { keyOf, keyOfLine, type EngineItem, type StoredCart } from './cart-state';
export type { EditMode } from './edit-mode';

export interface EngineDeps {
  api: CartApi;
  storage: CartStorage;
  /** Writes `$cart` (the engine is its one writer). */
  publish: (state: CartState) => void;
  notify: (notification: NotificationInput) => void;
  now?: () => number;
  flags?: CartFlags;
  /** Queue a stock check of the sku for when the connection returns; its answer comes to `stockChecked`. */
  queueStockCheck?: (sku: string) => void;
}

/**
 * The cart engine (spec §4 "Cart connection and sync"): keeps the shopper's cart locally,
 * connects it to a server cart, merges the two by the §9 flags, and publishes `$cart`. Every
 * change runs in one queue, so a click never races a sync. Rules are in cart-rules.ts; this
 * class only runs them around the server calls, through its parts (each file's part: the one
 * list in docs/cart.md, "The cart engine").
 */
export class CartEngine {
  private pending = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly flags: CartFlags;
  private readonly store: CartStore;
  private readonly projection: CartProjection;
  private readonly server: ServerSync;
  private readonly editing: CartEditMode;

  constructor(private readonly deps: EngineDeps) {
    this.flags = deps.flags ?? CART_FLAGS;
    const now = deps.now ?? Date.now;
    this.store = new CartStore(deps.storage, () => this.publish());
    this.projection = new CartProjection(deps.publish);
    this.server = new ServerSync({
      api: deps.api,
      store: this.store,
      flags: this.flags,
      now,
      publish: () => this.publish(),
      queueStockCheck: deps.queueStockCheck,
    });
    this.editing = new CartEditMode({ api: deps.api, storage: deps.storage, store: this.store, server: this.server, notify: deps.notify, now });
  }

  /** Reads the stored cart, shows it at once, then syncs it with the server. */
  start(): Promise<void> {
    this.store.load();
    this.publish(true);
    // A customer's cart waits for their session (login) instead of being turned into a guest's.
    if (this.store.state.owner === 'customer' && !this.store.caller) return Promise.resolve();
    return this.run(() => this.server.syncNow({ forceTotals: true }));
  }

  get items(): readonly EngineItem[] {
    return this.store.state.items;
  }

  get stored(): Readonly<StoredCart> {
    return this.store.state;
  }

  /** Add a product (spec §4/§5): the price rule, the product's errors, the stock check, then the server. */
  add(request: CartAddRequest): Promise<void> {
    return this.run(async () => {
      const { store, server } = this;
      const stock = await server.stockOf(request.sku);
      const status = addStatus({ price: request.product ? request.product.priceInclTax : 0, errors: request.product?.errors }, stock);
      if (status.status === 'rejected') {
        this.deps.notify({ type: 'error', message: status.message, params: status.params });
        return;
      }
      const added: EngineItem = {
        sku: request.sku,
        parentSku: request.parentSku,
        qty: request.qty,
        type_id: request.product?.typeId ?? (request.productOption?.bundle_options ? 'bundle' : 'simple'),
        name: request.product?.name ?? request.sku,
        price: request.product?.priceInclTax ?? 0,
        rowTotal: 0,
        image: request.product?.image,
        options: [],
        ...(request.productOption ? { product_option: request.productOption } : {}),
      };
      store.setItems(addToItems(store.state.items, added));
      const line = store.state.items.find((item) => sameLine(item, added))!;
      const told: NotificationInput = { type: status.status === 'ok' ? 'success' : 'warning', message: status.message, action2: PROCEED };
      if (!(await server.connect())) {
        this.deps.notify(told); // kept in this browser; the next sync sends it
        return;
      }
      const token = store.state.token!;
      const known = line.server_item_id !== undefined && line.server_cart_id === token;
      // The line's whole quantity: set on the server's line when it has one, else sent as new —
      // under a key kept with the line, so sending it again (after a lost answer) adds it once.
      const body = { sku: line.sku, qty: line.qty, product_option: wrap(line.product_option), ...(known ? { item_id: line.server_item_id } : {}) };
      const change = changeKeyFor(line.pending_change, body);
      const sent: EngineItem = known ? line : { ...line, pending_change: change };
      if (sent !== line) store.replaceLine(line, sent);
      try {
        const result = await this.deps.api.update(token, body, store.caller, change.key);
        store.replaceLine(sent, decorate(sent, result, token));
        this.deps.notify(told);
      } catch (error) {
        if (!(error instanceof ApiFailure)) {
          // No answer (offline, the connection dropped): the line stays in this browser and the
          // next sync — the connection's return (spec §4 "Connectivity") — sends it.
          this.deps.notify(told);
          return;
        }
        store.setItems(rollback(store.state.items, sent));
        this.deps.notify(errorNotice(messageOf(error)));
        if (isGone(error)) await server.reconnect();
      }
      await server.syncTotals();
    });
  }

  /** A new quantity for a line; on failure the previous one comes back. */
  setQty(key: string, qty: number): Promise<boolean> {
    return this.run(async () => {
      const { store, server } = this;
      const line = store.find(key);
      if (!line || line.qty === qty) return false;
      const changed: EngineItem = { ...line, prev_qty: line.qty, qty };
      store.replaceLine(line, changed);
      if (!line.server_item_id || !(await server.connect())) {
        await server.syncNow({});
        return true;
      }
      try {
        const result = await this.deps.api.update(
          store.state.token!,
          { sku: line.sku, qty, item_id: line.server_item_id, product_option: wrap(line.product_option) },
          store.caller,
          newChangeKey(), // a quantity set on a known line: the same again changes nothing anyway
        );
        store.replaceLine(changed, decorate(changed, result, store.state.token!));
        this.deps.notify(qtyUpdated());
        await server.syncTotals();
        return true;
      } catch (error) {
        store.setItems(rollback(store.state.items, changed));
        this.deps.notify(errorNotice(messageOf(error)));
        if (isGone(error)) await server.reconnect();
        return false;
      }
    });
  }

  /** Remove a line (the microcart asked the shopper first); the server's line too when it had one. */
  remove(key: string): Promise<void> {
    return this.run(async () => {
      const { store } = this;
      const line = store.find(key);
      if (!line) return;
      const before = store.state.items;
      store.setItems(before.filter((item) => item !== line));
      if (line.server_item_id && line.server_cart_id === store.state.token && store.state.token) {
        try {
          await this.deps.api.remove(store.state.token, line.server_item_id, store.caller);
        } catch (error) {
          if (!(error instanceof ApiFailure && error.status === 404)) {
            store.setItems(before);
            this.deps.notify(errorNotice(messageOf(error)));
            return;
          }
        }
      }
      await this.server.syncTotals();
    });
  }

  /** Apply a coupon: the answer is null when it applied, else the message to show by the field. */
  applyCoupon(code: string): Promise<Message | null> {
    return this.run(async () => {
      if (!(await this.server.connect())) return { message: CART_MESSAGES.failed };
      try {
        await this.deps.api.applyCoupon(this.store.state.token!, code.trim(), this.store.caller);
      } catch (error) {
        return error instanceof ApiFailure && error.status === 400 ? { message: INCORRECT_COUPON } : messageOf(error);
      }
      await this.server.syncTotals(true);
      return null;
    });
  }

  removeCoupon(): Promise<Message | null> {
    return this.run(async () => {
      if (!this.store.state.token) return null;
      try {
        await this.deps.api.deleteCoupon(this.store.state.token, this.store.caller);
      } catch (error) {
        return messageOf(error);
      }
      await this.server.syncTotals(true);
      return null;
    });
  }

  /** Pull and merge again (another remote asked, or the browser came back online). */
  sync(): Promise<void> {
    return this.run(() => this.server.syncNow({ forceTotals: true }));
  }

  /**
   * The answer of a queued stock check (spec §4 stock sync): every line of the sku that ran out
   * says 'Out of the stock!' — or goes, when such lines are not allowed and the cart is not synced.
   * In stock changes nothing: an error the server gave the line (too many pieces) stays its word.
   */
  stockChecked(sku: string, isInStock: boolean): Promise<void> {
    return this.run(async () => {
      const result = stockSync(isInStock, this.flags);
      const { store } = this;
      if ((!result.error && !result.remove) || !store.state.items.some((item) => item.sku === sku)) return;
      const items = store.state.items.flatMap((item) => {
        if (item.sku !== sku) return [item];
        return result.remove ? [] : [{ ...item, error: result.error, errorParams: undefined }];
      });
      store.setItems(items);
    });
  }

  /**
   * Login (spec §4): the coupon comes off the guest cart, the customer's cart is connected with
   * quantities merged, and the coupon goes back on. A line already synced to the customer's
   * cart is never added twice (a reload, a second login).
   */
  login(customerToken: string): Promise<void> {
    return this.run(async () => {
      const { store, server } = this;
      const wasCustomer = store.state.owner === 'customer';
      store.customerToken = customerToken;
      const coupon = store.state.totals?.coupon_code ?? null;
      if (coupon && store.state.token && !wasCustomer) {
        await this.deps.api.deleteCoupon(store.state.token, null).catch(() => undefined);
      }
      if (!wasCustomer) store.state = { ...store.state, token: null, owner: 'customer' };
      await server.syncNow({ mergeQty: !wasCustomer, forceTotals: true });
      if (coupon && !wasCustomer && store.state.token) {
        const failed = await this.deps.api.applyCoupon(store.state.token, coupon, store.caller).then(
          () => false,
          () => true,
        );
        if (!failed) await server.syncTotals(true);
      }
    });
  }

  /** A refresh replaced the customer's access token (spec §4): the next calls carry the new one. */
  useToken(customerToken: string): void {
    if (this.store.customerToken) this.store.customerToken = customerToken;
  }

  /**
   * Logout (spec §4): a customer's cart is disconnected and cleared (their server cart stays
   * theirs). A guest's cart is not touched: "not authorised" is also what a guest's page says.
   */
  logout(): Promise<void> {
    const wasCustomer = this.store.customerToken !== null || this.store.state.owner === 'customer';
    this.store.customerToken = null;
    return wasCustomer ? this.clear({ sync: false }) : Promise.resolve();
  }

  /** Clear (spec §4): empty the items, optionally delete them on the server, disconnect. */
  clear({ sync }: { sync: boolean }): Promise<void> {
    return this.run(async () => {
      const { store } = this;
      const { token, items } = store.state;
      if (sync && token) {
        for (const item of items) {
          if (item.server_item_id && item.server_cart_id === token) await this.deps.api.remove(token, item.server_item_id, store.caller).catch(() => undefined);
        }
      }
      store.state = { ...EMPTY, owner: store.customerToken ? 'customer' : 'guest' };
      this.editing.close();
      store.persist();
      this.publish();
    });
  }

  // ---- edit mode (edit-mode.ts) ----

  openEdit(key: string): void {
    this.editing.open(key);
  }

  closeEdit(): void {
    this.editing.close();
  }

  get edit(): EditMode | null {
    return this.editing.current;
  }

  /** The product edit mode offers variants of (cached, edit-mode.ts). */
  productForEdit(sku: string): Promise<Product> {
    return this.editing.productFor(sku);
  }

  onEditChange(listener: (mode: EditMode | null) => void): () => void {
    return this.editing.onChange(listener);
  }

  /** Save edit mode (edit-mode.ts), in the queue like every change. */
  saveEdit(change: { sku: string; qty: number }): Promise<Message | null> {
    return this.run(() => this.editing.save(change));
  }

  // ---- the queue and $cart ----

  private async run<T>(task: () => Promise<T>): Promise<T> {
    this.pending += 1;
    this.publish();
    const result = this.queue.then(task, task);
    this.queue = result.catch(() => undefined);
    try {
      return await result;
    } finally {
      this.pending -= 1;
      this.publish();
    }
  }

  private publish(isLoaded = true): void {
    this.projection.publish(this.store.state, { countType: this.flags.countType, isLoaded, syncing: this.pending > 0 });
  }
}
