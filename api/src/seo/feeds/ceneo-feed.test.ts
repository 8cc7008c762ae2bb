import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { ceneoAvail, ceneoFeed } from './ceneo-feed';
import { validGtin13 } from './feed-offers';
import { googleMerchantFeed } from './google-merchant-feed';
import { FEED_ORIGIN, feedContext, feedText, pricedProducts, seedProducts } from './testing/feed-catalog';
import { fixtureMaker, parseFeed } from './testing/feed-fixtures';

interface Offer {
  '@id': string;
  '@url': string;
  '@price': string;
  '@avail': string;
  '@stock'?: string;
  '@weight'?: string;
  '@set': string;
  '@basket': string;
  cat?: string;
  name: string;
  imgs?: { main: { '@url': string }; i?: { '@url': string }[] };
  desc: string;
  attrs: { a?: { '@name': string; '#text': string }[] };
}

const sources = seedProducts(200);
const fixture = fixtureMaker(sources);
const unmanaged = { is_in_stock: true, qty: 0, manage_stock: false, is_volatile: false, min_sale_qty: 1, max_sale_qty: 20 };
const FIXTURES: Product[] = [
  fixture('C-1', { delivery_time: 1 }),
  fixture('C-2', { delivery_time: 2 }),
  fixture('C-3', { delivery_time: 3 }),
  fixture('C-5', { delivery_time: 5 }),
  fixture('C-7', { delivery_time: 7 }),
  fixture('C-21', { delivery_time: 21, stock: unmanaged }),
  fixture('C-NONE', { delivery_time: undefined }),
  fixture('C-OUT', { stock: { is_in_stock: false, qty: 0, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 0 } }),
  fixture('C-HIDDEN', { visibility: 1 }),
  fixture('C-SALE', { special_price: 149.99, special_from_date: '2026-11-20T09:30:00.000Z', special_to_date: '2026-11-30' }),
  fixture('C-LATER', { special_price: 149.99, special_from_date: '2026-12-02', special_to_date: '2026-12-30' }),
  fixture('C-"Q"&<X>', { name: 'Wieszak "Reling" & <Duży> ]]> chrom', description: 'Wieszak ]]> do grzejnika\u0007.' }),
];
const products = pricedProducts([...sources, ...FIXTURES]);
const context = feedContext(products);
const xml = feedText(ceneoFeed(context));
const root = parseFeed(xml).offers as { '@version': string; group: { '@name': string; o: Offer[] } };
const offers = root.group.o;
const byId = new Map(offers.map((offer) => [offer['@id'], offer]));
const sold = (sku: string): Product | ConfigurableChild => {
  const entry = context.catalog.bySkuLookup(sku)!;
  return entry.child ?? entry.product;
};
const attr = (offer: Offer, name: string) => offer.attrs.a?.find((a) => a['@name'] === name)?.['#text'];

