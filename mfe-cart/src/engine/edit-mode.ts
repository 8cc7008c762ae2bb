import type { NotificationInput, ProductOptionInput } from '@kaloryfer/contracts';
import type { Product } from '@kaloryfer/api-contract';
import type { CartApi } from './cart-api';
import { qtyUpdated } from './cart-notices';
import type { CartStore, EngineItem } from './cart-state';
import { PRODUCT_CACHE_KEY, type CartStorage } from './cart-storage';
import { newChangeKey } from './change-key';
import { decorate } from './server-line';
import { messageOf, type Message } from './server-message';
import type { ServerSync } from './server-sync';

/**
 * Spec "Cart edit mode": which line is being edited (and who listens), the products it offers
 * variants of (cached), and saving the edit — the line becomes another variant, or joins the
 * line that already is that variant. Saving runs inside the engine's queue (the engine wraps it).
 */

/** Spec "Cart edit mode": a line's product id, qty and chosen options; null when closed. */
export interface EditMode {
  key: string;
  parentSku: string;
  sku: string;
  qty: number;
  selectedOptions: ProductOptionInput;
}

/** Products edit mode fetched, newest first: a product's variants are asked for once an hour at most. */
type ProductCache = { sku: string; at: number; product: Product }[];
const PRODUCT_CACHE_SIZE = 10;
const PRODUCT_CACHE_TTL = 60 * 60 * 1000;

export interface EditModeDeps {
  api: CartApi;
  storage: CartStorage;
  store: CartStore;
  /** Connects before a save and syncs the totals after it. */
  server: Pick<ServerSync, 'connect' | 'syncTotals'>;
  notify: (notification: NotificationInput) => void;
  now: () => number;
}

export class CartEditMode {
  private mode: EditMode | null = null;
  private readonly listeners = new Set<(mode: EditMode | null) => void>();

  constructor(private readonly deps: EditModeDeps) {}

  get current(): EditMode | null {
    return this.mode;
  }

  open(key: string): void {
    const line = this.deps.store.find(key);
    if (!line) return;
    this.set({ key, parentSku: line.parentSku ?? line.sku, sku: line.sku, qty: line.qty, selectedOptions: line.product_option ?? {} });
  }

  close(): void {
    this.set(null);
  }

  onChange(listener: (mode: EditMode | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The product edit mode offers variants of, from the product cache when fresh (the cache a
   * full storage gives up first, cart-storage.ts).
   */
  async productFor(sku: string): Promise<Product> {
    const { api, storage, now } = this.deps;
    const cache = storage.read<ProductCache>(PRODUCT_CACHE_KEY) ?? [];
    const cached = cache.find((entry) => entry.sku === sku && now() - entry.at < PRODUCT_CACHE_TTL);
    if (cached) return cached.product;
    const product = await api.product(sku);
    const next = [{ sku, at: now(), product }, ...cache.filter((entry) => entry.sku !== sku)].slice(0, PRODUCT_CACHE_SIZE);
    storage.write(PRODUCT_CACHE_KEY, next);
    return product;
  }

  /**
   * Save edit mode: the line becomes another variant (and qty). When the cart already has that
   * variant, the two lines become one with their quantities added.
   */
  async save(change: { sku: string; qty: number }): Promise<Message | null> {
    const { api, store, server, notify } = this.deps;
    const mode = this.mode;
    const line = mode ? store.find(mode.key) : undefined;
    if (!line) return null;
    const other = store.state.items.find((item) => item !== line && item.sku === change.sku);
    const wanted: EngineItem = { ...line, sku: change.sku, qty: change.qty, error: undefined };
    if (!(await server.connect()) || !line.server_item_id) {
      store.setItems(
        other
          ? store.state.items.filter((item) => item !== line).map((item) => (item === other ? { ...other, qty: other.qty + change.qty } : item))
          : store.state.items.map((item) => (item === line ? wanted : item)),
      );
      this.close();
      return null;
    }
    const token = store.state.token!;
    try {
      if (other?.server_item_id) {
        const merged = await api.update(token, { sku: other.sku, qty: other.qty + change.qty, item_id: other.server_item_id }, store.caller, newChangeKey());
        await api.remove(token, line.server_item_id, store.caller);
        store.setItems(store.state.items.filter((item) => item !== line).map((item) => (item === other ? decorate(other, merged, token) : item)));
      } else {
        const result = await api.update(token, { sku: change.sku, qty: change.qty, item_id: line.server_item_id }, store.caller, newChangeKey());
        store.replaceLine(line, decorate(wanted, result, token));
      }
    } catch (error) {
      return messageOf(error);
    }
    this.close();
    notify(qtyUpdated());
    await server.syncTotals();
    return null;
  }

  private set(mode: EditMode | null): void {
    this.mode = mode;
    for (const listener of this.listeners) listener(mode);
  }
}
