import type { CartAddRequest, CartLine, CartState, NotificationInput, ProductOptionInput } from '@kaloryfer/contracts';
import { INCORRECT_COUPON, type Product } from '@kaloryfer/domain';
import { ApiFailure } from '@kaloryfer/ui';
import type { CartApi, ServerLine, ServerTotals } from './cart-api';
import {
  ADD_MESSAGES, addStatus, addToItems, CART_FLAGS, cartHash, connectOutcome, itemsCount, lineChecksum, mergePlan, rollback, sameLine, totalsHash,
  stockSync, syncNeeded, type CartFlags, type LocalItem, type MergeAction,
} from './cart-rules';
import { CART_KEY, PRODUCT_CACHE_KEY, type CartStorage } from './cart-storage';
import { CART_MESSAGES, messageOf, type Message } from './server-message';

/** A cart line as the engine keeps it: the shopper's choice plus what the server said of it. */
export interface EngineItem extends LocalItem {
  name: string;
  /** Gross unit and row price: the asking page's until the server has priced the line. */
  price: number;
  rowTotal: number;
  image?: string;
  slug?: string;
  options: { label: string; value: string }[];
  /** Why the line cannot be bought as it is (spec: errors.stock), a messages key. */
  error?: string;
  errorParams?: Record<string, string | number>;
}

type SyncMark = { hash: string | null; at: number | null };

/** What survives a reload (localStorage, CART_KEY). */
export interface StoredCart {
  version: 1;
  items: EngineItem[];
  /** The server cart's id (spec: cartServerToken). */
  token: string | null;
  /** Whose cart `token` is: a customer's cart is only synced once their session is back. */
  owner: 'guest' | 'customer';
  lastSync: SyncMark;
  lastTotalsSync: SyncMark;
  totals: ServerTotals | null;
}

/** Spec "Cart edit mode": a line's product id, qty and chosen options; null when closed. */
export interface EditMode {
  key: string;
  parentSku: string;
  sku: string;
  qty: number;
  selectedOptions: ProductOptionInput;
}


export interface EngineDeps {
  api: CartApi;
  storage: CartStorage;
  /** Writes `$cart` (the engine is its one writer). */
  publish: (state: CartState) => void;
  notify: (notification: NotificationInput) => void;
  now?: () => number;
  flags?: CartFlags;
}

/** Products edit mode fetched, newest first: a product's variants are asked for once an hour at most. */
type ProductCache = { sku: string; at: number; product: Product }[];
const PRODUCT_CACHE_SIZE = 10;
const PRODUCT_CACHE_TTL = 60 * 60 * 1000;

const EMPTY: StoredCart = {
  version: 1, items: [], token: null, owner: 'guest', lastSync: { hash: null, at: null }, lastTotalsSync: { hash: null, at: null }, totals: null,
};

/** The key the microcart addresses a line by: sku and the checksum of its options. */
export const keyOf = (item: LocalItem) => `${item.sku}:${lineChecksum(item)}`;

/** The same key for a line as `$cart` publishes it. */
export const keyOfLine = (line: CartLine) => keyOf({ sku: line.sku, type_id: line.typeId, qty: line.qty, product_option: line.productOption });

const wrap = (option: ProductOptionInput | undefined) => (option && Object.keys(option).length > 0 ? { extension_attributes: option } : undefined);
const isGone = (error: unknown) => error instanceof ApiFailure && [401, 403, 404].includes(error.status);
const PROCEED = { label: CART_MESSAGES.proceed, intent: { name: 'checkout' as const } };

/** A server line's problem as the shopper reads it; an out-of-stock line is the stock sync's 'Out of the stock!'. */
function problemOf(text: string | undefined): Pick<EngineItem, 'error' | 'errorParams'> {
  if (!text) return { error: undefined, errorParams: undefined };
  if (text === ADD_MESSAGES.outOfStock) return { error: stockSync(false).error, errorParams: undefined };
  const { message, params } = messageOf(new ApiFailure(400, text));
  return { error: message, errorParams: params };
}

