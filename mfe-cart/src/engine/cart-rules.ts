import type { CartItem } from '@kaloryfer/api-contract';
import type { CartLine, ProductOptionInput } from '@kaloryfer/contracts';
import type { SpecMessage } from '@kaloryfer/i18n';
import { hashText, lineIdentity } from '@kaloryfer/domain';

/**
 * The cart engine's rules (spec §4 "Cart connection and sync", §5, §9 flags), pure so each can
 * be table-tested. The engine (mfe-cart/src/engine/cart-engine.ts and its parts) calls them around the
 * server calls and writes `$cart`.
 */

/** Spec §9 cart flags (vue-storefront 1 defaults where the spec names a flag without its value). */
export interface CartFlags {
  synchronize: boolean;
  synchronizeTotals: boolean;
  serverMergeByDefault: boolean;
  serverSyncCanRemoveLocalItems: boolean;
  serverSyncCanModifyLocalItems: boolean;
  allowOutOfStockInCart: boolean;
  /** What the minicart counts: lines ('items') or the sum of quantities. */
  countType: 'items' | 'quantities';
}

export const CART_FLAGS: CartFlags = {
  synchronize: true,
  synchronizeTotals: true,
  serverMergeByDefault: true,
  serverSyncCanRemoveLocalItems: false,
  serverSyncCanModifyLocalItems: false,
  allowOutOfStockInCart: false,
  countType: 'quantities',
};

/** Guest-cart retries after a 401 before sync is given up (spec: value not shown; VSF's is 3). */
export const CONNECT_BYPASS_LIMIT = 3;

/**
 * A line as the engine keeps it: `$cart`'s line (`CartLine`) by name, its type, options and
 * server id under the names the stored cart has always had (a reload reads them back), plus
 * what the sync needs. `projectCart` turns it into a `CartLine`, the one reshaping.
 */
export interface LocalItem extends Pick<CartLine, 'sku' | 'parentSku' | 'qty'> {
  type_id: CartLine['typeId'];
  /** The quantity before the last change, for rollback. */
  prev_qty?: number;
  product_option?: CartLine['productOption'];
  server_item_id?: CartLine['itemId'];
  /** The server cart the line was last synced to: a re-login to the same cart never adds it twice. */
  server_cart_id?: string;
}

/** What the rules read of a server line (the contract's `CartItem`). */
export type ServerItem = Pick<CartItem, 'item_id' | 'sku' | 'qty' | 'product_type' | 'product_option'>;

/** A line's options: a local line keeps them bare, the server's come wrapped in `extension_attributes`. */
const optionsOf = (item: LocalItem | ServerItem): ProductOptionInput =>
  ('type_id' in item ? item.product_option : item.product_option?.extension_attributes) ?? {};

/** The line's identity in the shop's one rule (shared/domain line-identity): sku and its bundle and custom options. */
export function lineChecksum(item: LocalItem | ServerItem): string {
  return lineIdentity(item.sku, optionsOf(item));
}

const typeOf = (item: LocalItem | ServerItem) => ('type_id' in item ? item.type_id : item.product_type);

/** Spec §4: configurable lines are equal by sku; bundle and custom-option lines by sku and the checksum of their options. */
export function sameLine(a: LocalItem | ServerItem, b: LocalItem | ServerItem): boolean {
  if (a.sku !== b.sku) return false;
  const hasOptions = (item: LocalItem | ServerItem) => {
    const options = optionsOf(item);
    return (options.bundle_options?.length ?? 0) > 0 || (options.custom_options?.length ?? 0) > 0;
  };
  if (typeOf(a) === 'bundle' || typeOf(b) === 'bundle' || hasOptions(a) || hasOptions(b)) return lineChecksum(a) === lineChecksum(b);
  return true;
}

/** Computed from the items and the server token (spec §4). */
export function cartHash(items: LocalItem[], token: string | null): string {
  return hashText(JSON.stringify([token, items.map((item) => [item.sku, item.qty, lineChecksum(item)])]));
}

