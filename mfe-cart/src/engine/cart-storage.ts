import { STORED_STATE_KEYS } from '@kaloryfer/contracts';
/**
 * The cart's local persistence (spec §4): the cart survives reloads in localStorage. Writes
 * that keep failing stop after CACHE_ERROR_LIMIT errors (a broken storage is not hammered on
 * every change), and a full storage first gives up the product cache — snapshots the
 * microcart can fetch again — then retries once.
 */
export const CACHE_ERROR_LIMIT = 30;
export const CART_KEY = STORED_STATE_KEYS.cart;
export const PRODUCT_CACHE_KEY = 'kaloryfer.cart-products';

export interface CartStorage {
  read<T>(key: string): T | null;
  /** False when the value could not be stored (or writes are off). */
  write(key: string, value: unknown): boolean;
  readonly writesEnabled: boolean;
  readonly errors: number;
}

const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22);

export function createCartStorage(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): CartStorage {
  let errors = 0;
  const fail = () => {
    errors += 1;
    return false;
  };
  return {
    get writesEnabled() {
      return errors < CACHE_ERROR_LIMIT;
    },
    get errors() {
      return errors;
    },
    read<T>(key: string): T | null {
      try {
        const raw = storage.getItem(key);
        return raw === null ? null : (JSON.parse(raw) as T);
      } catch {
        return null;
      }
    },
    write(key: string, value: unknown): boolean {
      if (errors >= CACHE_ERROR_LIMIT) return false;
      const text = JSON.stringify(value);
      try {
        storage.setItem(key, text);
        return true;
      } catch (error) {
        if (!isQuotaError(error) || key === PRODUCT_CACHE_KEY) return fail();
        try {
          storage.removeItem(PRODUCT_CACHE_KEY);
          storage.setItem(key, text);
          return true;
        } catch {
          return fail();
        }
      }
    },
  };
}