/** The line as the server priced it, over what the client knew. */
function decorate(item: EngineItem, line: ServerLine, cartId: string): EngineItem {
  return {
    ...item,
    qty: line.qty,
    parentSku: line.parent_sku ?? item.parentSku,
    server_item_id: line.item_id,
    server_cart_id: cartId,
    // A line the catalogue no longer knows comes back named by its SKU: the name the shopper saw stays.
    name: line.error && line.name === line.sku ? item.name : line.name,
    price: line.price,
    rowTotal: line.row_total_incl_tax,
    image: line.image ?? item.image,
    slug: line.slug ?? item.slug,
    options: line.options,
    ...problemOf(line.error),
  };
}

function fromServer(line: ServerLine, cartId: string): EngineItem {
  const option = (line.product_option as { extension_attributes?: ProductOptionInput } | undefined)?.extension_attributes;
  const base: EngineItem = {
    sku: line.sku, type_id: line.product_type, qty: line.qty, name: line.name, price: line.price, rowTotal: line.row_total_incl_tax, options: [],
    ...(option ? { product_option: option } : {}),
  };
  return decorate(base, line, cartId);
}

/**
 * The cart engine (spec §4 "Cart connection and sync"): keeps the shopper's cart locally,
 * connects it to a server cart, merges the two by the §9 flags, and publishes `$cart`. Every
 * change runs in one queue, so a click never races a sync. Rules are in cart-rules.ts; this
 * class only runs them around the server calls.
 */
export class CartEngine {
  private state: StoredCart = EMPTY;
  private customerToken: string | null = null;
  private bypassCount = 0;
  private syncDisabled = false;
  private pending = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private editMode: EditMode | null = null;
  private lastPublished = '';
  private readonly editListeners = new Set<(mode: EditMode | null) => void>();
  private readonly flags: CartFlags;
  private readonly now: () => number;

  constructor(private readonly deps: EngineDeps) {
    this.flags = deps.flags ?? CART_FLAGS;
    this.now = deps.now ?? Date.now;
  }

  /** Reads the stored cart, shows it at once, then syncs it with the server. */
  start(): Promise<void> {
    const stored = this.deps.storage.read<StoredCart>(CART_KEY);
    this.state = stored?.version === 1 && Array.isArray(stored.items) ? { ...EMPTY, ...stored } : EMPTY;
    this.publish(true);
    // A customer's cart waits for their session (login) instead of being turned into a guest's.
    if (this.state.owner === 'customer' && !this.caller) return Promise.resolve();
    return this.run(() => this.syncNow({ forceTotals: true }));
  }

  get items(): readonly EngineItem[] {
    return this.state.items;
  }

  get stored(): Readonly<StoredCart> {
    return this.state;
  }

  /** Add a product (spec §4/§5): the price rule, the product's errors, the stock check, then the server. */
  add(request: CartAddRequest): Promise<void> {
    return this.run(async () => {
      const stock = await this.stockOf(request.sku);
      const status = addStatus({ price: request.product ? request.product.priceInclTax : 0, errors: request.product?.errors }, stock);
      if (status.status === 'rejected') {
        this.deps.notify({ type: 'error', message: status.message, params: status.params });
        return;
      }
      const added: EngineItem = {
        sku: request.sku, parentSku: request.parentSku, qty: request.qty, type_id: request.product?.typeId ?? (request.productOption?.bundle_options ? 'bundle' : 'simple'),
        name: request.product?.name ?? request.sku, price: request.product?.priceInclTax ?? 0, rowTotal: 0, image: request.product?.image, options: [],
        ...(request.productOption ? { product_option: request.productOption } : {}),
      };
      this.setItems(addToItems(this.state.items, added));
      const line = this.state.items.find((item) => sameLine(item, added))!;
      const told: NotificationInput = { type: status.status === 'ok' ? 'success' : 'warning', message: status.message, action2: PROCEED };
      if (!(await this.connect())) {
        this.deps.notify(told); // kept in this browser; the next sync sends it
        return;
      }
      const token = this.state.token!;
      const known = line.server_item_id !== undefined && line.server_cart_id === token;
      try {
        // The line's whole quantity: set on the server's line when it has one, else sent as new.
        const result = await this.deps.api.update(token, {
          sku: line.sku, qty: line.qty, product_option: wrap(line.product_option), ...(known ? { item_id: line.server_item_id } : {}),
        }, this.caller);
        this.replaceLine(line, decorate(line, result, token));
        this.deps.notify(told);
      } catch (error) {
        if (!(error instanceof ApiFailure)) {
          // No answer (offline, the connection dropped): the line stays in this browser and the
          // next sync — the connection's return (spec §4 "Connectivity") — sends it.
          this.deps.notify(told);
          return;
        }
        this.setItems(rollback(this.state.items, line));
        this.notifyError(messageOf(error));
        if (isGone(error)) await this.reconnect();
      }
      await this.syncTotals();
    });
  }

