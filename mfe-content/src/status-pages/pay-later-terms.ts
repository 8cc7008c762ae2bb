import { PAYMENT_METHODS } from '@kaloryfer/domain';

/**
 * The gateway's two ways to pay later (spec §9's "deferred pay" and "instalments" card-gateway
 * methods, `payu_paylater` and `payu_installments` in shared/domain's payment methods), with
 * the limits PayU publishes for buyers. PayU decides and shows the binding terms at checkout;
 * change these together with the shop's PayU agreement.
 */
export const PAY_LATER = { code: 'payu_paylater', minimum: 100, maximum: 2000, days: 30 } as const;
export const INSTALMENTS = { code: 'payu_installments', minimum: 300, maximum: 50_000 } as const;

/** The methods' names as the checkout shows them. */
export function methodTitle(code: string): string {
  return PAYMENT_METHODS.find((method) => method.code === code)?.title ?? code;
}

/** The worked examples: a ladder radiator paid in 30 days, a decorative radiator in 0 % instalments. */
export const PAY_LATER_EXAMPLE = 1249;
export const INSTALMENTS_EXAMPLE = { amount: 4200, counts: [5, 10, 20] } as const;

/** Equal monthly instalments of a 0 % plan, in grosze-exact złoty (the last one takes the rounding). */
export function instalmentPlan(amount: number, count: number): { instalment: number; last: number; total: number } {
  const cents = Math.round(amount * 100);
  const instalment = Math.round(cents / count);
  const last = cents - instalment * (count - 1);
  return { instalment: instalment / 100, last: last / 100, total: cents / 100 };
}
