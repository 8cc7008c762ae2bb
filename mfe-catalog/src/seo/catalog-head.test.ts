import type { RouteState } from '@kaloryfer/contracts';
import type { Category, ConfigurableChild, Product, Review } from '@kaloryfer/api-contract';
import { PageData } from '@kaloryfer/ui';
import { attribute, category as categoryAnswer, product, productView, stock } from '../testing/catalog-answers';
import { catalogHead, productHead, shippingRate } from './catalog-head';

const category = (id: number, parent: number, level: number, name: string, slug: string): Category =>
  categoryAnswer({ id, parent_id: parent, level, name, slug, is_active: true, position: id, product_count: 1 });
const categories = [
  category(1, 0, 1, 'Główna', 'main'),
  category(6, 1, 2, 'Grzejniki łazienkowe', 'grzejniki-lazienkowe'),
  // Its listing's heading says more than its name.
  { ...category(7, 6, 3, 'Grzejniki drabinkowe', 'grzejniki-drabinkowe'), h1_text: 'Grzejniki łazienkowe drabinkowe' },
];

const child = (sku: string, price: number, inStock: boolean, extra: Partial<ConfigurableChild> = {}): ConfigurableChild => ({
  id: Number(sku.slice(-3)),
  sku,
  name: `Grzejnik drabinkowy "Aura" ${sku}`,
  status: 1,
  visibility: 1,
  type_id: 'simple',
  url_key: sku.toLowerCase(),
  price: Math.round((price / 1.23) * 100) / 100,
  tax_class_id: 2,
  final_price_incl_tax: price,
  original_price_incl_tax: price,
  stock: stock(inStock ? 4 : 0),
  image: `/${sku}.svg`,
  gtin: '5901234123457',
  // A bathroom ladder: 50 × 120 cm, 11 kg — no locker takes it; a courier does.
  width: 500,
  height: 1200,
  depth: 30,
  weight: 11,
  ...extra,
});
const review = (id: number, rating: number | null): Review => ({
  id,
  nickname: `Klient ${id}`,
  title: `Opinia ${id}`,
  detail: `Treść opinii ${id}.`,
  rating,
  created_at: `2026-10-0${id}T10:00:00.000Z`,
});
const aura = product({
  id: 41,
  sku: 'KF-DR-0041',
  slug: 'grzejnik-drabinkowy-aura',
  name: 'Grzejnik drabinkowy "Aura" 50×120',
  type_id: 'configurable',
  short_description: '<p>Biały grzejnik łazienkowy&nbsp;do pompy ciepła.</p>',
  image: '/aura.svg',
  media_gallery: [{ image: '/aura-2.svg', label: '', pos: 1, typ: 'image' }],
  category_ids: [1, 6, 7],
  manufacturer: 12,
  final_price_incl_tax: 899,
  // Listed first, the dearer one: the page opens on the cheapest variant that can be bought, as the tile's "od" price says.
  configurable_children: [child('KF-DR-0041-700', 1299, true), child('KF-DR-0041-500', 899, true), child('KF-DR-0041-600', 1099, false)],
});
const view = productView({
  product: aura,
  attributes: [
    attribute({ attribute_id: 81, attribute_code: 'manufacturer', frontend_label: 'Producent', options: [{ value: '12', label: 'Ciepłodar', sort_order: 0 }] }),
  ],
  categories,
  reviews: { summary: { average: 4.3, count: 8, histogram: [0, 0, 1, 4, 3] }, items: [review(1, 5), review(2, null), review(3, 4)] },
});

const route = (name: string, params: Record<string, string>, path = '/', search = ''): RouteState => ({
  path,
  search,
  hash: '',
  name,
  params,
  previousPath: null,
  isBack: false,
});
const data = new PageData({ 'product-KF-DR-0041': { value: view }, categories: { value: categories } });
const head = (state: RouteState, language = 'pl-PL') =>
  catalogHead({ route: state, data, origin: 'https://kaloryfer.test', language, homeCrumb: 'Strona główna', shopName: 'Kaloryfer' });
const context = { origin: 'https://kaloryfer.test', language: 'pl-PL', homeCrumb: 'Strona główna' };
type Json = Record<string, any>;

