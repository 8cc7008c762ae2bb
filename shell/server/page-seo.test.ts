/** @jest-environment node */
import { matchRoute, type PageHead } from '@kaloryfer/contracts';
import { ServerI18n } from '@kaloryfer/i18n/server';
import type { Language } from '@kaloryfer/i18n';
import { PRIVATE_ROUTES } from '../src/service-worker/routes';
import { pageSeo, ROUTE_ROBOTS, seoTags } from './page-seo';

const i18n = new ServerI18n();
const seoOf = (path: string, head: PageHead = {}, { status = 200, language = 'pl-PL' as Language } = {}) =>
  pageSeo({
    head,
    route: matchRoute(path),
    path,
    status,
    language,
    publicOrigin: 'https://sklep.kaloryfer.test',
    title: 'Tytuł',
    description: 'Opis',
    i18n: i18n.forLanguage(language),
  });

test('an indexable page: canonical in its language, the five hreflang alternates on the public origin, no robots', () => {
  const seo = seoOf('/p/KF-1/grzejnik', { canonical: 'http://127.0.0.1:3000/p/KF-1/grzejnik' }, { language: 'de-DE' });
  expect(seo.robots).toBeNull();
  expect(seo.canonical).toBe('https://sklep.kaloryfer.test/p/KF-1/grzejnik?lang=de');
  expect(seo.alternates).toEqual([
    { hreflang: 'pl', href: 'https://sklep.kaloryfer.test/p/KF-1/grzejnik' },
    { hreflang: 'en', href: 'https://sklep.kaloryfer.test/p/KF-1/grzejnik?lang=en' },
    { hreflang: 'de', href: 'https://sklep.kaloryfer.test/p/KF-1/grzejnik?lang=de' },
    { hreflang: 'it', href: 'https://sklep.kaloryfer.test/p/KF-1/grzejnik?lang=it' },
    { hreflang: 'x-default', href: 'https://sklep.kaloryfer.test/p/KF-1/grzejnik' },
  ]);
  // A region's canonical naming a language is read as its page: written in the page's.
  expect(seoOf('/porady', { canonical: 'https://sklep.kaloryfer.test/porady?page=2&lang=it' }).canonical).toBe('https://sklep.kaloryfer.test/porady?page=2');
});

test("hreflang is reciprocal: each language's page names the same five alternates, its own among them as its canonical", () => {
  const pages = (['pl-PL', 'en-US', 'de-DE', 'it-IT'] as const).map((language) => seoOf('/c/akcesoria', { canonical: '/c/akcesoria' }, { language }));
  for (const page of pages) {
    expect(page.alternates).toEqual(pages[0].alternates);
    expect(page.alternates.map((alternate) => alternate.href)).toContain(page.canonical);
  }
});

test("a page without a region's canonical is its own path without the query; spec §2's /en/ routes are the ?lang=en page", () => {
  expect(seoOf('/i/dostawa').canonical).toBe('https://sklep.kaloryfer.test/i/dostawa');
  expect(seoOf('/en/i/dostawa', {}, { language: 'en-US' }).canonical).toBe('https://sklep.kaloryfer.test/i/dostawa?lang=en');
  expect(seoOf('/en/checkout', {}, { language: 'en-US' }).canonical).toBe('https://sklep.kaloryfer.test/checkout?lang=en');
  expect(seoOf('/en/my-account', {}, { language: 'en-US' }).canonical).toBe('https://sklep.kaloryfer.test/my-account?lang=en');
});

test.each([
  ['/checkout', 'noindex, nofollow'],
  ['/en/checkout', 'noindex, nofollow'],
  ['/thank-you-page', 'noindex, nofollow'],
  ['/my-account', 'noindex, nofollow'],
  ['/my-account/orders/12', 'noindex, nofollow'],
  ['/create-password', 'noindex, nofollow'],
  ['/compare', 'noindex, follow'],
  ['/error', 'noindex, follow'],
  ['/placepozniej', 'noindex, follow'],
  ['/page-not-found', 'noindex, follow'],
  ['/', null],
  ['/p/KF-1/x', null],
  ['/c/akcesoria', null],
  ['/i/regulamin', null],
  ['/porady', null],
  ['/porady/jak-dobrac', null],
  ['/brands', null],
  ['/categories', null],
])('%s: robots %s; alternates only when listed', (path, robots) => {
  const seo = seoOf(path);
  expect(seo.robots).toBe(robots);
  expect(seo.alternates).toHaveLength(robots ? 0 : 5);
});