/**
 * The totals depend on more than the lines: a line that sold out (or came back) changes what is
 * owed with the same items and quantities, so its state is part of the totals' hash.
 */
export function totalsHash(items: (LocalItem & { error?: string })[], token: string | null): string {
  return hashText(JSON.stringify([cartHash(items, token), items.map((item) => item.error ?? null)]));
}

/** Sync (and totals sync) is needed when no sync has happened yet, or the hash is empty or changed. */
export function syncNeeded(current: string, lastSynced: { hash: string | null; at: number | null }): boolean {
  return lastSynced.at === null || !lastSynced.hash || lastSynced.hash !== current;
}

export function itemsCount(items: LocalItem[], countType: CartFlags['countType'] = CART_FLAGS.countType): number {
  return countType === 'items' ? items.length : items.reduce((sum, item) => sum + item.qty, 0);
}

export type ConnectOutcome = { kind: 'connected'; token: string } | { kind: 'retry-as-guest'; bypassCount: number } | { kind: 'sync-disabled' };

/** Connect: 200 stores the token and syncs; 401 retries as a guest cart up to the limit; else sync is disabled. */
export function connectOutcome(code: number, token: string | null, bypassCount: number, limit = CONNECT_BYPASS_LIMIT): ConnectOutcome {
  if (code === 200 && token) return { kind: 'connected', token };
  if (code !== 200 && bypassCount < limit) return { kind: 'retry-as-guest', bypassCount: bypassCount + 1 };
  return { kind: 'sync-disabled' };
}

export type AddStatus =
  | { status: 'ok'; message: string }
  | { status: 'volatile'; message: string }
  | { status: 'rejected'; message: string; params?: Record<string, string | number> };

export const ADD_MESSAGES = {
  added: 'Product has been added to the cart!',
  volatile: 'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.',
  outOfStock: 'The product is out of stock and cannot be added to the cart!',
  priceUnknown: 'Product price is unknown, product cannot be added to the cart!',
} as const satisfies Record<string, SpecMessage>; // quoted exactly, or this does not compile

/**
 * Adding a product (spec §4/§5): a price below 0 or missing is unknown (zero-price products are
 * allowed), the product's own errors are reported, then the stock check decides.
 */
export function addStatus(product: { price: number | null; errors?: Record<string, string | null> }, stock: 'ok' | 'volatile' | 'out_of_stock'): AddStatus {
  if (product.price === null || !(product.price >= 0)) return { status: 'rejected', message: ADD_MESSAGES.priceUnknown };
  const error = Object.values(product.errors ?? {}).find((value): value is string => Boolean(value));
  if (error) return { status: 'rejected', message: error };
  if (stock === 'out_of_stock') return { status: 'rejected', message: ADD_MESSAGES.outOfStock };
  if (stock === 'volatile') return { status: 'volatile', message: ADD_MESSAGES.volatile };
  return { status: 'ok', message: ADD_MESSAGES.added };
}

/** The same line again adds up its quantity; another line is appended. prev_qty keeps what was there. */
export function addToItems<T extends LocalItem>(items: T[], added: T): T[] {
  const index = items.findIndex((item) => sameLine(item, added));
  if (index === -1) return [...items, { ...added, prev_qty: 0 }];
  return items.map((item, at) => (at === index ? { ...item, prev_qty: item.qty, qty: item.qty + added.qty } : item));
}

/** A failed server update: the previous quantity comes back, or the line goes if it had none. */
export function rollback<T extends LocalItem>(items: T[], failed: T): T[] {
  return items.flatMap((item) => {
    if (!sameLine(item, failed)) return [item];
    return item.prev_qty ? [{ ...item, qty: item.prev_qty, prev_qty: undefined }] : [];
  });
}

export interface StockSyncResult {
  remove: boolean;
  info?: 'In stock!';
  error?: 'Out of the stock!';
}

