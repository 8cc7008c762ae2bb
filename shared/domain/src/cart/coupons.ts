/**
 * Demo coupons (the cart issue): a percent, a fixed amount with a minimum, free shipping, the
 * newsletter's 10 % (spec §9) and one that has expired. Codes are matched without regard to
 * case or surrounding spaces. A code that is unknown, expired or whose condition the cart does
 * not meet is answered with the spec's message, 'You've entered an incorrect coupon code'.
 */
export type CouponType = 'percent' | 'fixed' | 'free_shipping';

export interface Coupon {
  code: string;
  type: CouponType;
  /** Percent off (percent) or złoty off (fixed); 0 for free shipping. */
  value: number;
  /** Gross subtotal the cart must reach. */
  minSubtotal: number;
  /** Inclusive YYYY-MM-DD bounds; null = open. */
  validFrom: string | null;
  validTo: string | null;
  /** Polish description for the totals line. */
  label: string;
  /** Issued to one shopper and good for one order (the newsletter's unique codes); the API stores and redeems it. */
  singleUse?: boolean;
}

export const INCORRECT_COUPON = "You've entered an incorrect coupon code";

export const DEMO_COUPONS: readonly Coupon[] = [
  { code: 'NEWSLETTER10', type: 'percent', value: 10, minSubtotal: 0, validFrom: null, validTo: null, label: 'Rabat 10% za zapis do newslettera' },
  { code: 'ZIMA15', type: 'percent', value: 15, minSubtotal: 0, validFrom: '2026-11-01', validTo: '2027-02-28', label: 'Zimowy rabat 15%' },
  { code: 'RABAT100', type: 'fixed', value: 100, minSubtotal: 1000, validFrom: null, validTo: null, label: 'Rabat 100 zł od zamówień za 1000 zł' },
  { code: 'DOSTAWA0', type: 'free_shipping', value: 0, minSubtotal: 0, validFrom: null, validTo: null, label: 'Darmowa dostawa' },
  { code: 'JESIEN2025', type: 'percent', value: 20, minSubtotal: 0, validFrom: '2025-09-01', validTo: '2025-11-30', label: 'Jesienny rabat 20%' },
];

export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

/**
 * The newsletter's own coupon (spec §9: 10 % off): a unique code mailed to one confirmed
 * subscriber, `NL10-XXXX-XXXX` from an alphabet without look-alikes (no 0/O, 1/I/L), single use.
 */
export const NEWSLETTER_COUPON_PERCENT = 10;
export const NEWSLETTER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const NEWSLETTER_CODE = /^NL10-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

export const isNewsletterCouponCode = (code: string) => NEWSLETTER_CODE.test(normaliseCouponCode(code));

export function newsletterCoupon(code: string): Coupon {
  return {
    code: normaliseCouponCode(code),
    type: 'percent',
    value: NEWSLETTER_COUPON_PERCENT,
    minSubtotal: 0,
    validFrom: null,
    validTo: null,
    label: 'Rabat 10% za zapis do newslettera',
    singleUse: true,
  };
}

/** The coupon a code names, if it applies to a cart of this subtotal on this day (YYYY-MM-DD). */
export function applicableCoupon(code: string, subtotal: number, today: string, coupons: readonly Coupon[] = DEMO_COUPONS): Coupon | null {
  const coupon = coupons.find((candidate) => candidate.code === normaliseCouponCode(code));
  if (!coupon) return null;
  if (coupon.validFrom !== null && today < coupon.validFrom) return null;
  if (coupon.validTo !== null && today > coupon.validTo) return null;
  if (subtotal < coupon.minSubtotal) return null;
  return coupon;
}
