import { SPEC_MESSAGES } from '@kaloryfer/i18n';
import { ApiFailure } from '@kaloryfer/ui';

export interface Message {
  /** An i18n key of the `messages` namespace (a spec message) or, failing that, the server's own text. */
  message: string;
  params?: Record<string, string | number>;
}

const ONLY_AVAILABLE = /^Only (\d+) products of this type are available$/;

/**
 * What to tell the shopper about a failed cart call. The API answers with the spec's messages,
 * already filled in ("Only 3 products…"); they go back to their keys so i18n can say them in
 * Polish. A call that never reached the server is 'You are offline' or 'Something went wrong'.
 */
export function messageOf(error: unknown, online = globalThis.navigator?.onLine ?? true): Message {
  if (!(error instanceof ApiFailure)) return { message: online ? 'Something went wrong' : 'You are offline' };
  const only = ONLY_AVAILABLE.exec(error.message);
  if (only) return { message: 'Only {maxQuantity} products of this type are available', params: { maxQuantity: Number(only[1]) } };
  if ((SPEC_MESSAGES as readonly string[]).includes(error.message)) return { message: error.message };
  return { message: error.status >= 500 ? 'Something went wrong' : error.message };
}
