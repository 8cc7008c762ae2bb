import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import type { SpecMessage } from '@kaloryfer/i18n/spec-messages';
import type { Catalog } from '../../catalog';
import type { PricedLine, ProductOption } from '../priced-line';
import { EMPTY_PRODUCT } from '../../catalog';

/** The spec's messages, quoted exactly (checked against the i18n keys at compile time). */
export const MESSAGES = {
  empty: EMPTY_PRODUCT,
  outOfStock: 'The product is out of stock and cannot be added to the cart!',
  priceUnknown: 'Product price is unknown, product cannot be added to the cart!',
  noConfiguration: 'No such configuration for the product, choose another combination',
} as const satisfies Record<string, SpecMessage>;

/** Why a line cannot be priced: the answer's status and the spec's text. */
export interface LineFailure {
  ok: false;
  status: number;
  message: string;
}

/** What a step of pricing a line gives: its result, or the first problem (priceLine stops there). */
export type Step<T> = ({ ok: true } & T) | LineFailure;

export const fail = (status: number, message: string): LineFailure => ({ ok: false, status, message });

/** All a step needs of the catalogue: a product or variant by its sku (tests hand a Map's). */
export type SkuLookup = Pick<Catalog, 'bySkuLookup'>;

export type Extension = NonNullable<ProductOption['extension_attributes']>;
export type ConfigurableChoice = NonNullable<Extension['configurable_item_options']>[number];
export type AskedBundleOption = NonNullable<Extension['bundle_options']>[number];
export type AskedCustomOption = NonNullable<Extension['custom_options']>[number];
export type Labels = PricedLine['labels'];
export type StockTaken = PricedLine['stock'];

/** The product a line sells and, for a configurable, its variant; `source` is the one with the price, stock and sizes. */
export interface Item {
  product: Product;
  child: ConfigurableChild | null;
  source: Product;
}

/** What the line's SKUs cost a unit (before custom options), take from stock and weigh; a bundle's are its selections'. */
export interface PricedSkus {
  unit: number;
  stock: StockTaken;
  weight: number;
  labels: Labels;
  /** The chosen bundle selections, normalised (empty for anything but a bundle). */
  bundleOptions: AskedBundleOption[];
}
