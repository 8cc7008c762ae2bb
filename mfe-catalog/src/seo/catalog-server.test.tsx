/** @jest-environment node */
import type { RegionRequest } from '@kaloryfer/contracts';
import type { ConfigurableChild, ProductView, Review } from '@kaloryfer/api-contract';
import { category, cmsBlockPage, ok, product, productView, stock } from '../testing/catalog-answers';
import { render } from '../server';

/**
 * The catalogue's server render of a product page, its head beside its HTML: the JSON-LD and
 * Open Graph say exactly the name, price, availability, rating and reviews the page shows (one
 * source: the page data and the page's own rules), in every language.
 */
const request = (path: string, language = 'pl-PL'): RegionRequest => ({
  module: './app',
  path,
  search: '',
  language,
  cookies: {},
  apiOrigin: 'http://127.0.0.1:3999',
  publicOrigin: 'https://sklep.kaloryfer.test',
});

const review = (id: number, rating: number | null): Review => ({
  id,
  nickname: `Klient ${id}`,
  title: `Opinia ${id} & "cytat"`,
  detail: 'Grzeje jak trzeba.',
  rating,
  created_at: `2026-10-0${id}T21:30:00.000Z`,
});
const child = (sku: string, price: number, qty: number, color: number): ConfigurableChild =>
  ({
    id: Number(sku.slice(-3)),
    sku,
    name: sku,
    status: 1,
    visibility: 1,
    type_id: 'simple',
    url_key: sku.toLowerCase(),
    price: Math.round((price / 1.23) * 100) / 100,
    tax_class_id: 2,
    final_price_incl_tax: price,
    original_price_incl_tax: price,
    stock: stock(qty),
    image: '/product/ladder-500x1200-ffffff.svg',
    color,
  }) as ConfigurableChild;

const views: Record<string, ProductView> = {
  'KF-GL-0007': productView({
    product: product({
      id: 7,
      sku: 'KF-GL-0007',
      slug: 'glowica',
      name: 'Głowica termostatyczna „Q” & <M30>',
      final_price_incl_tax: 2609,
      category_ids: [30, 31],
    }),
    categories: [
      category({ id: 30, name: 'Akcesoria', slug: 'akcesoria' }),
      category({ id: 31, name: 'Głowice & zawory', slug: 'glowice', parent_id: 30, level: 3 }),
    ],
    // 12 reviews, the first 3 shown: the rating counts them all.
    reviews: { summary: { average: 4.5, count: 12, histogram: [0, 0, 1, 4, 7] }, items: [review(1, 5), review(2, null), review(3, 4)] },
  }),
  'KF-DR-0041': productView({
    product: product({
      id: 41,
      sku: 'KF-DR-0041',
      slug: 'aura',
      name: 'Grzejnik drabinkowy Aura',
      type_id: 'configurable',
      final_price_incl_tax: 899,
      configurable_options: [{ id: 1, attribute_id: 93, attribute_code: 'color', label: 'Kolor', position: 0, values: [] }],
      configurable_children: [child('KF-DR-0041-701', 1299, 3, 1), child('KF-DR-0041-502', 899, 5, 2), child('KF-DR-0041-603', 1099, 0, 3)],
    }),
  }),
};

beforeEach(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const href = String(url);
    const json = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload }) as Response;
    const sku = /\/api\/product-view\/([^?]+)/.exec(href)?.[1];
    if (sku) return views[sku] ? json(200, ok(views[sku])) : json(404, { code: 404, result: 'Product query returned an empty result' });
    if (href.includes('/api/cms/blocks')) return json(200, ok(cmsBlockPage([])));
    throw new Error(`unexpected request ${href}`);
  }) as typeof fetch;
});

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
const one = (html: string, pattern: RegExp) => {
  const found = pattern.exec(html);
  if (!found) throw new Error(`${pattern} is not in the page`);
  return text(found[1]);
};
/** "2 609,00 zł" (or English "2,609.00 zł") → "2609.00", as JSON-LD writes money. */
function amount(shown: string): string {
  const [, whole, cents] = /^(.*)[.,](\d{2})$/.exec(shown.replace(/[^\d.,]/g, ''))!;
  return `${Number(whole.replace(/\D/g, ''))}.${cents}`;
}

