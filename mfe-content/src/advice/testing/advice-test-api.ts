import type { AdviceArticleView, AdviceList, AdviceSummary, SearchAnswer } from '@kaloryfer/api-contract';
import type { RelatedProduct } from '../advice-api';

/**
 * Tests' stand-in for the shop API at the fetch boundary: 14 articles (newest first) over three
 * topics, answered as /api/advice and /api/advice/{slug} answer, and a catalogue search for the
 * related products. Every request is kept for the test to look at.
 */
const LONG_LEAD =
  'Pompa ciepła pracuje najtaniej, gdy woda w grzejnikach jest chłodna. Sprawdź, ile mocy zostaje z grzejnika przy 55/45/20 i 45/35/20 i jak go dobrać, żeby w mroźny dzień było ciepło.';
const TOPICS = ['pompy-ciepla', 'lazienka', 'montaz'] as const;

export const ARTICLES: AdviceSummary[] = Array.from({ length: 14 }, (_, index) => ({
  id: index + 1,
  slug: index === 0 ? 'grzejniki-do-pompy-ciepla' : `porada-${index + 1}`,
  title: index === 0 ? 'Grzejniki do pompy ciepła' : `Porada numer ${index + 1}`,
  lead: index === 0 ? LONG_LEAD : `Krótki wstęp porady ${index + 1}.`,
  topic: TOPICS[index % 3],
  reading_minutes: [2, 1, 5][index % 3],
  published_at: `2026-${String(11 - Math.floor(index / 2)).padStart(2, '0')}-${index % 2 === 0 ? '16' : '02'}`,
  image: '/product/panel-1500x600-f4f4f0.svg',
  related_category_slug: 'grzejniki-panelowe-typ-33',
}));

export const ARTICLE_BODY = `## Dlaczego niska temperatura zasilania

Pompa ciepła jest tym sprawniejsza, im chłodniejsza woda.
Dlatego instalacje projektuje się na 55/45/20.

## Ile mocy zostaje z grzejnika

- przy 55/45/20: 511 W,
- przy 45/35/20: 297 W.

## Co wybrać <script>alert(1)</script>

Grzejniki o dużej powierzchni.`;

export const PRODUCTS: RelatedProduct[] = [
  {
    id: 501,
    sku: 'KF-P33-0101',
    name: 'Grzejnik panelowy typ 33 Termolux',
    slug: 'grzejnik-panelowy-typ-33-termolux',
    type_id: 'configurable',
    image: '/product/panel-1000x600-f4f4f0.svg',
    final_price_incl_tax: 1234,
  },
  {
    id: 502,
    sku: 'KF-ZT-0001',
    name: 'Zawór termostatyczny',
    slug: 'zawor-termostatyczny',
    type_id: 'simple',
    image: '/product/valve-600x400-b8bcc0.svg',
    final_price_incl_tax: 89.9,
  },
];

export interface Sent {
  url: URL;
  method: string;
  body: unknown;
}

const json = (status: number, payload: unknown) =>
  ({
    ok: status < 400,
    status,
    statusText: status < 400 ? 'OK' : 'Not Found',
    json: async () => payload,
  }) as Response;

export function listAnswer(params: URLSearchParams): AdviceList {
  const topic = params.get('topic');
  const from = Number(params.get('from') ?? 0);
  const size = Number(params.get('size') ?? 12);
  const all = ARTICLES.filter((article) => !topic || article.topic === topic);
  return {
    items: all.slice(from, from + size),
    total: all.length,
    start: from,
    perPage: size,
    topics: TOPICS.map((name) => ({ topic: name, count: ARTICLES.filter((article) => article.topic === name).length })),
  };
}

export function articleAnswer(slug: string): AdviceArticleView | null {
  const index = ARTICLES.findIndex((article) => article.slug === slug);
  if (index < 0) return null;
  const article = ARTICLES[index];
  return {
    article: { ...article, body: ARTICLE_BODY },
    category: {
      id: 14,
      name: 'Grzejniki panelowe typ 33',
      slug: 'grzejniki-panelowe-typ-33',
      url_path: 'grzejniki-pokojowe/grzejniki-panelowe/grzejniki-panelowe-typ-33',
    },
    newer: index > 0 ? { slug: ARTICLES[index - 1].slug, title: ARTICLES[index - 1].title } : null,
    older: ARTICLES[index + 1] ? { slug: ARTICLES[index + 1].slug, title: ARTICLES[index + 1].title } : null,
    related: ARTICLES.filter((other) => other.topic === article.topic && other.slug !== slug).map(({ slug: s, title }) => ({ slug: s, title })),
  };
}

const productAnswer: SearchAnswer<RelatedProduct> = { items: PRODUCTS, total: PRODUCTS.length, start: 0, perPage: 4, aggregations: {} };

/** Installs the stand-in as global fetch; returns the list of requests it has answered. */
export function standInApi(): Sent[] {
  const sent: Sent[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    sent.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/advice') return json(200, { code: 200, result: listAnswer(url.searchParams) });
    if (url.pathname.startsWith('/api/advice/')) {
      const view = articleAnswer(decodeURIComponent(url.pathname.slice('/api/advice/'.length)));
      return view ? json(200, { code: 200, result: view }) : json(404, { code: 404, result: 'CMS query returned empty result' });
    }
    if (url.pathname.endsWith('/product/_search')) return json(200, productAnswer);
    return json(404, { code: 404, result: 'not in the stand-in' });
  }) as typeof fetch;
  return sent;
}
