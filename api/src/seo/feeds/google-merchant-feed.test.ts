import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { imageUrl, isListed } from '@kaloryfer/domain';
import { validGtin13 } from './feed-offers';
import { effectiveDate, googleMerchantFeed } from './google-merchant-feed';
import { FEED_NOW, FEED_ORIGIN, feedContext, pricedProducts, seedProducts } from './testing/feed-catalog';
import { ean13, fixtureMaker, parseFeed } from './testing/feed-fixtures';

type Item = Record<string, string | string[] | undefined>;

const sources = seedProducts(200);
const fixture = fixtureMaker(sources);
const validGtin = ean13('590123412345');
const FIXTURES: Product[] = [
  fixture('T-MARKUP', {
    name: 'Zawór "Prosty" & <Mały> ]]> it\'s\u0001 ok',
    description: '<p>Opis &amp; więcej ]]&gt; <b>pogrubiony</b>&nbsp;tekst</p>',
  }),
  fixture('T-HIDDEN', { visibility: 1 }),
  fixture('T-DISABLED', { status: 2 }),
  fixture('T-OUT', { stock: { is_in_stock: false, qty: 0, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 0 } }),
  fixture('T-FREE', { price: 0 }),
  fixture('T-RUNNING', { special_price: 150, special_from_date: '2026-11-20', special_to_date: '2026-11-30' }),
  fixture('T-FROM-MOMENT', { special_price: 150, special_from_date: '2026-12-02T09:30:27.000Z', special_to_date: '2026-12-20' }),
  fixture('T-ENDED', { special_price: 150, special_from_date: '2026-10-01', special_to_date: '2026-11-20' }),
  fixture('T-OPEN', { special_price: 150, special_from_date: '2026-11-01' }),
  fixture('T-OPEN-LATER', { special_price: 150, special_from_date: '2026-12-01' }),
  fixture('T-NOT-LOWER', { special_price: 250, special_from_date: '2026-11-01', special_to_date: '2026-12-31' }),
  fixture('T-GTIN', { gtin: validGtin, mpn: 'ABC-1' }),
  fixture('T-BAD-GTIN', { gtin: validGtin.slice(0, 12) + String((Number(validGtin[12]) + 1) % 10), mpn: 'ABC-2' }),
  fixture('T-NO-ID', { gtin: undefined, mpn: undefined }),
  fixture('T-NO-BRAND', { gtin: undefined, mpn: 'ABC-3', manufacturer: undefined }),
  fixture('T-LIGHT', { weight: 2 }),
  fixture('T-HEAVY', { weight: 30 }),
  fixture('T-TALL', { weight: 12, width: 500, height: 1800, depth: 30 }),
  fixture('T-DEAR', { price: 5200, weight: 2 }),
];
const products = pricedProducts([...sources, ...FIXTURES]);
const context = feedContext(products);
const chunks = [...googleMerchantFeed(context)];
const xml = chunks.join('');
const channel = (parseFeed(xml).rss as { channel: { item: Item[]; link: string } }).channel;
const items = channel.item;
const byId = new Map(items.map((item) => [item['g:id'] as string, item]));
const now = FEED_NOW.getTime();

const sold = (sku: string): { product: Product; item: Product | ConfigurableChild } => {
  const entry = context.catalog.bySkuLookup(sku)!;
  return { product: entry.product, item: entry.child ?? entry.product };
};
const kindOf = (item: Item) => (item['g:item_group_id'] ? 'variant' : item['g:is_bundle'] === 'yes' ? 'bundle' : 'simple');
const amount = (price: string | string[] | undefined) => {
  const match = /^(\d+\.\d{2}) PLN$/.exec(String(price));
  if (!match) throw new Error(`not a PLN price: ${price}`);
  return match[1];
};
/** What Google charges at a moment: the sale price inside its interval (or always, without one), else the price. */
function priceAt(item: Item, at: number): string {
  const sale = item['g:sale_price'];
  if (!sale) return amount(item['g:price']);
  const interval = item['g:sale_price_effective_date'] as string | undefined;
  if (!interval) return amount(sale);
  const [start, end] = interval.split('/').map((moment) => Date.parse(moment));
  return at >= start && at <= end ? amount(sale) : amount(item['g:price']);
}