  /** A new quantity for a line; on failure the previous one comes back. */
  setQty(key: string, qty: number): Promise<boolean> {
    return this.run(async () => {
      const line = this.find(key);
      if (!line || line.qty === qty) return false;
      const changed: EngineItem = { ...line, prev_qty: line.qty, qty };
      this.replaceLine(line, changed);
      if (!line.server_item_id || !(await this.connect())) {
        await this.syncNow({});
        return true;
      }
      try {
        const result = await this.deps.api.update(this.state.token!, { sku: line.sku, qty, item_id: line.server_item_id, product_option: wrap(line.product_option) }, this.caller);
        this.replaceLine(changed, decorate(changed, result, this.state.token!));
        this.deps.notify({ type: 'success', message: CART_MESSAGES.qtyUpdated, action2: PROCEED });
        await this.syncTotals();
        return true;
      } catch (error) {
        this.setItems(rollback(this.state.items, changed));
        this.notifyError(messageOf(error));
        if (isGone(error)) await this.reconnect();
        return false;
      }
    });
  }

  /** Remove a line (the microcart asked the shopper first); the server's line too when it had one. */
  remove(key: string): Promise<void> {
    return this.run(async () => {
      const line = this.find(key);
      if (!line) return;
      const before = this.state.items;
      this.setItems(before.filter((item) => item !== line));
      if (line.server_item_id && line.server_cart_id === this.state.token && this.state.token) {
        try {
          await this.deps.api.remove(this.state.token, line.server_item_id, this.caller);
        } catch (error) {
          if (!(error instanceof ApiFailure && error.status === 404)) {
            this.setItems(before);
            this.notifyError(messageOf(error));
            return;
          }
        }
      }
      await this.syncTotals();
    });
  }

  /** Apply a coupon: the answer is null when it applied, else the message to show by the field. */
  applyCoupon(code: string): Promise<Message | null> {
    return this.run(async () => {
      if (!(await this.connect())) return { message: CART_MESSAGES.failed };
      try {
        await this.deps.api.applyCoupon(this.state.token!, code.trim(), this.caller);
      } catch (error) {
        return error instanceof ApiFailure && error.status === 400 ? { message: INCORRECT_COUPON } : messageOf(error);
      }
      await this.syncTotals(true);
      return null;
    });
  }

  removeCoupon(): Promise<Message | null> {
    return this.run(async () => {
      if (!this.state.token) return null;
      try {
        await this.deps.api.deleteCoupon(this.state.token, this.caller);
      } catch (error) {
        return messageOf(error);
      }
      await this.syncTotals(true);
      return null;
    });
  }

  /** Pull and merge again (another remote asked, or the browser came back online). */
  sync(): Promise<void> {
    return this.run(() => this.syncNow({ forceTotals: true }));
  }