test('every page the service worker keeps private is noindex, nofollow (one list)', () => {
  for (const route of PRIVATE_ROUTES) expect(ROUTE_ROBOTS[route]).toBe('noindex, nofollow');
});

test("a region's robots (a filtered listing, search results) is written, with its canonical and no alternates; a 404 is noindex without a canonical", () => {
  const filtered = seoOf('/c/akcesoria', { canonical: '/c/akcesoria', robots: 'noindex, follow' });
  expect(filtered).toMatchObject({ robots: 'noindex, follow', canonical: 'https://sklep.kaloryfer.test/c/akcesoria', alternates: [] });
  const missing = seoOf('/page-not-found', {}, { status: 404 });
  expect(missing).toMatchObject({ robots: 'noindex, follow', canonical: null, alternates: [] });
  // A 404 on any route (a product that is gone) is noindex too.
  expect(seoOf('/p/KF-1/x', { canonical: '/p/KF-1/x' }, { status: 404 })).toMatchObject({ robots: 'noindex, follow', canonical: null });
});

test("Open Graph and Twitter on every page: the page's title, description, canonical, picture (absolute), type and locales", () => {
  const meta = (seo: ReturnType<typeof seoOf>) => seo.meta.map((tag) => [tag.property ?? tag.name, tag.content]);
  expect(meta(seoOf('/i/dostawa', {}, { language: 'it-IT' }))).toEqual([
    ['og:site_name', 'Kaloryfer'],
    ['og:type', 'website'],
    ['og:title', 'Tytuł'],
    ['og:description', 'Opis'],
    ['og:url', 'https://sklep.kaloryfer.test/i/dostawa?lang=it'],
    ['og:image', 'https://sklep.kaloryfer.test/favicon.svg'],
    ['og:locale', 'it_IT'],
    ['og:locale:alternate', 'pl_PL'],
    ['og:locale:alternate', 'en_US'],
    ['og:locale:alternate', 'de_DE'],
    ['twitter:card', 'summary_large_image'],
  ]);
  const product = seoOf('/p/KF-1/x', {
    canonical: '/p/KF-1/x',
    openGraph: { type: 'product', image: '/img/1920/1920/resize/x.svg', imageAlt: 'X', properties: [{ property: 'product:price:amount', content: '899.00' }] },
  });
  expect(meta(product)).toEqual(
    expect.arrayContaining([
      ['og:type', 'product'],
      ['og:image', 'https://sklep.kaloryfer.test/img/1920/1920/resize/x.svg'],
      ['og:image:alt', 'X'],
      ['product:price:amount', '899.00'],
    ]),
  );
  // A 404 has no address of its own to share.
  expect(meta(seoOf('/page-not-found', {}, { status: 404 })).map(([property]) => property)).not.toContain('og:url');
});

test('every value is escaped in the tags', () => {
  const hostile = '"><script>alert(1)</script>';
  const tags = seoTags(
    seoOf(`/p/KF-1/x`, { canonical: `/p/KF-1/${hostile}`, openGraph: { imageAlt: hostile, properties: [{ property: `og:${hostile}`, content: hostile }] } }),
  ).join('');
  expect(tags).not.toContain('<script>');
  expect(tags).not.toMatch(/="[^"]*"><script/);
  expect(tags).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  expect(tags).toContain('<link rel="canonical" href="https://sklep.kaloryfer.test/p/KF-1/%22%3E%3Cscript%3Ealert(1)%3C/script%3E" data-seo="server">');
});