describe('Google Merchant Center feed', () => {
  test('is well-formed RSS 2.0 with the g: namespace, written in chunks', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">')).toBe(true);
    expect(channel.link).toBe(`${FEED_ORIGIN}/`);
    expect(items.length).toBeGreaterThan(250);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(xml.length / 2);
  });

  test('every item has the required attributes of its kind (simple, variant, bundle)', () => {
    const kinds = new Set(items.map(kindOf));
    expect([...kinds].sort()).toEqual(['bundle', 'simple', 'variant']);
    for (const item of items) {
      const id = item['g:id'] as string;
      const { product } = sold(id);
      expect(typeof item.title).toBe('string');
      expect((item.title as string).length).toBeLessThanOrEqual(150);
      expect((item.description as string).length).toBeGreaterThan(0);
      expect((item.description as string).length).toBeLessThanOrEqual(5000);
      expect(item.link).toMatch(new RegExp(`^${FEED_ORIGIN}/p/`));
      expect(item['g:image_link']).toMatch(new RegExp(`^${FEED_ORIGIN}/img/1920/1920/resize/`));
      expect((item['g:additional_image_link'] ?? []).length).toBeLessThanOrEqual(10);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      amount(item['g:price']);
      expect(item['g:condition']).toBe('new');
      expect(['yes', 'no']).toContain(item['g:identifier_exists']);
      if (item['g:identifier_exists'] === 'yes') expect(item['g:gtin'] ?? (item['g:brand'] && item['g:mpn'])).toBeTruthy();
      if (item['g:gtin']) expect(validGtin13(item['g:gtin'])).toBe(item['g:gtin']);
      expect(isListed(product, true)).toBe(true);
      if (kindOf(item) === 'variant') {
        const child = sold(id).item as ConfigurableChild;
        expect(item['g:item_group_id']).toBe(product.sku);
        expect(item.link).toBe(`${FEED_ORIGIN}/p/${product.sku}/${product.slug}/${encodeURIComponent(child.sku)}`);
        expect(child.status).toBeLessThan(2);
      } else {
        expect(item.link).toBe(`${FEED_ORIGIN}/p/${product.sku}/${product.slug}`);
      }
      if (kindOf(item) === 'bundle') expect(product.type_id).toBe('bundle');
    }
  });

  test('prices are the regular gross price, and Google charges now what the product page does', () => {
    let reduced = 0;
    for (const item of items) {
      const { item: what } = sold(item['g:id'] as string);
      expect(amount(item['g:price'])).toBe(what.original_price_incl_tax!.toFixed(2));
      expect(priceAt(item, now)).toBe(what.final_price_incl_tax!.toFixed(2));
      if (item['g:sale_price'] && priceAt(item, now) === amount(item['g:sale_price'])) reduced += 1;
    }
    expect(reduced).toBeGreaterThan(10);
  });

  test('brand, GTIN and pictures are the product page’s', () => {
    for (const item of items) {
      const { product, item: what } = sold(item['g:id'] as string);
      if (product.manufacturer !== undefined) expect(item['g:brand']).toBeTruthy();
      if (kindOf(item) !== 'bundle') expect(item['g:gtin']).toBe(validGtin13(what.gtin));
      expect(item['g:image_link']).toBe(FEED_ORIGIN + imageUrl(what.image || product.image, 1920));
    }
  });

  test('a configurable product is listed as the variants a shopper can pick (enabled, in stock), not itself', () => {
    const configurables = products.filter((product) => product.type_id === 'configurable' && isListed(product, true));
    const children = configurables.flatMap((product) => product.configurable_children!);
    expect(children.some((child) => child.status >= 2)).toBe(true);
    expect(children.some((child) => child.status < 2 && !child.stock.is_in_stock)).toBe(true);
    for (const configurable of configurables) expect(byId.has(configurable.sku)).toBe(false);
    for (const child of children) expect(byId.has(child.sku)).toBe(child.status < 2 && child.stock.is_in_stock);
    const configurable = configurables.find((product) => product.configurable_children!.filter((child) => byId.has(child.sku)).length >= 2)!;
    for (const child of configurable.configurable_children!.filter((candidate) => byId.has(candidate.sku))) {
      const item = byId.get(child.sku);
      expect(item!.title).toBe(child.name);
      expect(item!['g:availability']).toBe('in_stock');
      expect(item!['g:size']).toBe(child.size);
      expect(item!['g:color']).toBeTruthy();
      expect(item!['g:google_product_category']).toBe('2060');
      expect(item!['g:product_type']).toMatch(/^Grzejniki .+ > /);
    }
  });

  test('a bundle is its own item at its computed price, with its main product’s identifiers', () => {
    const bundleItems = items.filter((item) => kindOf(item) === 'bundle');
    expect(bundleItems.length).toBeGreaterThan(0);
    for (const item of bundleItems) {
      const { product } = sold(item['g:id'] as string);
      const radiator = context.catalog.bySkuLookup(product.bundle_options![0].product_links.find((link) => link.is_default)!.sku)!;
      expect(item['g:gtin']).toBe((radiator.child ?? radiator.product).gtin);
      expect(item['g:mpn']).toBe((radiator.child ?? radiator.product).mpn);
      expect(amount(item['g:price'])).toBe(product.original_price_incl_tax!.toFixed(2));
      expect(item['g:shipping_weight']).toMatch(/^\d+(\.\d+)? kg$/);
    }
  });

  test('services, guides, grouped sets, hidden, disabled and free products are left out; out of stock is marked', () => {
    const left = products.filter((product) => ['virtual', 'downloadable', 'grouped'].includes(product.type_id));
    expect(left.map((product) => product.type_id).sort()).toEqual(expect.arrayContaining(['downloadable', 'grouped', 'virtual']));
    for (const product of left) expect(byId.has(product.sku)).toBe(false);
    for (const sku of ['T-HIDDEN', 'T-DISABLED', 'T-FREE']) expect(byId.has(sku)).toBe(false);
    expect(byId.get('T-OUT')!['g:availability']).toBe('out_of_stock');
    expect(byId.get('T-OUT')!['g:max_handling_time']).toBeUndefined();
    expect(items.filter((item) => item['g:availability'] === 'out_of_stock').length).toBeGreaterThan(1);
  });

  test('markup and XML’s special characters in a name and description come back as written; control characters are dropped', () => {
    const item = byId.get('T-MARKUP')!;
    expect(item.title).toBe('Zawór "Prosty" & <Mały> ]]> it\'s ok');
    expect(item.description).toBe('Opis & więcej ]]> pogrubiony tekst');
    expect(xml).not.toContain('\u0001');
  });

  test.each([
    ['T-RUNNING', '150.00 PLN', '2026-11-20T00:00Z/2026-11-30T23:59Z'],
    ['T-FROM-MOMENT', '150.00 PLN', '2026-12-02T09:31Z/2026-12-20T23:59Z'],
    ['T-ENDED', undefined, undefined],
    ['T-OPEN', '150.00 PLN', undefined],
    ['T-OPEN-LATER', '150.00 PLN', '2026-12-01T00:00Z/2027-12-01T00:00Z'],
    ['T-NOT-LOWER', undefined, undefined],
    ['T-GTIN', undefined, undefined],
  ])('%s: sale price %s, effective %s', (sku, sale, interval) => {
    const item = byId.get(sku)!;
    expect(item['g:price']).toBe('200.00 PLN');
    expect(item['g:sale_price']).toBe(sale);
    expect(item['g:sale_price_effective_date']).toBe(interval);
  });

  test('every item says what delivery to Poland costs, as the checkout would charge one of it', () => {
    for (const item of items) {
      const shipping = item['g:shipping'] as unknown as Record<string, string>;
      expect(shipping['g:country']).toBe('PL');
      expect(['Kurier', 'InPost']).toContain(shipping['g:service']);
    }
  });

  test.each([
    ['T-LIGHT', 'InPost', '16.99 PLN'],
    ['T-HEAVY', 'Kurier', '29.00 PLN'],
    ['T-TALL', 'Kurier', '29.00 PLN'],
    ['T-DEAR', 'Kurier', '0.00 PLN'],
  ])('%s: delivery by %s for %s', (sku, service, price) => {
    expect(byId.get(sku)!['g:shipping']).toEqual({ 'g:country': 'PL', 'g:service': service, 'g:price': price });
  });

  test.each([
    ['T-GTIN', validGtin, 'ABC-1', 'yes'],
    ['T-BAD-GTIN', undefined, 'ABC-2', 'yes'],
    ['T-NO-ID', undefined, undefined, 'no'],
    ['T-NO-BRAND', undefined, 'ABC-3', 'no'],
  ])('%s: gtin %s, mpn %s, identifier_exists %s', (sku, gtin, mpn, exists) => {
    const item = byId.get(sku)!;
    expect(item['g:gtin']).toBe(gtin);
    expect(item['g:mpn']).toBe(mpn);
    expect(item['g:identifier_exists']).toBe(exists);
  });
});

