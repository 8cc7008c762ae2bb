import type { CartTotals } from '@kaloryfer/api-contract';
import type { CartLine } from '@kaloryfer/contracts';
import { lineChecksum, type LocalItem } from './cart-rules';
import { CART_KEY, type CartStorage } from './cart-storage';
import type { PendingChange } from './change-key';

/**
 * The cart as the engine keeps it: its lines, what survives a reload, the keys the microcart
 * addresses lines by, and `CartStore` — the one copy of that state the engine's parts
 * (server-sync.ts, edit-mode.ts) read and change. Every change is stored at once.
 */

/**
 * A cart line as the engine keeps it: the shopper's choice (`LocalItem`) plus what the server said
 * of it, `$cart`'s line (`CartLine`) by name — its prices stored as `price` and `rowTotal`.
 */
export interface EngineItem extends LocalItem, Pick<CartLine, 'name' | 'image' | 'slug' | 'options' | 'error' | 'errorParams'> {
  /** Gross unit and row price: the asking page's until the server has priced the line. */
  price: CartLine['priceInclTax'];
  rowTotal: CartLine['rowTotalInclTax'];
  /** A new line sent to the server whose answer has not come: sent again, under the same key (change-key.ts). */
  pending_change?: PendingChange;
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
  /** The server's last totals, as `cart/totals` answered them. */
  totals: CartTotals | null;
}

export const EMPTY: StoredCart = {
  version: 1,
  items: [],
  token: null,
  owner: 'guest',
  lastSync: { hash: null, at: null },
  lastTotalsSync: { hash: null, at: null },
  totals: null,
};

/** The key the microcart addresses a line by: sku and the checksum of its options. */
export const keyOf = (item: LocalItem) => `${item.sku}:${lineChecksum(item)}`;

/** The same key for a line as `$cart` publishes it. */
export const keyOfLine = (line: CartLine) => keyOf({ sku: line.sku, type_id: line.typeId, qty: line.qty, product_option: line.productOption });

/**
 * The engine's state holder: the stored cart and the customer's session token. `state` is
 * replaced, never mutated; `setItems` stores the new lines and tells `changed` (the engine
 * publishes `$cart` from there).
 */
export class CartStore {
  state: StoredCart = EMPTY;
  customerToken: string | null = null;

  constructor(
    private readonly storage: CartStorage,
    private readonly changed: () => void,
  ) {}

  /** The stored cart of the last visit, or an empty one. */
  load(): void {
    const stored = this.storage.read<StoredCart>(CART_KEY);
    this.state = stored?.version === 1 && Array.isArray(stored.items) ? { ...EMPTY, ...stored } : EMPTY;
  }

  /** The token cart calls carry: the customer's for their cart, none for a guest cart (also after a refused login). */
  get caller(): string | null {
    return this.state.owner === 'customer' ? this.customerToken : null;
  }

  find(key: string): EngineItem | undefined {
    return this.state.items.find((item) => keyOf(item) === key);
  }

  replaceLine(from: EngineItem, to: EngineItem): void {
    this.setItems(this.state.items.map((item) => (item === from ? to : item)));
  }

  setItems(items: EngineItem[]): void {
    this.state = { ...this.state, items };
    this.persist();
    this.changed();
  }

  persist(): void {
    this.storage.write(CART_KEY, this.state);
  }
}
