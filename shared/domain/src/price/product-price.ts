import type { Product } from '@kaloryfer/api-contract';
import { round2 } from './money';
import { finalPrice } from './special-price';
import { applyTax, type TaxedPrice } from './tax';

/** The source price of a product or a variant, and its special price with dates. */
type SourcePrice = Pick<Product, 'price' | 'special_price' | 'special_from_date' | 'special_to_date' | 'tax_class_id'>;

/** Price fields computed for one moment (spec §3): net, gross and tax of each price. */
export interface PriceFields {
  price: number;
  price_incl_tax: number;
  price_tax: number;
  original_price: number;
  original_price_incl_tax: number;
  original_price_tax: number;
  special_price: number | null;
  special_price_incl_tax: number | null;
  special_price_tax: number | null;
  final_price: number;
  final_price_incl_tax: number;
  final_price_tax: number;
}

export interface TaxSettings {
  /** Rate in percent for a product tax class (23 for the PL standard rate). */
  rateFor(taxClassId: number): number;
  sourcePriceIncludesTax: boolean;
}

/**
 * Every price field of one product at one moment (spec §3, §4): the special price counts only
 * inside its dates and only when lower; net, gross and tax are derived from the tax rule.
 */
export function priceFields(source: SourcePrice, tax: TaxSettings, at: Date): PriceFields {
  const rate = tax.rateFor(source.tax_class_id);
  const taxed = (amount: number) => applyTax(amount, rate, tax.sourcePriceIncludesTax);
  const special = source.special_price === null || source.special_price === undefined ? null : taxed(source.special_price);
  return assemble(taxed(finalPrice(source.price, source, at)), taxed(source.price), special);
}

/** Price fields of a composite product from a gross amount (bundle, grouped). */
export function priceFieldsFromGross(finalGross: number, originalGross: number, rate: number): PriceFields {
  const final = applyTax(round2(finalGross), rate, true);
  const original = applyTax(round2(originalGross), rate, true);
  return assemble(final, original, final.price_incl_tax < original.price_incl_tax ? final : null);
}

/** `price` is the final price (as vue-storefront has it after its tax step); `original_*` the regular one. */
function assemble(final: TaxedPrice, original: TaxedPrice, special: TaxedPrice | null): PriceFields {
  return {
    price: final.price,
    price_incl_tax: final.price_incl_tax,
    price_tax: final.price_tax,
    original_price: original.price,
    original_price_incl_tax: original.price_incl_tax,
    original_price_tax: original.price_tax,
    special_price: special?.price ?? null,
    special_price_incl_tax: special?.price_incl_tax ?? null,
    special_price_tax: special?.price_tax ?? null,
    final_price: final.price,
    final_price_incl_tax: final.price_incl_tax,
    final_price_tax: final.price_tax,
  };
}

/** Only the price fields of something that has them (a priced child setting its parent's price). */
export function pickPriceFields(source: PriceFields): PriceFields {
  const {
    price,
    price_incl_tax,
    price_tax,
    original_price,
    original_price_incl_tax,
    original_price_tax,
    special_price,
    special_price_incl_tax,
    special_price_tax,
    final_price,
    final_price_incl_tax,
    final_price_tax,
  } = source;
  return {
    price,
    price_incl_tax,
    price_tax,
    original_price,
    original_price_incl_tax,
    original_price_tax,
    special_price,
    special_price_incl_tax,
    special_price_tax,
    final_price,
    final_price_incl_tax,
    final_price_tax,
  };
}