/** What a shopper reads on the product page. */
function visible(html: string) {
  const rating = /<a href="#product-reviews">([\d,]+)<!-- --> \(<!-- -->(\d+)/.exec(html);
  return {
    name: one(html, /<h1[^>]*>(.*?)<\/h1>/),
    sku: one(html, /<p class="product-sku">[^:]*: (.*?)<\/p>/),
    price: amount(one(html, /<p class="price-final"><strong[^>]*>(.*?)<\/strong>/)),
    inStock: /<p class="stock-in">/.test(html),
    rating: rating ? { average: rating[1].replace(',', '.'), count: Number(rating[2]) } : null,
    reviews: [...html.matchAll(/<h3 id="review-\d+">(.*?)<\/h3>/g)].map((match) => text(match[1])),
    crumbs: [.../<nav class="breadcrumbs"[^>]*>(.*?)<\/nav>/.exec(html)![1].matchAll(/<li>(.*?)<\/li>/g)].map((match) => text(match[1])),
  };
}

type Json = Record<string, any>;

test.each([
  ['/p/KF-GL-0007/glowica', 'pl-PL'],
  ['/p/KF-GL-0007/glowica', 'de-DE'],
  ['/p/KF-DR-0041/aura', 'pl-PL'],
  ['/p/KF-DR-0041/aura/KF-DR-0041-701', 'it-IT'],
  ['/p/KF-DR-0041/aura/KF-DR-0041-603', 'en-US'],
])('%s in %s: the JSON-LD and Open Graph say what the page shows', async (path, language) => {
  const result = await render(request(path, language));
  expect(result.status).toBe(200);
  const shown = visible(result.html);
  const [schema] = result.head!.structuredData as Json[];
  expect(schema.name).toBe(shown.name);
  // The offer of what the page shows: its only offer, or a configurable's variant among them.
  const offers: Json[] = Array.isArray(schema.offers) ? schema.offers : [schema.offers];
  const offer = offers.length === 1 ? offers[0] : offers.find((candidate) => candidate.sku === shown.sku);
  expect(offer).toBeDefined();
  expect(offer!.price).toBe(shown.price);
  expect(offer!.priceCurrency).toBe('PLN');
  expect(offer!.availability).toBe(shown.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
  if (shown.rating) {
    expect(schema.aggregateRating).toMatchObject({ ratingValue: shown.rating.average, reviewCount: shown.rating.count });
  } else {
    expect(schema.aggregateRating).toBeUndefined();
  }
  // The reviews the page shows first, those with stars, in its order.
  const starred = (views[path.split('/')[2]].reviews.items ?? []).filter((item) => item.rating !== null).map((item) => item.title);
  expect(shown.reviews.filter((title) => starred.includes(title))).toEqual((schema.review ?? []).map((item: Json) => item.name));
  // The breadcrumb trail is the page's, ending at the product's canonical address.
  const [, breadcrumbs] = result.head!.structuredData as Json[];
  expect(breadcrumbs.itemListElement.map((crumb: Json) => crumb.name)).toEqual(shown.crumbs);
  const og = Object.fromEntries((result.head!.openGraph!.properties ?? []).map((entry) => [entry.property, entry.content]));
  expect(og).toMatchObject({
    'product:price:amount': shown.price,
    'product:price:currency': 'PLN',
    'product:availability': shown.inStock ? 'in stock' : 'out of stock',
  });
  expect(result.head!.openGraph).toMatchObject({ type: 'product', image: expect.stringMatching(/^https:\/\/sklep\.kaloryfer\.test\/img\//) });
  expect(result.head!.canonical).toBe(`https://sklep.kaloryfer.test${path.split('/').slice(0, 4).join('/')}`);
});

test("a configurable's variant that cannot be bought: the page and its offer show the cheapest one that can", async () => {
  const result = await render(request('/p/KF-DR-0041/aura/KF-DR-0041-603'));
  const [schema] = result.head!.structuredData as Json[];
  expect(visible(result.html)).toMatchObject({ sku: 'KF-DR-0041-502', price: '899.00', inStock: true });
  expect(schema.offers).toMatchObject({ '@type': 'Offer', sku: 'KF-DR-0041-502', price: '899.00' });
});

test("the review's day is the one the page shows (its dateTime), not a UTC date cut from it", async () => {
  const result = await render(request('/p/KF-GL-0007/glowica'));
  const [schema] = result.head!.structuredData as Json[];
  expect(result.html).toContain(`<time dateTime="${schema.review[0].datePublished}">`);
});
