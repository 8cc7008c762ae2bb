import type { SeoContext, XmlChunks } from '../seo-context';
import { feedOffers, type FeedOffer } from './feed-offers';
import { cdata, chunked, remembering, xmlAttribute } from '../xml-text';

/**
 * Ceneo's offer feed (`<offers version="1">`, Ceneo's XML format; docs/seo.md, "Product
 * feeds"): the offers of feed-offers.ts a shopper can order now, in Ceneo's general group
 * `other` (its special groups are books, music, films, games, medicines, grocery, clothes,
 * tyres and the like — radiators are none of them).
 *
 * - `price`: the gross price the product page charges now (`final_price_incl_tax`).
 * - `avail`: when the shop dispatches it (`delivery_time`, days): 1 within a day, 3 up to three
 *   days, 7 up to a week, 14 longer; 99 ("check in the shop") when the product says nothing.
 * - Out-of-stock offers are left out: the shop does not sell them (no backorders, the cart
 *   refuses them) and Ceneo bills every click; Ceneo asks for unavailable offers to be removed.
 * - `stock` the counted quantity (left out for made-to-order items and sets, which are not
 *   counted: a 0 there would read as unavailable); `set` 1 for a bundle; `basket` 0 — "Kup na
 *   Ceneo" needs Ceneo's order integration, which the shop does not have.
 * - `attrs`: Producent (the manufacturer), Kod_producenta (the maker's part number) and EAN (a
 *   valid EAN-13, a bundle's own: Ceneo compares a set as a set).
 */
const ADDITIONAL_IMAGES_MAX = 10;

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<offers xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1">\n<group name="other">\n';
const TAIL = '</group>\n</offers>\n';

export type CeneoAvail = 1 | 3 | 7 | 14 | 99;

/** Ceneo's availability code of an in-stock offer from its days until dispatch. */
export function ceneoAvail(deliveryDays: number | undefined): CeneoAvail {
  if (deliveryDays === undefined || !Number.isFinite(deliveryDays) || deliveryDays < 0) return 99;
  if (deliveryDays <= 1) return 1;
  if (deliveryDays <= 3) return 3;
  if (deliveryDays <= 7) return 7;
  return 14;
}

const attribute = (name: string, value: string | number | undefined) => (value === undefined ? '' : ` ${name}="${xmlAttribute(String(value))}"`);
const param = (name: string, value: string | undefined) => (value ? `<a name="${name}">${cdata(value)}</a>` : '');

function imagesXml([main, ...more]: string[]): string {
  if (!main) return '';
  const others = more
    .slice(0, ADDITIONAL_IMAGES_MAX)
    .map((url) => `<i url="${xmlAttribute(url)}"/>`)
    .join('');
  return `<imgs><main url="${xmlAttribute(main)}"/>${others}</imgs>`;
}

interface SharedTexts {
  category: (path: string[]) => string;
  description: (text: string) => string;
}

function offerXml(offer: FeedOffer, shared: SharedTexts): string {
  return (
    '<o' +
    attribute('id', offer.sku) +
    attribute('url', offer.link) +
    attribute('price', offer.finalPrice.toFixed(2)) +
    attribute('avail', ceneoAvail(offer.deliveryDays)) +
    // Only in-stock offers are listed: a count of 0 (the stock row lagging behind) would contradict that.
    attribute('stock', offer.stockQty ? offer.stockQty : undefined) +
    attribute('weight', offer.weightKg) +
    attribute('set', offer.kind === 'bundle' ? 1 : 0) +
    attribute('basket', 0) +
    '>' +
    shared.category(offer.categoryPath) +
    `<name>${cdata(offer.title)}</name>` +
    imagesXml(offer.images) +
    shared.description(offer.description) +
    `<attrs>${param('Producent', offer.brand)}${param('Kod_producenta', offer.mpn)}${param('EAN', offer.gtin)}</attrs>` +
    '</o>\n'
  );
}

function* offers(context: SeoContext): Generator<string> {
  const shared: SharedTexts = {
    // Ceneo's path separator is "/": a name's own slash becomes a dash.
    category: remembering((path: string[]) => (path.length > 0 ? `<cat>${cdata(path.map((name) => name.replaceAll('/', '-')).join('/'))}</cat>` : '')),
    description: remembering((text: string) => `<desc>${cdata(text)}</desc>`),
  };
  for (const offer of feedOffers(context)) if (offer.inStock) yield offerXml(offer, shared);
}

/** Ceneo's offer feed, in chunks of ~24K characters (xml-text.ts, `chunked`). */
export function* ceneoFeed(context: SeoContext): XmlChunks {
  yield* chunked(HEAD, offers(context), TAIL);
}
