import { hashText } from '@kaloryfer/domain';
import type { LineUpdate } from './cart-api';

/**
 * A change the engine owes the server, named by a key (docs/cart.md, "A change sent twice"):
 * `cart/update` with the same `Idempotency-Key` answers as the first time and adds nothing, so a
 * new line sent again after an answer lost to the network — by the sync on the connection's
 * return, or after a reload — is added once. `of` says which change the key names: the same
 * line sent again with the same quantity keeps its key; any other change gets a fresh one.
 */
export interface PendingChange {
  key: string;
  of: string;
}

const describe = (body: LineUpdate) => hashText(JSON.stringify([body.sku, body.qty, body.item_id ?? null, body.product_option ?? null]));

/** A fresh key per change the shopper means to make (a UUID where the browser has them). */
export function newChangeKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key to send `body` under: the line's pending one when this is the same change, else a new one. */
export function changeKeyFor(pending: PendingChange | undefined, body: LineUpdate): PendingChange {
  const of = describe(body);
  return pending?.of === of ? pending : { key: newChangeKey(), of };
}