  /**
   * Login (spec §4): the coupon comes off the guest cart, the customer's cart is connected with
   * quantities merged, and the coupon goes back on. A line already synced to the customer's
   * cart is never added twice (a reload, a second login).
   */
  login(customerToken: string): Promise<void> {
    return this.run(async () => {
      const wasCustomer = this.state.owner === 'customer';
      this.customerToken = customerToken;
      const coupon = this.state.totals?.coupon_code ?? null;
      if (coupon && this.state.token && !wasCustomer) {
        await this.deps.api.deleteCoupon(this.state.token, null).catch(() => undefined);
      }
      if (!wasCustomer) this.state = { ...this.state, token: null, owner: 'customer' };
      await this.syncNow({ mergeQty: !wasCustomer, forceTotals: true });
      if (coupon && !wasCustomer && this.state.token) {
        const failed = await this.deps.api.applyCoupon(this.state.token, coupon, this.caller).then(() => false, () => true);
        if (!failed) await this.syncTotals(true);
      }
    });
  }

  /** A refresh replaced the customer's access token (spec §4): the next calls carry the new one. */
  useToken(customerToken: string): void {
    if (this.customerToken) this.customerToken = customerToken;
  }

  /**
   * Logout (spec §4): a customer's cart is disconnected and cleared (their server cart stays
   * theirs). A guest's cart is not touched: "not authorised" is also what a guest's page says.
   */
  logout(): Promise<void> {
    const wasCustomer = this.customerToken !== null || this.state.owner === 'customer';
    this.customerToken = null;
    return wasCustomer ? this.clear({ sync: false }) : Promise.resolve();
  }

  /** Clear (spec §4): empty the items, optionally delete them on the server, disconnect. */
  clear({ sync }: { sync: boolean }): Promise<void> {
    return this.run(async () => {
      const { token, items } = this.state;
      if (sync && token) {
        for (const item of items) {
          if (item.server_item_id && item.server_cart_id === token) await this.deps.api.remove(token, item.server_item_id, this.caller).catch(() => undefined);
        }
      }
      this.state = { ...EMPTY, owner: this.customerToken ? 'customer' : 'guest' };
      this.closeEdit();
      this.persist();
      this.publish();
    });
  }

  // ---- edit mode ----

  openEdit(key: string): void {
    const line = this.find(key);
    if (!line) return;
    this.setEditMode({ key, parentSku: line.parentSku ?? line.sku, sku: line.sku, qty: line.qty, selectedOptions: line.product_option ?? {} });
  }

  closeEdit(): void {
    this.setEditMode(null);
  }

  get edit(): EditMode | null {
    return this.editMode;
  }

  /**
   * The product edit mode offers variants of, from the product cache when fresh (the cache a
   * full storage gives up first, cart-storage.ts).
   */
  async productForEdit(sku: string): Promise<Product> {
    const cache = this.deps.storage.read<ProductCache>(PRODUCT_CACHE_KEY) ?? [];
    const cached = cache.find((entry) => entry.sku === sku && this.now() - entry.at < PRODUCT_CACHE_TTL);
    if (cached) return cached.product;
    const product = await this.deps.api.product(sku);
    const next = [{ sku, at: this.now(), product }, ...cache.filter((entry) => entry.sku !== sku)].slice(0, PRODUCT_CACHE_SIZE);
    this.deps.storage.write(PRODUCT_CACHE_KEY, next);
    return product;
  }

  onEditChange(listener: (mode: EditMode | null) => void): () => void {
    this.editListeners.add(listener);
    return () => this.editListeners.delete(listener);
  }

