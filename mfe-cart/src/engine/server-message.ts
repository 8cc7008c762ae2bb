import { isSpecMessage, type SpecMessage } from '@kaloryfer/i18n';
import { ApiFailure } from '@kaloryfer/ui';

export interface Message {
  /** An i18n key of the `messages` namespace (a spec message) or, failing that, the server's own text. */
  message: string;
  params?: Record<string, string | number>;
}

/** The spec's messages the cart remote says itself, quoted exactly (or this does not compile). */
export const CART_MESSAGES = {
  proceed: 'Proceed to checkout',
  qtyUpdated: 'Product quantity has been updated!',
  failed: 'Something went wrong',
  offline: 'You are offline',
  onlyAvailable: 'Only {maxQuantity} products of this type are available',
  required: 'Field is required',
  noSuchConfiguration: 'No such configuration for the product, choose another combination',
} as const satisfies Record<string, SpecMessage>;

const ONLY_AVAILABLE = /^Only (\d+) products of this type are available$/;

/**
 * What to tell the shopper about a failed cart call. The API answers with the spec's messages,
 * already filled in ("Only 3 products…"); they go back to their keys so i18n can say them in
 * Polish. A call that never reached the server is 'You are offline' or 'Something went wrong'.
 */
export function messageOf(error: unknown, online = globalThis.navigator?.onLine ?? true): Message {
  if (!(error instanceof ApiFailure)) return { message: online ? CART_MESSAGES.failed : CART_MESSAGES.offline };
  const only = ONLY_AVAILABLE.exec(error.message);
  if (only) return { message: CART_MESSAGES.onlyAvailable, params: { maxQuantity: Number(only[1]) } };
  if (isSpecMessage(error.message)) return { message: error.message };
  return { message: error.status >= 500 ? CART_MESSAGES.failed : error.message };
}
