import type { StockInfo } from '@kaloryfer/api-contract';
import type { ShippingItem } from '@kaloryfer/domain';

/**
 * A cart line's shapes: the options a shopper chose and the line the server prices from them.
 * The pricing steps (line-steps/) build them and cart-lines.ts runs the steps, so they live in
 * neither: the steps never import the module that imports them.
 */

/** The product_option of the VSF cart contract (what the shopper chose). */
export interface ProductOption {
  extension_attributes?: {
    configurable_item_options?: { option_id: string | number; option_value: string | number }[];
    bundle_options?: { option_id: number; option_qty?: number; option_selections: number[] }[];
    custom_options?: { option_id: string | number; option_value: string }[];
  };
}

/** A cart line priced by the server from the catalogue of today. */
export interface PricedLine {
  sku: string;
  parentSku: string | null;
  name: string;
  /** The product's slug, for the microcart's link back to its page. */
  slug: string;
  type_id: string;
  qty: number;
  /** Gross unit price for this qty (tier prices, option adders, bundle selections). */
  unitPrice: number;
  rowTotal: number;
  image: string;
  /** The options, normalised (sorted, only what applies): what is stored and compared. */
  productOption: ProductOption | null;
  checksum: string;
  /** Units of each stock-keeping SKU this line takes (a bundle takes several). */
  stock: { sku: string; qty: number; info: StockInfo }[];
  shipping: ShippingItem;
  /** Option labels for the microcart ("Kolor: Biały", "Zawory: …"). */
  labels: { label: string; value: string }[];
}