  /**
   * Save edit mode: the line becomes another variant (and qty). When the cart already has that
   * variant, the two lines become one with their quantities added.
   */
  saveEdit(change: { sku: string; qty: number }): Promise<Message | null> {
    return this.run(async () => {
      const mode = this.editMode;
      const line = mode ? this.find(mode.key) : undefined;
      if (!line) return null;
      const other = this.state.items.find((item) => item !== line && item.sku === change.sku);
      const wanted: EngineItem = { ...line, sku: change.sku, qty: change.qty, error: undefined };
      if (!(await this.connect()) || !line.server_item_id) {
        this.setItems(other ? this.state.items.filter((item) => item !== line).map((item) => (item === other ? { ...other, qty: other.qty + change.qty } : item))
          : this.state.items.map((item) => (item === line ? wanted : item)));
        this.closeEdit();
        return null;
      }
      const token = this.state.token!;
      try {
        if (other?.server_item_id) {
          const merged = await this.deps.api.update(token, { sku: other.sku, qty: other.qty + change.qty, item_id: other.server_item_id }, this.caller);
          await this.deps.api.remove(token, line.server_item_id, this.caller);
          this.setItems(this.state.items.filter((item) => item !== line).map((item) => (item === other ? decorate(other, merged, token) : item)));
        } else {
          const result = await this.deps.api.update(token, { sku: change.sku, qty: change.qty, item_id: line.server_item_id }, this.caller);
          this.replaceLine(line, decorate(wanted, result, token));
        }
      } catch (error) {
        return messageOf(error);
      }
      this.closeEdit();
      this.deps.notify({ type: 'success', message: CART_MESSAGES.qtyUpdated, action2: PROCEED });
      await this.syncTotals();
      return null;
    });
  }

  // ---- the server ----

  /** The token cart calls carry: the customer's for their cart, none for a guest cart (also after a refused login). */
  private get caller(): string | null {
    return this.state.owner === 'customer' ? this.customerToken : null;
  }

