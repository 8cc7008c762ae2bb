import type { CustomOptionValue } from '@kaloryfer/api-contract';

/** Prices of configurable, bundle and grouped products (spec §4). */

export interface PricedChild {
  finalPrice: number;
  available: boolean;
}

/** The cheapest available child sets a configurable parent's price; null when none is available. */
export function configurablePrice(children: PricedChild[]): number | null {
  const prices = children.filter((child) => child.available).map((child) => child.finalPrice);
  return prices.length > 0 ? Math.min(...prices) : null;
}

export interface PricedBundleLink {
  price: number;
  qty: number;
  isDefault: boolean;
}

/** A bundle option as its price reads it: its links' prices (BundleOption of the contract holds only their SKUs). */
export interface PricedBundleOption {
  links: PricedBundleLink[];
}

/** Bundle price: the sum of each option's default link price × its qty. */
export function bundlePrice(options: PricedBundleOption[]): number {
  return options.reduce((sum, option) => {
    const chosen = option.links.find((link) => link.isDefault);
    return chosen ? sum + chosen.price * chosen.qty : sum;
  }, 0);
}

/** A chosen bundle configuration: only options with a product and qty 0 or more count. */
export function bundleSelectionTotal(selections: { price: number | null; qty: number | null }[]): number {
  return selections.reduce((sum, selection) => {
    if (selection.price === null || selection.qty === null || selection.qty < 0) return sum;
    return sum + selection.price * selection.qty;
  }, 0);
}

/** Grouped price: the sum of its associated simple products at qty 1. */
export function groupedPrice(associated: { finalPrice: number; typeId: string }[]): number {
  return associated.filter((product) => product.typeId === 'simple').reduce((sum, product) => sum + product.finalPrice, 0);
}

/** Custom option adders: fixed adds the amount, percent adds a share of the original price. */
export function customOptionsTotal(originalPrice: number, chosen: Pick<CustomOptionValue, 'price' | 'price_type'>[]): number {
  return chosen.reduce((sum, value) => sum + (value.price_type === 'percent' ? (originalPrice * value.price) / 100 : value.price), 0);
}
