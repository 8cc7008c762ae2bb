import type { PaymentMethod, ShippingMethod } from '@kaloryfer/api-contract';
import { CASH_ON_DELIVERY } from '../cart/payment';

/**
 * Checkout's method rules (spec §4, §9), one place for both checkout variants and the API:
 * unavailable shipping methods are dropped, a default is chosen when none is, payment methods
 * merge with the client-only ones (unique by code), cash on delivery needs something to deliver,
 * and the instant-checkout wallets cannot be combined with carried-in transport (`flatrateone`).
 */

/** The method code the API uses for a shipping method: carrier and method joined by `_`. */
export const shippingCodeOf = (method: Pick<ShippingMethod, 'carrier_code' | 'method_code'>) => `${method.carrier_code}_${method.method_code}`;

/** Shipping method a wallet payment can never go with (spec §9: instant checkout excludes it). */
const WALLET_EXCLUDED_SHIPPING = 'flatrateone';

/** Instant-checkout wallets: offered by the browser (Payment Request API), paid through the card gateway. */
export const INSTANT_CHECKOUT_METHODS: readonly PaymentMethod[] = [
  { code: 'payu_googlepay', title: 'Google Pay', cost_incl_tax: 0, offline: false, is_server_method: true },
  { code: 'payu_applepay', title: 'Apple Pay', cost_incl_tax: 0, offline: false, is_server_method: true },
];

const isWalletMethod = (code: string) => INSTANT_CHECKOUT_METHODS.some((method) => method.code === code);

/** A server method with `default: true` when it says so (the checkout picks it when nothing is chosen). */
export type WithDefault<T> = T & { default?: boolean };

export function availableShippingMethods<T extends Pick<ShippingMethod, 'available'>>(methods: readonly T[]): T[] {
  return methods.filter((method) => method.available !== false);
}

/**
 * The method to show as chosen: the shopper's own choice while it is still offered, otherwise the
 * one marked default, otherwise the first. Null when nothing is offered.
 */
export function chooseMethod<T>(methods: readonly WithDefault<T>[], chosen: string | null | undefined, codeOf: (method: T) => string): string | null {
  if (chosen && methods.some((method) => codeOf(method) === chosen)) return chosen;
  const fallback = methods.find((method) => method.default) ?? methods[0];
  return fallback ? codeOf(fallback) : null;
}

export interface PaymentContext {
  /** Every line is virtual or downloadable: nothing is delivered, so nothing is paid on delivery. */
  allVirtual: boolean;
  /** The chosen shipping method's code (`carrier_method`), if any. */
  shippingCode: string | null;
}

/** Server methods first, then client-only ones the server does not list; the rules of the context applied. */
export function mergePaymentMethods<T extends Pick<PaymentMethod, 'code'>>(server: readonly T[], clientOnly: readonly T[], context: PaymentContext): T[] {
  const seen = new Set<string>();
  return [...server, ...clientOnly].filter((method) => {
    if (seen.has(method.code)) return false;
    seen.add(method.code);
    return paymentAllowed(method.code, context);
  });
}

/** May this payment method pay for this cart with this shipping? The API asks the same when an order is placed. */
export function paymentAllowed(code: string, { allVirtual, shippingCode }: PaymentContext): boolean {
  if (allVirtual && code === CASH_ON_DELIVERY) return false;
  if (isWalletMethod(code) && shippingCode !== null && shippingCode.split('_')[0] === WALLET_EXCLUDED_SHIPPING) return false;
  return true;
}