const RETURNS = {
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'PL',
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: 14,
  returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
  merchantReturnLink: 'https://kaloryfer.test/i/zwroty',
};
const shippingAt = (value: string) => ({
  '@type': 'OfferShippingDetails',
  shippingRate: { '@type': 'MonetaryAmount', value, currency: 'PLN' },
  shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'PL' },
});

test("a configurable product: canonical, one Offer per variant with the shop's returns and shipping, brand, rating, the reviews shown, the trail", () => {
  const page = head(route('product', { parentSku: 'KF-DR-0041', slug: 'x' }));
  expect(page.canonical).toBe('https://kaloryfer.test/p/KF-DR-0041/grzejnik-drabinkowy-aura');
  expect(page.description).toBe('Biały grzejnik łazienkowy do pompy ciepła.');
  expect(page.robots).toBeUndefined();
  const [schema, breadcrumbs] = page.structuredData as Json[];
  expect(schema).toMatchObject({
    '@type': 'Product',
    name: 'Grzejnik drabinkowy "Aura" 50×120',
    sku: 'KF-DR-0041',
    brand: { '@type': 'Brand', name: 'Ciepłodar' },
    // The gallery as the page shows it: the shown variant's picture, then the product's others.
    image: ['https://kaloryfer.test/img/1920/1920/resize/KF-DR-0041-500.svg', 'https://kaloryfer.test/img/1920/1920/resize/aura-2.svg'],
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.3', reviewCount: 8, bestRating: 5, worstRating: 1 },
  });
  expect(schema.offers).toHaveLength(3);
  expect(schema.offers[1]).toEqual({
    '@type': 'Offer',
    url: 'https://kaloryfer.test/p/KF-DR-0041/grzejnik-drabinkowy-aura/KF-DR-0041-500',
    priceCurrency: 'PLN',
    price: '899.00',
    availability: 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/NewCondition',
    sku: 'KF-DR-0041-500',
    gtin13: '5901234123457',
    shippingDetails: shippingAt('29.00'),
    hasMerchantReturnPolicy: { ...RETURNS, returnMethod: ['https://schema.org/ReturnByMail', 'https://schema.org/ReturnInStore'] },
  });
  expect(schema.offers.map((offer: Json) => [offer.sku, offer.price, offer.availability])).toEqual([
    ['KF-DR-0041-700', '1299.00', 'https://schema.org/InStock'],
    ['KF-DR-0041-500', '899.00', 'https://schema.org/InStock'],
    ['KF-DR-0041-600', '1099.00', 'https://schema.org/OutOfStock'],
  ]);
  // The reviews the page shows first, those with stars (a review without its rating is no review snippet).
  expect(schema.review).toEqual([
    {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Klient 1' },
      datePublished: '2026-10-01T10:00:00.000Z',
      name: 'Opinia 1',
      reviewBody: 'Treść opinii 1.',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
    },
    expect.objectContaining({ name: 'Opinia 3', reviewRating: expect.objectContaining({ ratingValue: 4 }) }),
  ]);
  // The page's breadcrumbs: home, the deepest category, the product.
  expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
    'Strona główna',
    'Grzejniki drabinkowe',
    'Grzejnik drabinkowy "Aura" 50×120',
  ]);
  // Open Graph: the price and picture of the variant the page opens on (the cheapest that can be bought).
  expect(page.openGraph).toEqual({
    type: 'product',
    image: 'https://kaloryfer.test/img/1920/1920/resize/KF-DR-0041-500.svg',
    imageAlt: 'Grzejnik drabinkowy "Aura" 50×120',
    properties: [
      { property: 'product:price:amount', content: '899.00' },
      { property: 'product:price:currency', content: 'PLN' },
      { property: 'product:availability', content: 'in stock' },
      { property: 'product:condition', content: 'new' },
      { property: 'product:brand', content: 'Ciepłodar' },
    ],
  });
});

