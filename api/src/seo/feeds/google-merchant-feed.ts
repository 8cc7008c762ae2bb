import type { SeoContext, XmlChunks } from '../seo-context';
import { feedOffers, type FeedOffer, type SalePrice } from './feed-offers';
import { clip } from './plain-text';
import { chunked, element, remembering, xmlText } from '../xml-text';

/**
 * The Google Merchant Center product feed (RSS 2.0, `g:` namespace, Google's product data
 * specification; docs/seo.md, "Product feeds"): one `<item>` per offer (feed-offers.ts), with
 * the prices, brand, GTIN and pictures the product page's JSON-LD states.
 *
 * - `g:price` is the regular gross price; `g:sale_price` the special price while it runs or
 *   before it starts, with `g:sale_price_effective_date` from its dates (UTC days or moments, to
 *   the minute: its start rounded up, its end down, so Google never shows a sale price the shop
 *   does not charge). During the sale Google's price is the page's `final_price_incl_tax`.
 * - `g:availability` in_stock / out_of_stock from the stock (made-to-order items are in stock,
 *   their dispatch days in `g:max_handling_time`); the shop takes no backorders.
 * - `g:shipping` to PL: the cheapest delivery the checkout offers one of the item (free courier
 *   from 5,000 zł), as the page's JSON-LD states it.
 * - `g:gtin` only a valid EAN-13; `g:mpn` the manufacturer's code; `g:identifier_exists` no when
 *   there is neither a GTIN nor brand + MPN. A bundle (`g:is_bundle`) names its main product's
 *   identifiers, as Google asks of merchant-made bundles.
 */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
const ADDITIONAL_IMAGES_MAX = 10;
/** A scheduled special price without an end: Google needs one, the shop charges it until changed. */
const OPEN_END_MS = 365 * 86_400_000;
const MINUTE_MS = 60_000;

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
  // The shop's name and tagline (shared/i18n's common `shop.name`, `shop.tagline`).
  '<title>Kaloryfer</title>\n<description>Grzejniki dekoracyjne, łazienkowe i pokojowe</description>\n';
const TAIL = '</channel>\n</rss>\n';

const money = (amount: number) => `${amount.toFixed(2)} PLN`;
/** `2026-12-02T09:30Z`: Google's format (minutes, a zone). */
const minute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16)}Z`;

/**
 * The sale price's interval, or null when it needs none (a running sale without an end applies
 * until the feed says otherwise) — or undefined when no whole minute of it is left.
 */
export function effectiveDate(sale: SalePrice, at: number): string | null | undefined {
  if (sale.end === undefined && (sale.start === undefined || sale.start <= at)) return null;
  const start = Math.ceil((sale.start ?? at) / MINUTE_MS) * MINUTE_MS;
  const end = Math.floor((sale.end ?? start + OPEN_END_MS) / MINUTE_MS) * MINUTE_MS;
  return end > start ? `${minute(start)}/${minute(end)}` : undefined;
}

function salePrice(offer: FeedOffer, at: number): string {
  if (!offer.sale) return '';
  const interval = effectiveDate(offer.sale, at);
  if (interval === undefined) return '';
  return element('g:sale_price', money(offer.sale.price)) + (interval ? element('g:sale_price_effective_date', interval) : '');
}

function identifiers(offer: FeedOffer): string {
  const { gtin, mpn } = offer.kind === 'bundle' ? (offer.mainPart ?? {}) : offer;
  const exists = gtin !== undefined || (offer.brand !== undefined && mpn !== undefined);
  return element('g:gtin', gtin) + element('g:mpn', mpn) + element('g:identifier_exists', exists ? 'yes' : 'no');
}

function item(offer: FeedOffer, at: number, description: (text: string) => string, productType: (path: string[]) => string): string {
  const [image, ...more] = offer.images;
  return (
    '<item>' +
    element('g:id', offer.sku) +
    element('title', clip(offer.title, TITLE_MAX)) +
    description(offer.description || offer.title) +
    element('link', offer.link) +
    element('g:image_link', image) +
    more
      .slice(0, ADDITIONAL_IMAGES_MAX)
      .map((url) => element('g:additional_image_link', url))
      .join('') +
    element('g:availability', offer.inStock ? 'in_stock' : 'out_of_stock') +
    element('g:price', money(offer.regularPrice)) +
    salePrice(offer, at) +
    element('g:brand', offer.brand) +
    identifiers(offer) +
    element('g:condition', 'new') +
    element('g:google_product_category', offer.googleCategory?.id) +
    productType(offer.categoryPath) +
    element('g:item_group_id', offer.groupSku) +
    element('g:color', offer.color) +
    element('g:size', offer.size) +
    (offer.kind === 'bundle' ? element('g:is_bundle', 'yes') : '') +
    (offer.shipping
      ? `<g:shipping>${element('g:country', 'PL')}${element('g:service', offer.shipping.service)}${element('g:price', money(offer.shipping.price))}</g:shipping>`
      : '') +
    element('g:shipping_weight', offer.weightKg === undefined ? undefined : `${offer.weightKg} kg`) +
    element('g:max_handling_time', offer.inStock && offer.deliveryDays !== undefined && offer.deliveryDays >= 0 ? offer.deliveryDays : undefined) +
    '</item>\n'
  );
}

function* items(context: SeoContext): Generator<string> {
  const at = context.now.getTime();
  const description = remembering((text: string) => element('description', clip(text, DESCRIPTION_MAX)));
  const productType = remembering((path: string[]) => element('g:product_type', path.join(' > ')));
  // Google needs a picture of every item: one without any is left out rather than disapproved.
  for (const offer of feedOffers(context)) if (offer.images.length > 0) yield item(offer, at, description, productType);
}

/** The Google Merchant Center product feed (RSS 2.0, `g:` namespace), in chunks of ~24K characters (xml-text.ts, `chunked`). */
export function* googleMerchantFeed(context: SeoContext): XmlChunks {
  const head = `${HEAD}<link>${xmlText(`${context.origin.replace(/\/+$/, '')}/`)}</link>\n`;
  yield* chunked(head, items(context), TAIL);
}
