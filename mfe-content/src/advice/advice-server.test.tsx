/** @jest-environment node */
import type { RegionRequest } from '@kaloryfer/contracts';
import { render } from '../server';
import { standInApi } from './testing/advice-test-api';

/** The content remote's server render of advice pages: HTML, data for hydration, the head, not-found. */
const request = (path: string, search = ''): RegionRequest => ({
  module: './app',
  path,
  search,
  language: 'pl-PL',
  cookies: {},
  apiOrigin: 'http://127.0.0.1:3999',
  publicOrigin: 'https://sklep.kaloryfer.test',
});

beforeEach(() => {
  standInApi();
});

test("an article arrives with its products and the head's JSON-LD Article and BreadcrumbList", async () => {
  const result = await render(request('/porady/grzejniki-do-pompy-ciepla'));
  expect(result.status).toBe(200);
  expect(result.html).toContain('<h1');
  expect(result.html).toContain('Grzejniki do pompy ciepła');
  expect(result.html).toContain('Grzejnik panelowy typ 33 Termolux'); // the rail is in the first view
  expect(Object.keys(result.data).sort()).toEqual(['advice-article:grzejniki-do-pompy-ciepla', 'advice-products:14']);
  expect(result.head).toMatchObject({
    title: 'Grzejniki do pompy ciepła',
    canonical: 'https://sklep.kaloryfer.test/porady/grzejniki-do-pompy-ciepla',
  });
  expect(result.head!.description!.length).toBeLessThanOrEqual(160);
  const [article, breadcrumbs] = result.head!.structuredData as Record<string, unknown>[];
  expect(article).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: 'Grzejniki do pompy ciepła',
    datePublished: '2026-11-16',
    articleSection: 'Pompy ciepła',
    image: ['https://sklep.kaloryfer.test/img/1920/1920/resize/product/panel-1500x600-f4f4f0.svg'],
    mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://sklep.kaloryfer.test/porady/grzejniki-do-pompy-ciepla' },
    publisher: { '@type': 'Organization', name: 'Kaloryfer' },
  });
  expect(breadcrumbs).toEqual({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Strona główna', item: 'https://sklep.kaloryfer.test/' },
      { '@type': 'ListItem', position: 2, name: 'Porady', item: 'https://sklep.kaloryfer.test/porady' },
      { '@type': 'ListItem', position: 3, name: 'Grzejniki do pompy ciepła', item: 'https://sklep.kaloryfer.test/porady/grzejniki-do-pompy-ciepla' },
    ],
  });
});

test('an unknown article is page-not-found with nf: a 404 rendered in its place', async () => {
  const result = await render(request('/porady/nie-ma-takiej-porady'));
  expect(result).toMatchObject({ status: 404, redirect: '/page-not-found?nf=%2Fporady%2Fnie-ma-takiej-porady' });
  expect(result.head?.structuredData).toBeUndefined();
});

test.each([
  ['?topic=lazienka', 'https://sklep.kaloryfer.test/porady?topic=lazienka', 'Porady: Łazienka'],
  ['?topic=nie-ma-takiego&page=2', 'https://sklep.kaloryfer.test/porady?page=2', 'Porady – strona 2'],
  ['', 'https://sklep.kaloryfer.test/porady', 'Porady'],
])('the list %s: canonical %s, title %s, cards in the HTML', async (search, canonical, title) => {
  const result = await render(request('/porady', search));
  expect(result.status).toBe(200);
  expect(result.head).toMatchObject({ canonical, title });
  expect(result.html).toContain('advice-card');
});

test('on an English page the Polish-only article is marked lang="pl" (title, lead, contents, body, cards); on a Polish page it is not', async () => {
  const english = await render({ ...request('/porady/grzejniki-do-pompy-ciepla'), language: 'en-US' });
  expect(english.html).toMatch(/<h1[^>]* lang="pl"[^>]*>Grzejniki do pompy ciepła<\/h1>/);
  expect(english.html).toContain('<p class="page-lead" lang="pl">');
  expect(english.html).toContain('<div class="advice-body" lang="pl">');
  const list = await render({ ...request('/porady'), language: 'en-US' });
  expect(list.html).toContain('<h2 class="advice-card-title" lang="pl">');
  const polish = await render(request('/porady/grzejniki-do-pompy-ciepla'));
  expect(polish.html).not.toContain('lang="pl"');
});

test("an article's JSON-LD and Open Graph say what the page shows: its heading, its day, its picture; in German its addresses are German (?lang=de)", async () => {
  const result = await render({ ...request('/porady/grzejniki-do-pompy-ciepla'), language: 'de-DE' });
  const [article, breadcrumbs] = result.head!.structuredData as Record<string, any>[];
  const heading = /<h1[^>]*>(.*?)<\/h1>/.exec(result.html)![1];
  expect(article.headline).toBe(heading);
  expect(result.html).toContain(`<time dateTime="${article.datePublished}">`);
  expect(article.mainEntityOfPage['@id']).toBe('https://sklep.kaloryfer.test/porady/grzejniki-do-pompy-ciepla?lang=de');
  expect(breadcrumbs.itemListElement.map((crumb: { item: string }) => crumb.item)).toEqual([
    'https://sklep.kaloryfer.test/?lang=de',
    'https://sklep.kaloryfer.test/porady?lang=de',
    'https://sklep.kaloryfer.test/porady/grzejniki-do-pompy-ciepla?lang=de',
  ]);
  // The canonical is the page's path: the page server writes it in the page's language.
  expect(result.head!.canonical).toBe('https://sklep.kaloryfer.test/porady/grzejniki-do-pompy-ciepla');
  expect(result.head!.openGraph).toEqual({
    type: 'article',
    image: article.image[0],
    imageAlt: heading,
    properties: [
      { property: 'article:published_time', content: article.datePublished },
      { property: 'article:modified_time', content: article.dateModified },
      { property: 'article:section', content: article.articleSection },
    ],
  });
  expect(result.html).toContain(article.articleSection); // the topic the meta line names
});
