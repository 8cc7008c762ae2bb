import type { Attribute, Category, ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { linkTo } from '@kaloryfer/contracts/routes';
import { categoryTrail, imageUrl, isChildSelectable, isListed, momentOf, shippingMethodsFor } from '@kaloryfer/domain';
import type { SeoContext } from '../seo-context';
import { GOOGLE_CATEGORIES, type GoogleCategory } from './google-categories';
import { plainText } from './plain-text';

/**
 * What both product feeds list, one offer at a time (docs/seo.md, "Product feeds"): every item a
 * shopper can buy on its own page, with the facts the product page and its JSON-LD show
 * (mfe-catalog/src/seo/catalog-head.ts) — prices, brand, GTIN, pictures, category path.
 *
 * - A simple product is one offer; a configurable one is an offer per variant a shopper can pick
 *   (enabled and in stock, isChildSelectable — its own SKU, title and variant URL
 *   `/p/{parent}/{slug}/{child}`; the parent itself is not sold). A variant out of stock has no
 *   page of its own: its URL shows the cheapest variant that can be bought (initialChild), so it
 *   is no offer until it is back in stock.
 * - A bundle is one offer at its computed price (Σ default parts × qty, pricing.ts).
 * - Grouped sets are not offers: the cart takes their items one line each
 *   (resolve-item.ts), so there is no set to buy at one price — their simple products are
 *   offers of their own.
 * - Virtual (installation services) and downloadable (PDF guides) products are not goods that
 *   are shipped and compared: neither feed takes them.
 * - Only what the shop lists (isListed: status 0/1, visibility 2/3/4 — stock aside) at a price
 *   above zero; a disabled variant (status 2+) is not an offer.
 *
 * Products are read as the catalogue holds them, one at a time: nothing is collected.
 */

type Sold = Product | ConfigurableChild;

/** A special price as a feed states it: its gross amount and the moments it runs between (ms, both inclusive; open when absent). */
export interface SalePrice {
  price: number;
  start?: number;
  end?: number;
}

export interface Identifiers {
  /** A valid EAN-13 (validGtin13). */
  gtin?: string;
  /** The manufacturer's part number (the `mpn` attribute), never the shop's SKU. */
  mpn?: string;
}

export interface FeedOffer extends Identifiers {
  kind: 'simple' | 'variant' | 'bundle';
  /** The SKU sold (a variant's own): the offer's id in both feeds. */
  sku: string;
  /** A variant's configurable parent SKU (Google's item_group_id). */
  groupSku?: string;
  title: string;
  /** Plain text, not clipped. */
  description: string;
  link: string;
  /** Absolute 1920-px picture URLs, the main one first, without repeats (as the product page's gallery). */
  images: string[];
  /** The manufacturer's label. */
  brand?: string;
  /** A bundle's identifiers for Google: its main product's (the default item of its first required option). */
  mainPart?: Identifiers;
  /** Category names from the top category down to the product's deepest one. */
  categoryPath: string[];
  googleCategory?: GoogleCategory;
  /** Gross PLN: the regular price, and the price the product page charges now. */
  regularPrice: number;
  finalPrice: number;
  /** A special price running or scheduled (below the regular price); absent otherwise. */
  sale?: SalePrice;
  inStock: boolean;
  /** The counted stock; null when the shop does not count the item (made to order, sets). */
  stockQty: number | null;
  /** Days until dispatch (the `delivery_time` attribute). */
  deliveryDays?: number;
  weightKg?: number;
  /** Delivery in Poland for one of it: the cheapest method the checkout offers it (salon pickup aside), as the page's JSON-LD states. */
  shipping?: { service: string; price: number };
  color?: string;
  size?: string;
}

const DAY_MS = 86_400_000;

/** A 13-digit EAN with a correct check digit, outside GS1's restricted (02, 04, 2) and coupon (05, 98, 99) ranges. */
export function validGtin13(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{13}$/.test(value) || /^(?:2|0[245]|9[89]|0{13})/.test(value)) return undefined;
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(value[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(value[12]) ? value : undefined;
}

const regularOf = (item: Sold) => item.original_price_incl_tax ?? item.price_incl_tax ?? item.final_price_incl_tax ?? 0;
const finalOf = (item: Sold) => item.final_price_incl_tax ?? regularOf(item);

/** The last moment of a special price: its `to` day counts whole (a UTC day), a moment as written (isWithinDates). */
const lastMoment = (to: string) => (to.length === 10 ? momentOf(to) + DAY_MS - 1 : momentOf(to));

/**
 * The item's special price while it runs or before it starts (never after it ended), when it
 * is below the regular price — the rule that prices the item (special-price.ts) — with its
 * dates read as the shop reads them (UTC days, or moments to the millisecond).
 */
export function saleOf(item: Sold, at: number): SalePrice | undefined {
  const special = item.special_price_incl_tax;
  if (special === null || special === undefined || special < 0 || !(special < regularOf(item))) return undefined;
  const start = item.special_from_date ? momentOf(item.special_from_date) : undefined;
  const end = item.special_to_date ? lastMoment(item.special_to_date) : undefined;
  if (Number.isNaN(start) || Number.isNaN(end)) return undefined;
  if (end !== undefined && (end < at || (start !== undefined && end < start))) return undefined;
  return { price: special, start, end };
}

type Lookup = SeoContext['catalog']['bySkuLookup'];

/** A bundle's parts as the price counts them: each option's default link, with its quantity. */
function defaultParts(bundle: Product, lookup: Lookup): { part: Sold; qty: number; required: boolean }[] {
  const parts: { part: Sold; qty: number; required: boolean }[] = [];
  for (const option of [...(bundle.bundle_options ?? [])].sort((a, b) => a.position - b.position)) {
    const link = option.product_links.find((candidate) => candidate.is_default);
    const entry = link && lookup(link.sku);
    if (entry) parts.push({ part: entry.child ?? entry.product, qty: link.qty, required: option.required });
  }
  return parts;
}

/**
 * A bundle's reduced price (its computed final price below its computed regular one) and when it
 * holds: from the latest start of its parts' running special prices to the earliest moment one
 * of them ends or another part's scheduled one starts — the price changes then. A bundle's
 * future price is not announced: the feed written after the change states it.
 */
function bundleSale(bundle: Product, parts: { part: Sold }[], at: number): SalePrice | undefined {
  const final = finalOf(bundle);
  if (!(final < regularOf(bundle))) return undefined;
  let start: number | undefined;
  let end: number | undefined;
  for (const { part } of parts) {
    const sale = saleOf(part, at);
    if (!sale) continue;
    if (sale.start !== undefined && sale.start > at) {
      end = Math.min(end ?? Infinity, sale.start - 1);
      continue;
    }
    if (sale.start !== undefined) start = Math.max(start ?? -Infinity, sale.start);
    if (sale.end !== undefined) end = Math.min(end ?? Infinity, sale.end);
  }
  if (end !== undefined && end < at) return undefined;
  return { price: final, start, end };
}

/** Option labels by attribute code and option value (the manufacturer's name, a colour's). */
function optionLabels(attributes: readonly Attribute[], code: string): Map<string, string> {
  return new Map((attributes.find((attribute) => attribute.attribute_code === code)?.options ?? []).map((option) => [option.value, option.label]));
}

interface Place {
  categoryPath: string[];
  googleCategory?: GoogleCategory;
}

/** Where products stand in the tree: the trail to their deepest active category (as the page's breadcrumbs), worked out once per category. */
class CategoryPlaces {
  private readonly byId: Map<number, Category>;
  private readonly places = new Map<number, Place>();
  private static readonly NOWHERE: Place = { categoryPath: [] };

  constructor(private readonly all: readonly Category[]) {
    this.byId = new Map(all.map((category) => [category.id, category]));
  }

  of(product: Product): Place {
    let deepest: Category | undefined;
    for (const id of product.category_ids) {
      const category = this.byId.get(id);
      if (category && category.is_active && category.level >= 2 && (!deepest || category.level > deepest.level)) deepest = category;
    }
    if (!deepest) return CategoryPlaces.NOWHERE;
    let place = this.places.get(deepest.id);
    if (!place) {
      const trail = categoryTrail(this.all, deepest);
      const mapped = [...trail].reverse().find((category) => GOOGLE_CATEGORIES[category.slug]);
      place = { categoryPath: trail.map((category) => category.name), googleCategory: mapped && GOOGLE_CATEGORIES[mapped.slug] };
      this.places.set(deepest.id, place);
    }
    return place;
  }
}

/** Salon pickup is no delivery (the page's JSON-LD leaves it out too). */
const PICKUP_CARRIER = 'flatratefive';

/** What the checkout charges to deliver one of the item (shared/domain's shipping, as the cart line of it: its weight, its own size). */
function shippingOf(item: Sold, weightKg: number | undefined, price: number): FeedOffer['shipping'] {
  const methods = shippingMethodsFor({
    items: [{ qty: 1, weight: weightKg, width: item.width, height: item.height, depth: item.depth, isVirtual: false }],
    subtotalAfterDiscount: price,
    freeShippingCoupon: false,
  });
  let cheapest: FeedOffer['shipping'];
  for (const method of methods) {
    if (method.available && method.carrier_code !== PICKUP_CARRIER && (!cheapest || method.price_incl_tax < cheapest.price)) {
      cheapest = { service: method.carrier_title, price: method.price_incl_tax };
    }
  }
  return cheapest;
}

const SOLD_TYPES = new Set<Product['type_id']>(['simple', 'configurable', 'bundle']);
const identifiersOf = (item: Sold): Identifiers => ({ gtin: validGtin13(item.gtin), mpn: item.mpn || undefined });
const kilograms = (weight: number | undefined) => (typeof weight === 'number' && weight > 0 ? weight : undefined);

/** Every offer of the catalogue, in its order (products by id, a configurable's variants in theirs). */
export function* feedOffers(context: SeoContext): Generator<FeedOffer> {
  const { catalog } = context;
  const at = context.now.getTime();
  const origin = context.origin.replace(/\/+$/, '');
  const manufacturers = optionLabels(catalog.attributes, 'manufacturer');
  const colours = optionLabels(catalog.attributes, 'color');
  const places = new CategoryPlaces(catalog.categories);
  const lookup: Lookup = (sku) => catalog.bySkuLookup(sku);
  const picture = (path: string) => origin + imageUrl(path, 1920);
  /** The page's gallery: the item's picture (a variant's own, else the product's), then the product's gallery; worked out once a product. */
  const gallery = (product: Product) => {
    const paths = [...new Set(product.media_gallery.map((media) => media.image).filter(Boolean))];
    const urls = paths.map(picture);
    return (main: string | undefined): string[] => {
      const first = main || product.image;
      return first ? [picture(first), ...urls.filter((_, index) => paths[index] !== first)] : urls;
    };
  };

  for (const product of catalog.products) {
    if (!SOLD_TYPES.has(product.type_id) || !isListed(product, true)) continue;
    const place = places.of(product);
    const manufacturer = product.manufacturer === undefined ? undefined : manufacturers.get(String(product.manufacturer));
    const description = plainText(product.description || product.short_description || product.name);
    const common = { description, brand: manufacturer, ...place };
    const pictures = gallery(product);

    if (product.type_id === 'configurable') {
      for (const child of product.configurable_children ?? []) {
        if (!isChildSelectable(child, false) || !(finalOf(child) > 0)) continue;
        const weightKg = kilograms(child.weight ?? product.weight);
        yield {
          kind: 'variant',
          sku: child.sku,
          groupSku: product.sku,
          title: child.name || product.name,
          link: origin + linkTo({ name: 'product', parentSku: product.sku, slug: product.slug, childSku: child.sku }),
          images: pictures(child.image),
          ...common,
          ...identifiersOf(child),
          regularPrice: regularOf(child),
          finalPrice: finalOf(child),
          sale: saleOf(child, at),
          inStock: child.stock.is_in_stock,
          stockQty: child.stock.manage_stock ? child.stock.qty : null,
          deliveryDays: child.delivery_time ?? product.delivery_time,
          weightKg,
          shipping: shippingOf(child, weightKg, finalOf(child)),
          color: child.color === undefined ? undefined : colours.get(String(child.color)),
          size: child.size || undefined,
        };
      }
      continue;
    }
    if (!(finalOf(product) > 0)) continue;
    const offer: FeedOffer = {
      kind: 'simple',
      sku: product.sku,
      title: product.name,
      link: origin + linkTo({ name: 'product', parentSku: product.sku, slug: product.slug }),
      images: pictures(product.image),
      ...common,
      ...identifiersOf(product),
      regularPrice: regularOf(product),
      finalPrice: finalOf(product),
      sale: saleOf(product, at),
      inStock: product.stock.is_in_stock,
      stockQty: product.stock.manage_stock ? product.stock.qty : null,
      deliveryDays: product.delivery_time,
      weightKg: kilograms(product.weight),
    };
    if (product.type_id === 'bundle') {
      const parts = defaultParts(product, lookup);
      const main = parts.find((part) => part.required) ?? parts[0];
      const weights = parts.map(({ part, qty }) => (kilograms(part.weight) ?? NaN) * qty);
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      offer.kind = 'bundle';
      offer.sale = bundleSale(product, parts, at);
      offer.mainPart = main ? identifiersOf(main.part) : {};
      offer.weightKg = offer.weightKg ?? (parts.length > 0 && Number.isFinite(total) ? Math.round(total * 1000) / 1000 : undefined);
    }
    offer.shipping = shippingOf(product, offer.weightKg, offer.finalPrice);
    yield offer;
  }
}