describe('Ceneo feed', () => {
  test('is well-formed: offers (version 1) / group "other" / o', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<offers xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1">')).toBe(true);
    expect(root['@version']).toBe('1');
    expect(root.group['@name']).toBe('other');
    expect(offers.length).toBeGreaterThan(200);
  });

  test('every offer has id, url, price, avail, category, name, main picture, description and its producer and EAN', () => {
    for (const offer of offers) {
      const item = sold(offer['@id']);
      expect(offer['@url']).toMatch(new RegExp(`^${FEED_ORIGIN}/p/`));
      expect(offer['@price']).toMatch(/^\d+\.\d{2}$/);
      expect(['1', '3', '7', '14', '99']).toContain(offer['@avail']);
      expect(offer['@basket']).toBe('0');
      expect(offer.cat).toMatch(/^[^/]+(\/[^/]+)*$/);
      expect(offer.name.length).toBeGreaterThan(0);
      expect(offer.imgs!.main['@url']).toMatch(new RegExp(`^${FEED_ORIGIN}/img/1920/1920/resize/`));
      expect(offer.desc.length).toBeGreaterThan(0);
      expect(attr(offer, 'Producent')).toBeTruthy();
      expect(attr(offer, 'EAN')).toBe(validGtin13(item.gtin));
    }
    expect(offers.filter((offer) => attr(offer, 'EAN')).length).toBeGreaterThan(offers.length * 0.9);
  });

  test('the price is what a shopper pays now: the product page’s final gross price', () => {
    let reduced = 0;
    for (const offer of offers) {
      const item = sold(offer['@id']);
      expect(offer['@price']).toBe(item.final_price_incl_tax!.toFixed(2));
      if (item.final_price_incl_tax! < item.original_price_incl_tax!) reduced += 1;
    }
    expect(reduced).toBeGreaterThan(10);
    expect(byId.get('C-SALE')!['@price']).toBe('149.99');
    expect(byId.get('C-LATER')!['@price']).toBe('200.00');
  });

  test('offers are the in-stock ones of the Google feed: out-of-stock, hidden, services, guides and grouped sets are left out', () => {
    const google = parseFeed(feedText(googleMerchantFeed(context))).rss as { channel: { item: Record<string, string>[] } };
    const inStock = google.channel.item.filter((item) => item['g:availability'] === 'in_stock').map((item) => item['g:id']);
    expect([...byId.keys()].sort()).toEqual(inStock.sort());
    for (const sku of ['C-OUT', 'C-HIDDEN']) expect(byId.has(sku)).toBe(false);
    for (const product of products.filter((candidate) => ['virtual', 'downloadable', 'grouped', 'configurable'].includes(candidate.type_id))) {
      expect(byId.has(product.sku)).toBe(false);
    }
  });

  test.each([
    ['C-1', '1'],
    ['C-2', '3'],
    ['C-3', '3'],
    ['C-5', '7'],
    ['C-7', '7'],
    ['C-21', '14'],
    ['C-NONE', '99'],
  ])('%s: avail %s from its delivery time', (sku, avail) => {
    expect(byId.get(sku)!['@avail']).toBe(avail);
  });

  test('stock is the counted quantity; an uncounted (made-to-order) item has none', () => {
    expect(byId.get('C-1')!['@stock']).toBe(String(sold('C-1').stock.qty));
    expect(byId.get('C-21')!['@stock']).toBeUndefined();
  });

  test('bundles are sets; variants are offers of their own with their variant URL', () => {
    const bundle = products.find((product) => product.type_id === 'bundle' && byId.has(product.sku))!;
    expect(byId.get(bundle.sku)!['@set']).toBe('1');
    const parent = products.find((product) => product.type_id === 'configurable' && product.configurable_children!.some((child) => byId.has(child.sku)))!;
    const child = parent.configurable_children!.find((candidate) => byId.has(candidate.sku))!;
    const offer = byId.get(child.sku)!;
    expect(offer['@url']).toBe(`${FEED_ORIGIN}/p/${parent.sku}/${parent.slug}/${child.sku}`);
    expect(offer['@set']).toBe('0');
    expect(offer.name).toBe(child.name);
    expect(attr(offer, 'Kod_producenta')).toBe(child.mpn);
    expect(offer['@weight']).toBe(String(child.weight));
  });

  test('special characters in attributes and CDATA come back as written; control characters are dropped', () => {
    const offer = byId.get('C-"Q"&<X>')!;
    expect(offer.name).toBe('Wieszak "Reling" & <Duży> ]]> chrom');
    expect(offer.desc).toBe('Wieszak ]]> do grzejnika.');
    expect(offer['@url']).toBe(`${FEED_ORIGIN}/p/${encodeURIComponent('C-"Q"&<X>')}/${encodeURIComponent('c-"q"&<x>')}`);
    expect(xml).toContain('<![CDATA[Wieszak "Reling" & <Duży> ]]]]><![CDATA[> chrom]]>');
  });
});

describe('Ceneo availability codes', () => {
  test.each([
    [0, 1],
    [1, 1],
    [2, 3],
    [3, 3],
    [4, 7],
    [7, 7],
    [8, 14],
    [60, 14],
    [undefined, 99],
    [-1, 99],
  ])('%p days → %p', (days, avail) => {
    expect(ceneoAvail(days)).toBe(avail);
  });
});
