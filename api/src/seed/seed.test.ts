import { deliveryBucketOf, heatOutput, PRODUCT_TYPES } from '@kaloryfer/domain';
import { buildCategories } from './catalog-seed';
import { ADVICE_ARTICLES, CMS_PAGES } from './content';
import { generateProducts } from './products';
import { COLOURS, MAIN_CATEGORY_ID } from './reference-data';

const TODAY = '2026-11-21';
const { products, priceHistory } = generateProducts({ parents: 1500, seed: 2026, today: TODAY });
const children = products.flatMap((product) => product.configurable_children ?? []);
const sellable = [...products.filter((product) => product.type_id !== 'configurable'), ...children];

describe('seed catalogue', () => {
  test('same seed, same catalogue; another seed, another one', () => {
    const again = generateProducts({ parents: 200, seed: 7, today: TODAY });
    expect(JSON.stringify(generateProducts({ parents: 200, seed: 7, today: TODAY }))).toBe(JSON.stringify(again));
    expect(JSON.stringify(generateProducts({ parents: 200, seed: 8, today: TODAY }).products)).not.toBe(JSON.stringify(again.products));
  });

  test('about 1,500 parents and 6,000 SKUs; unique SKUs, ids and url paths', () => {
    expect(products).toHaveLength(1500);
    expect(products.length + children.length).toBeGreaterThan(5000);
    expect(products.length + children.length).toBeLessThan(7000);
    const skus = [...products.map((p) => p.sku), ...children.map((c) => c.sku)];
    expect(new Set(skus).size).toBe(skus.length);
    expect(new Set([...products.map((p) => p.id), ...children.map((c) => c.id)]).size).toBe(skus.length);
    expect(new Set(products.map((p) => p.url_path)).size).toBe(products.length);
  });

  test('all six product types', () => {
    expect(new Set(products.map((p) => p.type_id))).toEqual(new Set(PRODUCT_TYPES));
  });

  test('configurable radiators have width × height × colour children and options for them', () => {
    const configurables = products.filter((p) => p.type_id === 'configurable');
    expect(configurables.length).toBeGreaterThan(500);
    for (const product of configurables) {
      expect(product.configurable_options?.map((option) => option.attribute_code)).toEqual(['color', 'width', 'height']);
      for (const child of product.configurable_children ?? []) {
        expect(child).toEqual(expect.objectContaining({ width: expect.any(Number), height: expect.any(Number), color: expect.any(Number) }));
      }
    }
  });

  test('heat output: 70/55/20 follows from 75/65/20 by the EN 442 exponent', () => {
    const heated = children.filter((child) => child.power_75_65_20);
    expect(heated.length).toBeGreaterThan(1000);
    for (const child of heated.slice(0, 300)) {
      const parent = products.find((p) => p.configurable_children?.includes(child))!;
      expect(child.power_70_55_20).toBe(heatOutput(child.power_75_65_20!, { supply: 70, return: 55, room: 20 }, parent.heat_exponent));
      expect(child.power_70_55_20!).toBeLessThan(child.power_75_65_20!);
    }
  });

  test('a type 22 panel 600 mm high gives about 1,650 W per metre, as catalogues say', () => {
    const panels = children.filter((child) => child.sku.startsWith('KF-P22') && child.height === 600);
    expect(panels.length).toBeGreaterThan(5);
    for (const panel of panels) {
      const perMetre = panel.power_75_65_20! / (panel.width! / 1000);
      expect(perMetre).toBeGreaterThan(1600);
      expect(perMetre).toBeLessThan(1700);
    }
  });

  test('special prices ended, running and starting later; tier prices 1–5 %', () => {
    const specials = sellable.filter((item) => item.special_price);
    expect(specials.some((item) => item.special_to_date! < TODAY)).toBe(true);
    expect(specials.some((item) => item.special_from_date! <= TODAY && item.special_to_date! >= TODAY)).toBe(true);
    expect(specials.some((item) => item.special_from_date! > TODAY)).toBe(true);
    for (const item of specials) expect(item.special_price!).toBeLessThan(item.price);
    const tiers = products.flatMap((p) => p.tier_prices);
    expect(tiers.length).toBeGreaterThan(0);
    for (const tier of tiers) expect(tier.percentage_value).toBeGreaterThanOrEqual(1);
    for (const tier of tiers) expect(tier.percentage_value).toBeLessThanOrEqual(5);
  });

  test('stock: in and out of stock, volatile quantities, unmanaged stock', () => {
    expect(sellable.some((item) => !item.stock.is_in_stock)).toBe(true);
    expect(sellable.some((item) => item.stock.is_volatile)).toBe(true);
    expect(sellable.some((item) => !item.stock.manage_stock)).toBe(true);
  });

  test('delivery times fall in every delivery bucket, and some in none', () => {
    const buckets = new Set(sellable.map((item) => deliveryBucketOf(item.delivery_time ?? -1)));
    expect(buckets).toEqual(new Set(['24h', '7-14', '15-30', '31-60', null]));
  });

  test('18 named colours with hex values; every product colour is one of them', () => {
    expect(COLOURS).toHaveLength(18);
    const ids = new Set(COLOURS.map((colour) => colour.id));
    for (const item of sellable) if (item.color !== undefined) expect(ids.has(item.color)).toBe(true);
  });

  test('GTINs are valid EAN-13 with the Polish prefix', () => {
    for (const product of products.slice(0, 200)) {
      const digits = product.gtin!.split('').map(Number);
      const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
      expect(product.gtin).toMatch(/^590\d{10}$/);
      expect((10 - (sum % 10)) % 10).toBe(digits[12]);
    }
  });

  test('merchandising: bestsellers, exclusive collection, hits, news', () => {
    expect(products.filter((p) => p.bestseller === 1).length).toBeGreaterThanOrEqual(8);
    expect(products.filter((p) => p.flag === 1).length).toBeGreaterThanOrEqual(8);
    expect(products.filter((p) => p.hit_of_the_month === 1)).toHaveLength(1);
    expect(products.filter((p) => p.hit_of_the_week === 1)).toHaveLength(2);
    expect(products.filter((p) => p.news_to_date && p.news_to_date >= TODAY).length).toBeGreaterThanOrEqual(8);
  });

  test('price history: one point per day, in order, for every priced SKU', () => {
    expect(priceHistory.length).toBe(sellable.filter((item) => !['bundle', 'grouped'].includes((item as { type_id: string }).type_id)).length);
    for (const { points } of priceHistory) {
      const days = points.map((point) => point.from);
      expect(days).toEqual([...new Set(days)].sort());
    }
  });

  test('categories: main id 2, counts add up from the leaves, url paths from slugs', () => {
    const categories = buildCategories(products);
    const byId = new Map(categories.map((category) => [category.id, category]));
    expect(byId.get(MAIN_CATEGORY_ID)?.level).toBe(1);
    expect(byId.get(7)?.url_path).toBe('grzejniki-lazienkowe/grzejniki-drabinkowe');
    for (const category of categories) {
      for (const { id } of category.children_data) expect(category.product_count).toBeGreaterThanOrEqual(byId.get(id)!.product_count);
      if (category.level >= 2) expect(category.product_count).toBeGreaterThan(0);
    }
  });

  test('content: the CMS pages the footer links to and at least 10 advice articles', () => {
    expect(CMS_PAGES.map((page) => page.identifier)).toEqual(
      expect.arrayContaining(['regulamin', 'polityka-prywatnosci', 'dostawa', 'zwroty', 'kontakt', 'o-nas']),
    );
    expect(ADVICE_ARTICLES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(ADVICE_ARTICLES.map((article) => article.slug)).size).toBe(ADVICE_ARTICLES.length);
  });
});