test("a variant's address: the variant the page shows, as one Offer — canonical to the product; a variant that cannot be bought shows the cheapest that can", () => {
  const variant = (sku: string) => head(route('configurable-product', { parentSku: 'KF-DR-0041', slug: 'x', childSku: sku }));
  const chosen = variant('KF-DR-0041-700');
  expect(chosen.canonical).toBe('https://kaloryfer.test/p/KF-DR-0041/grzejnik-drabinkowy-aura');
  const [schema] = chosen.structuredData as Json[];
  expect(schema.sku).toBe('KF-DR-0041-700');
  expect(schema.offers).toMatchObject({
    '@type': 'Offer',
    url: 'https://kaloryfer.test/p/KF-DR-0041/grzejnik-drabinkowy-aura/KF-DR-0041-700',
    sku: 'KF-DR-0041-700',
    price: '1299.00',
    gtin13: '5901234123457',
    availability: 'https://schema.org/InStock',
  });
  for (const sku of ['KF-DR-0041-600', 'KF-XX']) {
    const [shown] = variant(sku).structuredData as Json[];
    expect(shown.offers).toMatchObject({ '@type': 'Offer', sku: 'KF-DR-0041-500', price: '899.00', availability: 'https://schema.org/InStock' });
  }
});

const simple = (fields: Partial<Product>) =>
  productView({ product: product({ id: 7, sku: 'KF-AK-0007', slug: 'glowica', name: 'Głowica termostatyczna', final_price_incl_tax: 89, ...fields }) });
const offerOf = (page: ReturnType<typeof productHead>) => (page.structuredData as Json[])[0].offers as Json;

test('a special price with a last day: priceValidUntil is that day; a running one without an end, or none, has none', () => {
  const reduced = { final_price_incl_tax: 79, original_price_incl_tax: 89, special_price_incl_tax: 79 };
  expect(offerOf(productHead(simple({ ...reduced, special_to_date: '2026-12-24' }), null, context)).priceValidUntil).toBe('2026-12-24');
  expect(offerOf(productHead(simple({ ...reduced, special_to_date: '2026-12-24T22:59:00.000Z' }), null, context)).priceValidUntil).toBe('2026-12-24');
  expect(offerOf(productHead(simple({ ...reduced, special_to_date: null }), null, context))).not.toHaveProperty('priceValidUntil');
  // A special price over its end, or not below the regular price, is not the price paid: no date.
  expect(offerOf(productHead(simple({ special_price_incl_tax: 95, special_to_date: '2026-12-24' }), null, context))).not.toHaveProperty('priceValidUntil');
  const single = offerOf(productHead(simple({}), null, context));
  expect(single).toMatchObject({ '@type': 'Offer', url: 'https://kaloryfer.test/p/KF-AK-0007/glowica', price: '89.00' });
  expect(single).not.toHaveProperty('sku');
});

test("shipping: the cheapest delivery the checkout would offer one of it — a locker when it fits, else the courier, free from 5 000 zł; the salon's pickup is no delivery; a download ships nothing", () => {
  const item = (fields: Partial<Product>) => {
    const { product: found } = simple(fields);
    return shippingRate(found, found);
  };
  expect(item({ width: 100, height: 100, depth: 50, weight: 0.4 })).toBe(16.99);
  expect(item({ width: 600, height: 1800, depth: 100, weight: 40 })).toBe(29);
  expect(item({ width: 600, height: 1800, depth: 100, weight: 40, final_price_incl_tax: 5200 })).toBe(0);
  expect(item({ type_id: 'downloadable' })).toBeNull();
  expect(offerOf(productHead(simple({ type_id: 'downloadable' }), null, context))).not.toHaveProperty('shippingDetails');
});

test("in another language the JSON-LD's addresses are that language's (?lang=); the canonical the page server localises stays the page's path", () => {
  const german = head(route('product', { parentSku: 'KF-DR-0041', slug: 'x' }), 'de-DE');
  expect(german.canonical).toBe('https://kaloryfer.test/p/KF-DR-0041/grzejnik-drabinkowy-aura');
  const [schema, breadcrumbs] = german.structuredData as Json[];
  expect(schema.offers[0].url).toBe('https://kaloryfer.test/p/KF-DR-0041/grzejnik-drabinkowy-aura/KF-DR-0041-700?lang=de');
  expect(schema.offers[0].hasMerchantReturnPolicy.merchantReturnLink).toBe('https://kaloryfer.test/i/zwroty?lang=de');
  expect(breadcrumbs.itemListElement.map((item: Json) => item.item)).toEqual([
    'https://kaloryfer.test/?lang=de',
    'https://kaloryfer.test/c/grzejniki-drabinkowe?lang=de',
    'https://kaloryfer.test/p/KF-DR-0041/grzejnik-drabinkowy-aura?lang=de',
  ]);
});

