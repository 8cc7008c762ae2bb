import type { CartTotals, CartTotalSegment } from '@kaloryfer/api-contract';
import { round2 } from '../price/money';
import type { Coupon } from './coupons';

/** VAT in PL gross prices (docs/polish-market.md); every product of this shop carries the standard rate. */
export const VAT_RATE = 23;

export interface TotalsInput {
  rowTotals: number[];
  coupon: Coupon | null;
  /** The chosen method's price for this cart (already 0 when free), or null before a choice. */
  shipping: { title: string; price: number } | null;
  payment: { title: string; fee: number } | null;
}

/** The coupon's discount on a gross subtotal: negative, never more than the subtotal. */
export function couponDiscount(coupon: Coupon | null, subtotal: number): number {
  if (!coupon || subtotal <= 0) return 0;
  if (coupon.type === 'percent') return -round2((subtotal * coupon.value) / 100);
  if (coupon.type === 'fixed') return -round2(Math.min(coupon.value, subtotal));
  return 0;
}

/** The VAT contained in a gross amount. */
export function includedVat(gross: number, rate = VAT_RATE): number {
  return round2(gross - gross / (1 + rate / 100));
}

/**
 * Cart totals from the server's own line totals (never the client's): subtotal, the coupon's
 * discount, shipping, the payment fee, the VAT they contain, and what is to be paid — with the
 * segments the microcart and checkout list, in Polish. The API's totals answer (`CartTotals` of
 * @kaloryfer/api-contract) but for its lines and chosen methods, which the API's cart adds.
 */
export function cartTotals({ rowTotals, coupon, shipping, payment }: TotalsInput): Omit<CartTotals, 'items' | 'shipping_method' | 'payment_method'> {
  const subtotal = round2(rowTotals.reduce((sum, row) => sum + row, 0));
  const discount = couponDiscount(coupon, subtotal);
  const shippingPrice = shipping?.price ?? 0;
  const fee = payment?.fee ?? 0;
  const grand = round2(subtotal + discount + shippingPrice + fee);
  const tax = includedVat(grand);
  const segments: CartTotalSegment[] = [
    { code: 'subtotal', title: 'Wartość produktów', value: subtotal },
    ...(coupon ? [{ code: 'discount' as const, title: `Rabat (${coupon.code})`, value: discount }] : []),
    ...(shipping ? [{ code: 'shipping' as const, title: `Dostawa (${shipping.title})`, value: shippingPrice }] : []),
    ...(payment && fee > 0 ? [{ code: 'payment' as const, title: `Opłata: ${payment.title}`, value: fee }] : []),
    { code: 'tax', title: `W tym VAT ${VAT_RATE}%`, value: tax },
    { code: 'grand_total', title: 'Do zapłaty', value: grand },
  ];
  return {
    subtotal_incl_tax: subtotal,
    discount_amount: discount,
    coupon_code: coupon?.code ?? null,
    shipping_incl_tax: shippingPrice,
    payment_fee_incl_tax: fee,
    tax_amount: tax,
    grand_total: grand,
    total_segments: segments,
  };
}
