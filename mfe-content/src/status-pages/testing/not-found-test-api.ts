import type { SearchAnswer } from '@kaloryfer/api-contract';
import type { ShopCategory, SuggestedProduct } from '../not-found-api';

/**
 * Tests' stand-in for the catalogue at the fetch boundary: the category search answers the seed's
 * tree (a part of it), the product search answers bathroom radiators for bathroom words and
 * nothing otherwise. Every request is kept for the test to look at.
 */
export const CATEGORIES: ShopCategory[] = [
  { id: 2, parent_id: 1, name: 'Kaloryfer', slug: 'kaloryfer', level: 1, position: 0, product_count: 420 },
  { id: 3, parent_id: 2, name: 'Grzejniki dekoracyjne', slug: 'grzejniki-dekoracyjne', level: 2, position: 1, product_count: 120 },
  { id: 6, parent_id: 2, name: 'Grzejniki łazienkowe', slug: 'grzejniki-lazienkowe', level: 2, position: 2, product_count: 96 },
  { id: 7, parent_id: 6, name: 'Grzejniki drabinkowe', slug: 'grzejniki-drabinkowe', level: 3, position: 1, product_count: 60 },
  { id: 9, parent_id: 2, name: 'Grzejniki pokojowe', slug: 'grzejniki-pokojowe', level: 2, position: 3, product_count: 150 },
  { id: 17, parent_id: 2, name: 'Akcesoria', slug: 'akcesoria', level: 2, position: 4, product_count: 54 },
];

export const BATHROOM_PRODUCTS: SuggestedProduct[] = [
  {
    id: 701,
    sku: 'KF-DR-0041',
    name: 'Grzejnik łazienkowy drabinkowy Aura biały',
    slug: 'grzejnik-lazienkowy-drabinkowy-aura-bialy',
    type_id: 'configurable',
    image: '/product/ladder-500x1200-f4f4f0.svg',
    final_price_incl_tax: 649,
  },
  {
    id: 702,
    sku: 'KF-EL-0007',
    name: 'Grzejnik łazienkowy elektryczny Nova biały',
    slug: 'grzejnik-lazienkowy-elektryczny-nova-bialy',
    type_id: 'simple',
    image: '/product/ladder-500x800-f4f4f0.svg',
    final_price_incl_tax: 1249,
  },
];

export interface Sent {
  url: URL;
  method: string;
  body: { query?: { _searchText?: string } } | undefined;
}

const json = (status: number, payload: unknown) =>
  ({
    ok: status < 400,
    status,
    statusText: status < 400 ? 'OK' : 'Error',
    json: async () => payload,
  }) as Response;

const answer = <Document>(items: Document[], perPage: number): SearchAnswer<Document> => ({ items, total: items.length, start: 0, perPage, aggregations: {} });

/** Installs the stand-in as global fetch; returns the requests it answered. `failProducts`: the search answers 500. */
export function standInCatalog({ failProducts = false } = {}): Sent[] {
  const sent: Sent[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, method: init?.method ?? 'GET', body });
    if (url.pathname.endsWith('/category/_search')) return json(200, answer(CATEGORIES, 4000));
    if (url.pathname.endsWith('/product/_search')) {
      if (failProducts) return json(500, { code: 500, result: 'Internal Server Error 500' });
      const bathroom = /lazienk|łazienk/.test(body?.query?._searchText ?? '');
      const items = bathroom ? BATHROOM_PRODUCTS : [];
      return json(200, answer(items, 6));
    }
    return json(404, { code: 404, result: 'not in the stand-in' });
  }) as typeof fetch;
  return sent;
}
