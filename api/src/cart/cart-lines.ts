import {
  ALL_GROUPS, bundleSelectionTotal, checkQuantity, customOptionsTotal, isViewable, lineIdentity, quantityMessage, round2, tierUnitPrice,
  type ConfigurableChild, type Product, type ShippingItem, type StockInfo,
} from '@kaloryfer/domain';
import type { SpecMessage } from '@kaloryfer/i18n/src/spec-messages';
import type { Catalog } from '../catalog/catalog';
import { EMPTY_PRODUCT } from '../routes/catalog/product-routes';

/** The product_option of the VSF cart contract (what the shopper chose). */
export interface ProductOption {
  extension_attributes?: {
    configurable_item_options?: { option_id: string | number; option_value: string | number }[];
    bundle_options?: { option_id: number; option_qty?: number; option_selections: number[] }[];
    custom_options?: { option_id: string | number; option_value: string }[];
  };
}

export interface LineRequest {
  sku: string;
  qty: number;
  product_option?: ProductOption | null;
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

export type LineResult = { ok: true; line: PricedLine } | { ok: false; status: number; message: string };

/** The spec's messages, quoted exactly (checked against the i18n keys at compile time). */
export const MESSAGES = {
  empty: EMPTY_PRODUCT,
  outOfStock: 'The product is out of stock and cannot be added to the cart!',
  priceUnknown: 'Product price is unknown, product cannot be added to the cart!',
  noConfiguration: 'No such configuration for the product, choose another combination',
} as const satisfies Record<string, SpecMessage>;

const fail = (status: number, message: string): LineResult => ({ ok: false, status, message });

/**
 * The shop's one quantity rule (shared/domain) for a request's quantity, as the answer's text.
 * A request's quantity is a JSON number: "3" as text is refused, not read as a number.
 */
export function quantityProblem(qty: unknown): string | null {
  const checked = checkQuantity(typeof qty === 'number' ? qty : Number.NaN);
  return checked.ok ? null : quantityMessage(checked);
}

/** Stock rules of spec §4/§5 for `qty` units of one SKU: in stock, then the one quantity rule (volatile stock is a pre-reservation). */
function stockProblem(info: StockInfo, qty: number): string | null {
  if (!info.is_in_stock) return MESSAGES.outOfStock;
  const checked = checkQuantity(qty, info);
  return checked.ok ? null : quantityMessage(checked);
}

function childByOptions(product: Product, options: { option_id: string | number; option_value: string | number }[]): ConfigurableChild | undefined {
  const codes = new Map((product.configurable_options ?? []).map((option) => [String(option.attribute_id), option.attribute_code]));
  if (options.length !== codes.size) return undefined;
  return (product.configurable_children ?? []).find((child) => options.every((option) => {
    const code = codes.get(String(option.option_id));
    return code !== undefined && String((child as unknown as Record<string, unknown>)[code]) === String(option.option_value);
  }));
}

function tiersFor(product: Product, groupId: number) {
  return product.tier_prices
    .filter((tier) => tier.customer_group_id === ALL_GROUPS || tier.customer_group_id === groupId)
    .map((tier) => ({ qty: tier.qty, percent: tier.percentage_value }));
}

/**
 * Resolves what a client asks to put in a cart into a line priced by the server: the product
 * (a configurable's variant by its own sku or by its option values), the chosen bundle
 * selections and custom options checked against the catalogue, the stock of every SKU it
 * takes, and the gross unit price for the quantity. Anything the client says about prices is
 * never read. Failures carry the spec's messages.
 */
export function priceLine(catalog: Catalog, request: LineRequest, groupId = 0): LineResult {
  const qtyProblem = quantityProblem(request.qty);
  if (qtyProblem) return fail(400, qtyProblem);
  const qty = request.qty;
  const entry = catalog.bySkuLookup(request.sku);
  if (!entry || !isViewable(entry.product)) return fail(404, MESSAGES.empty);
  const product = entry.product;
  const extension = request.product_option?.extension_attributes ?? {};

  if (product.type_id === 'grouped') return fail(400, 'A grouped product goes into the cart as its items, one line each');

  let child = entry.child;
  if (product.type_id === 'configurable' && !child) {
    const options = extension.configurable_item_options ?? [];
    child = options.length > 0 ? childByOptions(product, options) ?? null : null;
    if (!child) return fail(400, MESSAGES.noConfiguration);
  }
  if (child && child.status >= 2) return fail(400, MESSAGES.noConfiguration);
  const source = (child ?? product) as Product;
  const labels: PricedLine['labels'] = [];
  if (child) {
    for (const option of product.configurable_options ?? []) {
      const value = option.values.find((candidate) => String(candidate.value_index) === String((child as unknown as Record<string, unknown>)[option.attribute_code]));
      if (value) labels.push({ label: option.label, value: value.label });
    }
  }

  // Bundle: the chosen selections (or the defaults), each with its qty; its price is theirs.
  const stock: PricedLine['stock'] = [];
  let unit: number;
  let normalisedBundle: NonNullable<ProductOption['extension_attributes']>['bundle_options'];
  let weight = source.weight ?? 0;
  if (product.type_id === 'bundle') {
    const chosen = new Map((extension.bundle_options ?? []).map((option) => [option.option_id, option]));
    for (const id of chosen.keys()) {
      if (!(product.bundle_options ?? []).some((option) => option.option_id === id)) return fail(400, `Unknown bundle option ${id}`);
    }
    const selections: { price: number | null; qty: number | null }[] = [];
    normalisedBundle = [];
    weight = 0;
    for (const option of product.bundle_options ?? []) {
      const asked = chosen.get(option.option_id);
      const links = asked
        ? asked.option_selections.map((id) => option.product_links.find((link) => link.id === id))
        : option.product_links.filter((link) => link.is_default);
      if (links.some((link) => link === undefined)) return fail(400, `Unknown selection in bundle option "${option.title}"`);
      if (option.type !== 'checkbox' && links.length > 1) return fail(400, `Bundle option "${option.title}" takes one product`);
      if (option.required && links.length === 0) return fail(400, `Choose a product for "${option.title}"`);
      const chosenLinks = links as NonNullable<(typeof links)[number]>[];
      // A link's qty is the shopper's only where the link allows it, else the link's own.
      const qtyOf = (link: (typeof chosenLinks)[number]) => (link.can_change_quantity === 1 && asked?.option_qty !== undefined ? asked.option_qty : link.qty);
      for (const link of chosenLinks) {
        const linkQty = qtyOf(link);
        if (!Number.isInteger(linkQty) || linkQty < 1 || linkQty > 99) return fail(400, `Quantity of "${option.title}" must be a whole number from 1 to 99`);
        const member = catalog.bySkuLookup(link.sku);
        const memberSource = (member?.child ?? member?.product) as Product | undefined;
        if (!memberSource) return fail(400, `Bundle option "${option.title}" is not available`);
        selections.push({ price: memberSource.final_price_incl_tax ?? null, qty: linkQty });
        stock.push({ sku: link.sku, qty: linkQty * qty, info: memberSource.stock });
        weight += (memberSource.weight ?? 0) * linkQty;
        labels.push({ label: option.title, value: linkQty > 1 ? `${memberSource.name} × ${linkQty}` : memberSource.name });
      }
      if (chosenLinks.length > 0) {
        normalisedBundle.push({ option_id: option.option_id, option_qty: qtyOf(chosenLinks[0]), option_selections: chosenLinks.map((link) => link.id).sort((a, b) => a - b) });
      }
    }
    unit = bundleSelectionTotal(selections);
  } else {
    unit = tierUnitPrice(source.final_price_incl_tax ?? -1, tiersFor(product, groupId), qty);
    stock.push({ sku: source.sku, qty, info: source.stock });
  }

  // Custom options: known ids and values, required ones present, text within its length.
  const asked = new Map((extension.custom_options ?? []).map((option) => [String(option.option_id), String(option.option_value)]));
  const customOptions = product.custom_options ?? [];
  for (const id of asked.keys()) {
    if (!customOptions.some((option) => String(option.option_id) === id)) return fail(400, `Unknown custom option ${id}`);
  }
  const normalisedCustom: { option_id: string; option_value: string }[] = [];
  const adders = [];
  for (const option of [...customOptions].sort((a, b) => a.option_id - b.option_id)) {
    const value = asked.get(String(option.option_id))?.trim() ?? '';
    if (value === '') {
      if (option.is_require) return fail(400, `Choose "${option.title}"`);
      continue;
    }
    if (option.type === 'field') {
      if (option.max_characters && value.length > option.max_characters) return fail(400, `"${option.title}" takes at most ${option.max_characters} characters`);
      adders.push(...option.values.slice(0, 1));
      labels.push({ label: option.title, value });
      normalisedCustom.push({ option_id: String(option.option_id), option_value: value });
      continue;
    }
    const ids = [...new Set(value.split(',').map((id) => Number(id)))].sort((a, b) => a - b);
    const values = ids.map((id) => option.values.find((candidate) => candidate.option_type_id === id));
    if (values.some((candidate) => candidate === undefined)) return fail(400, `Unknown value of "${option.title}"`);
    if (option.type !== 'checkbox' && values.length > 1) return fail(400, `"${option.title}" takes one value`);
    adders.push(...(values as NonNullable<(typeof values)[number]>[]));
    labels.push({ label: option.title, value: values.map((candidate) => candidate!.title).join(', ') });
    normalisedCustom.push({ option_id: String(option.option_id), option_value: ids.join(',') });
  }
  if (adders.length > 0) unit += customOptionsTotal(source.original_price_incl_tax ?? source.final_price_incl_tax ?? 0, adders);
  unit = round2(unit);
  if (!(unit >= 0)) return fail(400, MESSAGES.priceUnknown);

  for (const taken of stock) {
    const problem = stockProblem(taken.info, taken.qty);
    if (problem) return fail(400, problem);
  }

  const extensionOut = {
    ...(child ? { configurable_item_options: (product.configurable_options ?? []).map((option) => ({ option_id: String(option.attribute_id), option_value: String((child as unknown as Record<string, unknown>)[option.attribute_code]) })) } : {}),
    ...(normalisedBundle && normalisedBundle.length > 0 ? { bundle_options: normalisedBundle } : {}),
    ...(normalisedCustom.length > 0 ? { custom_options: normalisedCustom } : {}),
  };
  const productOption = Object.keys(extensionOut).length > 0 ? { extension_attributes: extensionOut } : null;
  const sku = source.sku;
  return {
    ok: true,
    line: {
      sku, parentSku: child ? product.sku : null, name: product.name, slug: product.slug, type_id: product.type_id, qty, unitPrice: unit,
      rowTotal: round2(unit * qty), image: source.image || product.image, productOption,
      // The shop's one line identity (shared/domain): configurables by sku, bundles and custom options by their options too.
      checksum: lineIdentity(sku, extensionOut),
      stock,
      shipping: {
        qty, weight: weight || undefined, width: source.width, height: source.height, depth: source.depth,
        isVirtual: product.type_id === 'virtual' || product.type_id === 'downloadable',
      },
      labels,
    },
  };
}
