import type { RouteState } from '@kaloryfer/contracts';
import type { Category, ConfigurableChild } from '@kaloryfer/api-contract';
import { PageData } from '@kaloryfer/ui';
import { attribute, category as categoryAnswer, product, productView, stock } from '../testing/catalog-answers';
import { catalogHead } from './catalog-head';

const category = (id: number, parent: number, level: number, name: string, slug: string): Category =>
  categoryAnswer({ id, parent_id: parent, level, name, slug, is_active: true, position: id, product_count: 1 });
const categories = [
  category(1, 0, 1, 'Główna', 'main'),
  category(6, 1, 2, 'Grzejniki łazienkowe', 'grzejniki-lazienkowe'),
  category(7, 6, 3, 'Grzejniki drabinkowe', 'grzejniki-drabinkowe'),
];

const child = (sku: string, price: number, inStock: boolean): ConfigurableChild => ({
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
  stock: stock(inStock ? 4 : 0),
  image: `/${sku}.svg`,
  gtin: '5901234123457',
});
const view = productView({
  product: product({
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
    configurable_children: [child('KF-DR-0041-500', 899, true), child('KF-DR-0041-600', 1099, false)],
  }),
  attributes: [
    attribute({ attribute_id: 81, attribute_code: 'manufacturer', frontend_label: 'Producent', options: [{ value: '12', label: 'Ciepłodar', sort_order: 0 }] }),
  ],
  categories,
  reviews: { summary: { average: 4.3, count: 8, histogram: [0, 0, 1, 4, 3] }, items: [] },
});

const route = (name: string, params: Record<string, string>, path = '/'): RouteState => ({
  path,
  search: '',
  hash: '',
  name,
  params,
  previousPath: null,
  isBack: false,
});
const data = new PageData({ 'product-KF-DR-0041': { value: view }, categories: { value: categories } });
const head = (state: RouteState) => catalogHead({ route: state, data, origin: 'https://kaloryfer.test', homeCrumb: 'Strona główna' });

test('a configurable product: canonical, an AggregateOffer over its variants, brand, rating and the breadcrumb trail', () => {
  const product = head(route('product', { parentSku: 'KF-DR-0041', slug: 'x' }));
  expect(product.canonical).toBe('https://kaloryfer.test/p/KF-DR-0041/grzejnik-drabinkowy-aura');
  expect(product.description).toBe('Biały grzejnik łazienkowy do pompy ciepła.');
  const [schema, breadcrumbs] = product.structuredData as Record<string, any>[];
  expect(schema).toMatchObject({
    '@type': 'Product',
    name: 'Grzejnik drabinkowy "Aura" 50×120',
    sku: 'KF-DR-0041',
    brand: { '@type': 'Brand', name: 'Ciepłodar' },
    image: ['https://kaloryfer.test/img/1920/1920/resize/aura.svg', 'https://kaloryfer.test/img/1920/1920/resize/aura-2.svg'],
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'PLN',
      lowPrice: '899.00',
      highPrice: '1099.00',
      offerCount: 2,
      availability: 'https://schema.org/InStock',
    },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.3', reviewCount: 8, bestRating: 5, worstRating: 1 },
  });
  expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
    'Strona główna',
    'Grzejniki łazienkowe',
    'Grzejniki drabinkowe',
    'Grzejnik drabinkowy "Aura" 50×120',
  ]);
});

test('a chosen variant: its own offer with its EAN and stock; an unknown variant sku is ignored', () => {
  const [chosen] = head(route('configurable-product', { parentSku: 'KF-DR-0041', slug: 'x', childSku: 'KF-DR-0041-600' })).structuredData as Record<
    string,
    any
  >[];
  expect(chosen.sku).toBe('KF-DR-0041-600');
  expect(chosen.offers).toMatchObject({
    '@type': 'Offer',
    sku: 'KF-DR-0041-600',
    price: '1099.00',
    gtin13: '5901234123457',
    availability: 'https://schema.org/OutOfStock',
  });
  const [unknown] = head(route('configurable-product', { parentSku: 'KF-DR-0041', slug: 'x', childSku: 'KF-XX' })).structuredData as Record<string, any>[];
  expect(unknown.offers['@type']).toBe('AggregateOffer');
});

test('a category: canonical /c/{slug} and its trail; a page without data says nothing more than its frame', () => {
  const listing = head(route('category', { slug: 'grzejniki-drabinkowe' }));
  expect(listing.canonical).toBe('https://kaloryfer.test/c/grzejniki-drabinkowe');
  const [breadcrumbs] = listing.structuredData as Record<string, any>[];
  expect(breadcrumbs.itemListElement.map((item: { item: string }) => item.item)).toEqual([
    'https://kaloryfer.test/',
    'https://kaloryfer.test/c/grzejniki-lazienkowe',
    'https://kaloryfer.test/c/grzejniki-drabinkowe',
  ]);
  expect(head(route('category', { slug: 'nie-ma' }))).toEqual({});
  expect(head(route('compare', {}))).toEqual({});
  expect(head(route('home', {}))).toEqual({ canonical: 'https://kaloryfer.test/' });
});
