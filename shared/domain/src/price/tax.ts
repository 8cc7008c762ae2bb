import { round2 } from './money';

export interface TaxedPrice {
  /** Net amount. */
  price: number;
  price_tax: number;
  price_incl_tax: number;
}

/**
 * Net and gross from a source price and a rate (23 for Polish VAT). With
 * `sourceIncludesTax` the source is gross (Polish shops usually enter gross prices).
 * Net 100 at 23 % → 123 incl. tax, 23 tax.
 */
export function applyTax(source: number, ratePercent: number, sourceIncludesTax = false): TaxedPrice {
  const factor = 1 + ratePercent / 100;
  const net = sourceIncludesTax ? source / factor : source;
  const gross = sourceIncludesTax ? source : source * factor;
  const price = round2(net);
  const priceInclTax = round2(gross);
  return { price, price_incl_tax: priceInclTax, price_tax: round2(priceInclTax - price) };
}