/** Stock sync of one line: in stock → 'In stock!'; out → 'Out of the stock!', or removal when such lines are not allowed and sync is off. */
export function stockSync(isInStock: boolean, flags: Pick<CartFlags, 'allowOutOfStockInCart' | 'synchronize'> = CART_FLAGS): StockSyncResult {
  if (isInStock) return { remove: false, info: 'In stock!' };
  if (!flags.allowOutOfStockInCart && !flags.synchronize) return { remove: true };
  return { remove: false, error: 'Out of the stock!' };
}

/** Errors that mean the line cannot be bought at all (sold out, withdrawn): the shopper can only remove it. */
const UNAVAILABLE_ERRORS: readonly string[] = ['Out of the stock!', 'Product query returned an empty result'];
export const isUnavailable = (error: string | undefined) => error !== undefined && UNAVAILABLE_ERRORS.includes(error);

export type MergeAction<L extends LocalItem = LocalItem, S extends ServerItem = ServerItem> =
  | { kind: 'server-add'; item: L }
  | { kind: 'server-update'; item: L; serverItem: S; qty: number }
  | { kind: 'server-delete'; serverItem: S }
  | { kind: 'local-remove'; item: L }
  | { kind: 'local-set'; item: L; serverItem: S; qty: number }
  | { kind: 'local-add'; serverItem: S };

export interface MergeOptions {
  cartId: string;
  flags?: Pick<CartFlags, 'serverMergeByDefault' | 'serverSyncCanRemoveLocalItems' | 'serverSyncCanModifyLocalItems'>;
  /** The client's state wins (e.g. after the shopper edited the cart offline). */
  forceClientState?: boolean;
  /** Login: a guest's lines join the customer's cart with their quantities added. */
  mergeQty?: boolean;
}

/**
 * What to do so the local cart and the server cart agree (vue-storefront 1's merge, with its
 * best-known bug fixed): the client wins when forced or when merging by default is off.
 * - a local line the server lacks: sent to the server — or removed locally when the server may
 *   remove local lines, the client does not win and the line had been synced to this cart (the
 *   server dropped it; a line never synced is new and always goes up);
 * - a line on both with other quantities: the server gets the local qty — or the local line
 *   takes the server's when the server may modify local lines and the client does not win;
 *   at login (mergeQty) both become the sum, but only for a line not yet synced to this very
 *   cart, so a reload or a second login never doubles it;
 * - a server line the client lacks: deleted on the server when the client wins, else added locally.
 */
export function mergePlan<L extends LocalItem, S extends ServerItem>(local: L[], server: S[], options: MergeOptions): MergeAction<L, S>[] {
  const flags = options.flags ?? CART_FLAGS;
  const clientWins = Boolean(options.forceClientState) || !flags.serverMergeByDefault;
  const actions: MergeAction<L, S>[] = [];
  const matched = new Set<S>();
  for (const item of local) {
    const serverItem = server.find((candidate) => !matched.has(candidate) && sameLine(candidate, item));
    if (!serverItem) {
      if (!clientWins && flags.serverSyncCanRemoveLocalItems && item.server_cart_id === options.cartId) actions.push({ kind: 'local-remove', item });
      else actions.push({ kind: 'server-add', item });
      continue;
    }
    matched.add(serverItem);
    if (options.mergeQty && item.server_cart_id !== options.cartId) {
      const qty = serverItem.qty + item.qty;
      actions.push({ kind: 'server-update', item, serverItem, qty }, { kind: 'local-set', item, serverItem, qty });
      continue;
    }
    if (serverItem.qty === item.qty) {
      if (item.server_item_id !== serverItem.item_id) actions.push({ kind: 'local-set', item, serverItem, qty: item.qty });
      continue;
    }
    if (clientWins || !flags.serverSyncCanModifyLocalItems) actions.push({ kind: 'server-update', item, serverItem, qty: item.qty });
    else actions.push({ kind: 'local-set', item, serverItem, qty: serverItem.qty });
  }
  for (const serverItem of server) {
    if (matched.has(serverItem)) continue;
    actions.push(clientWins ? { kind: 'server-delete', serverItem } : { kind: 'local-add', serverItem });
  }
  return actions;
}