describe('the sale price interval', () => {
  const at = Date.parse('2026-11-21T12:00:00Z');
  test.each([
    [{ price: 1, start: Date.parse('2026-11-20T00:00:00Z'), end: Date.parse('2026-11-30T23:59:59.999Z') }, '2026-11-20T00:00Z/2026-11-30T23:59Z'],
    [{ price: 1, start: Date.parse('2026-12-02T09:30:00.000Z'), end: Date.parse('2026-12-02T17:00:00.000Z') }, '2026-12-02T09:30Z/2026-12-02T17:00Z'],
    [{ price: 1, end: Date.parse('2026-11-25T23:59:59.999Z') }, '2026-11-21T12:00Z/2026-11-25T23:59Z'],
    [{ price: 1, start: Date.parse('2026-11-01T00:00:00Z') }, null],
    [{ price: 1 }, null],
    [{ price: 1, end: Date.parse('2026-11-21T12:00:30Z') }, undefined],
  ])('%j → %p', (sale, interval) => {
    expect(effectiveDate(sale, at)).toBe(interval);
  });
});

describe('GTIN-13 check', () => {
  test.each([
    ['5901000000012', true],
    ['5901000000013', false],
    ['590100000001', false],
    ['59010000000120', false],
    [ean13('200000000000'), false],
    [ean13('040000000000'), false],
    [ean13('990000000000'), false],
    [ean13('978830000000'), true],
    ['0000000000000', false],
  ])('%s valid: %s', (gtin, valid) => {
    expect(validGtin13(gtin)).toBe(valid ? gtin : undefined);
  });
});