test('a category: canonical /c/{slug} and its trail; narrowed by filters or a sort it is not listed (noindex, follow) and points at the bare listing', () => {
  const listing = head(route('category', { slug: 'grzejniki-drabinkowe' }));
  expect(listing.canonical).toBe('https://kaloryfer.test/c/grzejniki-drabinkowe');
  expect(listing.robots).toBeUndefined();
  const [breadcrumbs] = listing.structuredData as Json[];
  // The page's breadcrumbs: the parents by name, the listing under its heading.
  expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
    'Strona główna',
    'Grzejniki łazienkowe',
    'Grzejniki łazienkowe drabinkowe',
  ]);
  expect(breadcrumbs.itemListElement.map((item: { item: string }) => item.item)).toEqual([
    'https://kaloryfer.test/',
    'https://kaloryfer.test/c/grzejniki-lazienkowe',
    'https://kaloryfer.test/c/grzejniki-drabinkowe',
  ]);
  for (const search of ['?color=104', '?sale=true&width=600-800', '?sort=price:asc']) {
    const filtered = head(route('category', { slug: 'grzejniki-drabinkowe' }, '/c/grzejniki-drabinkowe', search));
    expect(filtered).toMatchObject({ canonical: 'https://kaloryfer.test/c/grzejniki-drabinkowe', robots: 'noindex, follow' });
  }
  // The language, an unknown parameter or a value the listing drops narrow nothing.
  for (const search of ['?lang=de', '?utm_source=x', '?color=abc']) {
    expect(head(route('category', { slug: 'grzejniki-drabinkowe' }, '/c/grzejniki-drabinkowe', search)).robots).toBeUndefined();
  }
  expect(head(route('category', { slug: 'nie-ma' }))).toEqual({});
  expect(head(route('compare', {}))).toEqual({});
});

test("the home page: canonical /, the shop as an Organization and a WebSite whose SearchAction is the header search's address", () => {
  const home = head(route('home', {}));
  expect(home.canonical).toBe('https://kaloryfer.test/');
  const [organization, website] = home.structuredData as Json[];
  expect(organization).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': 'https://kaloryfer.test/#organization',
    name: 'Kaloryfer',
    url: 'https://kaloryfer.test/',
    logo: 'https://kaloryfer.test/favicon.svg',
  });
  expect(website).toMatchObject({
    '@type': 'WebSite',
    url: 'https://kaloryfer.test/',
    inLanguage: 'pl-PL',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: 'https://kaloryfer.test/categories?query={search_term_string}' },
      'query-input': 'required name=search_term_string',
    },
  });
  const [, italian] = head(route('home', {}), 'it-IT').structuredData as Json[];
  expect(italian).toMatchObject({
    url: 'https://kaloryfer.test/?lang=it',
    inLanguage: 'it-IT',
    potentialAction: { target: { urlTemplate: 'https://kaloryfer.test/categories?query={search_term_string}&lang=it' } },
  });
});

test('/categories: the category tree is listed; search results (a text or a filter) are not; /brands and /marki are one page', () => {
  expect(head(route('categories', {}, '/categories'))).toEqual({ canonical: 'https://kaloryfer.test/categories' });
  expect(head(route('categories', {}, '/categories', '?query=drabinkowy'))).toEqual({
    canonical: 'https://kaloryfer.test/categories',
    robots: 'noindex, follow',
  });
  expect(head(route('categories', {}, '/categories', '?manufacturer=12'))).toMatchObject({ robots: 'noindex, follow' });
  expect(head(route('brands', {}, '/marki'))).toEqual({ canonical: 'https://kaloryfer.test/brands' });
});