  /** Connect (spec §4): a token is stored on 200; a refused customer cart falls back to a guest cart up to the bypass limit. */
  private async connect(): Promise<boolean> {
    if (this.state.token) return true;
    if (!this.flags.synchronize || this.syncDisabled) return false;
    let customerToken = this.customerToken;
    for (;;) {
      let code = 200;
      let token: string | null = null;
      try {
        token = await this.deps.api.create(customerToken);
      } catch (error) {
        code = error instanceof ApiFailure ? error.status : 0;
        if (code === 0) return false; // offline: try again with the next change
      }
      const outcome = connectOutcome(code, token, this.bypassCount);
      if (outcome.kind === 'connected') {
        this.state = { ...this.state, token: outcome.token, owner: customerToken ? 'customer' : 'guest' };
        this.persist();
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
  private async reconnect(): Promise<void> {
    this.state = { ...this.state, token: null };
    await this.syncNow({});
  }

  /** Pull the server cart, merge by the flags, make both sides agree, then totals. */
  private async syncNow({ mergeQty = false, forceTotals = false }: { mergeQty?: boolean; forceTotals?: boolean }): Promise<void> {
    // A guest with nothing has no server cart to make; a customer's cart may hold lines.
    if (!this.state.token && this.state.items.length === 0 && !this.caller) {
      this.publish();
      return;
    }
    if (!(await this.connect())) return;
    let token = this.state.token!;
    let server: ServerLine[];
    try {
      server = await this.deps.api.pull(token, this.caller);
    } catch (error) {
      if (!isGone(error)) return; // offline or a fault: the local cart stays as it is
      this.state = { ...this.state, token: null };
      if (!(await this.connect())) return;
      token = this.state.token!;
      server = [];
    }
    const actions = mergePlan(this.state.items, server, { cartId: token, flags: this.flags, mergeQty });
    let changedServer: boolean;
    try {
      changedServer = await this.execute(actions, token);
    } catch {
      this.state = { ...this.state, token: null }; // the cart went away meanwhile: the next change connects anew
      this.publish();
      return;
    }
    if (changedServer) server = await this.deps.api.pull(token, this.caller).catch(() => server);
    const items = this.state.items.map((item) => {
      const line = server.find((candidate) => candidate.item_id === item.server_item_id);
      return line ? decorate(item, line, token) : item;
    });
    this.state = { ...this.state, items, lastSync: { hash: cartHash(items, token), at: this.now() } };
    this.persist();
    await this.syncTotals(forceTotals);
  }

  /** Runs a merge plan; true when the server cart changed. */
  private async execute(actions: MergeAction<EngineItem, ServerLine>[], token: string): Promise<boolean> {
    let changedServer = false;
    let items = [...this.state.items];
    const swap = (from: EngineItem, to: EngineItem | null) => {
      items = to ? items.map((item) => (item === from ? to : item)) : items.filter((item) => item !== from);
    };
    for (const action of actions) {
      try {
        switch (action.kind) {
          case 'server-add': {
            const { item } = action;
            const result = await this.deps.api.update(token, { sku: item.sku, qty: item.qty, product_option: wrap(item.product_option) }, this.caller);
            swap(item, decorate(item, result, token));
            changedServer = true;
            break;
          }
          case 'server-update': {
            await this.deps.api.update(token, { sku: action.serverItem.sku, qty: action.qty, item_id: action.serverItem.item_id }, this.caller);
            changedServer = true;
            break;
          }
          case 'server-delete':
            await this.deps.api.remove(token, action.serverItem.item_id, this.caller);
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
        if (action.kind === 'server-add') swap(action.item, { ...action.item, ...problemOf(error instanceof ApiFailure ? error.message : undefined) });
        else if (isGone(error)) throw error;
      }
    }
    this.state = { ...this.state, items };
    return changedServer;
  }

  /** Totals sync (spec §4): when never synced or the cart hash changed, or forced (coupons). */
  private async syncTotals(force = false): Promise<void> {
    if (!this.flags.synchronizeTotals || !this.state.token) {
      this.publish();
      return;
    }
    const hash = totalsHash(this.state.items, this.state.token);
    if (!force && !syncNeeded(hash, this.state.lastTotalsSync)) {
      this.publish();
      return;
    }
    try {
      const totals = await this.deps.api.totals(this.state.token, this.caller);
      this.state = { ...this.state, totals, lastTotalsSync: { hash, at: this.now() } };
      this.persist();
    } catch {
      // the next change tries again; the lines stay
    }
    this.publish();
  }

  private async stockOf(sku: string): Promise<'ok' | 'volatile' | 'out_of_stock'> {
    try {
      const stock = await this.deps.api.checkStock(sku);
      if (!stock.is_in_stock) return 'out_of_stock';
      return stock.is_volatile ? 'volatile' : 'ok';
    } catch {
      return 'ok'; // no answer: the server checks stock again when the line is added
    }
  }

  // ---- state ----

  private find(key: string): EngineItem | undefined {
    return this.state.items.find((item) => keyOf(item) === key);
  }

  private replaceLine(from: EngineItem, to: EngineItem): void {
    this.setItems(this.state.items.map((item) => (item === from ? to : item)));
  }

  private setItems(items: EngineItem[], publish = true): void {
    this.state = { ...this.state, items };
    this.persist();
    if (publish) this.publish();
  }

  private persist(): void {
    this.deps.storage.write(CART_KEY, this.state);
  }

  private setEditMode(mode: EditMode | null): void {
    this.editMode = mode;
    for (const listener of this.editListeners) listener(mode);
  }

  private notifyError({ message, params }: Message): void {
    this.deps.notify({ type: 'error', message, ...(params ? { params } : {}) });
  }

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
    const { items, totals, token } = this.state;
    const next: CartState = {
      items: items.map((item) => ({
        sku: item.sku, parentSku: item.parentSku, name: item.name, qty: item.qty, priceInclTax: item.price, rowTotalInclTax: item.rowTotal,
        typeId: item.type_id, image: item.image, slug: item.slug, productOption: item.product_option, options: item.options, itemId: item.server_item_id,
        ...(item.error ? { error: item.error, errorParams: item.errorParams } : {}),
      })),
      itemsCount: itemsCount(items, this.flags.countType),
      grandTotal: totals?.grand_total ?? null,
      isLoaded,
      cartId: token,
      totals: totals ? {
        subtotalInclTax: totals.subtotal_incl_tax, discountAmount: totals.discount_amount, couponCode: totals.coupon_code,
        shippingInclTax: totals.shipping_incl_tax, grandTotal: totals.grand_total, segments: totals.total_segments,
      } : null,
      syncing: this.pending > 0,
    };
    // Readers re-render on every write: an unchanged cart is not written again.
    const text = JSON.stringify(next);
    if (text === this.lastPublished) return;
    this.lastPublished = text;
    this.deps.publish(next);
  }
}
