import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../shop-env';
import { expect, test } from './fixtures';
import { findProducts, type Found } from './helpers';

/**
 * What search engines and link previews read in each page's first response (docs/seo.md), over
 * real HTTP: every indexable page type in each of the four languages (`?lang=`) — its canonical
 * in that language, the same five hreflang alternates pointing at pages that point back, Open
 * Graph; its JSON-LD against what the page shows (name, price, availability, rating, heading);
 * noindex where a page is not to be listed; and one browser check that `?lang=de` is German.
 */
const ORIGIN = BASE_URL; // PUBLIC_HOST is the e2e shop's host: its public origin
const LANGUAGES = [
  { hreflang: 'pl', lang: 'pl', locale: 'pl_PL' },
  { hreflang: 'en', lang: 'en', locale: 'en_US' },
  { hreflang: 'de', lang: 'de', locale: 'de_DE' },
  { hreflang: 'it', lang: 'it', locale: 'it_IT' },
] as const;
/** A path in a language, as the shop's scheme writes it: Polish the plain path, the others `lang=`. */
const inLanguage = (path: string, hreflang: string) => (hreflang === 'pl' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${hreflang}`);

interface Head {
  status: number;
  body: string;
  htmlLang: string;
  canonical: string | null;
  alternates: Record<string, string>;
  robots: string | null;
  og: Record<string, string[]>;
  jsonLd: Record<string, any>[];
}

const decode = (text: string) =>
  text
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

async function headOf(request: APIRequestContext, url: string): Promise<Head> {
  const response = await request.get(url, { headers: { accept: 'text/html' } });
  const body = await response.text();
  const head = body.slice(0, body.indexOf('</head>'));
  const og: Record<string, string[]> = {};
  for (const [, property, content] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" data-seo="server">/g)) {
    (og[property] ??= []).push(decode(content));
  }
  return {
    status: response.status(),
    body,
    htmlLang: /<html lang="([^"]+)">/.exec(body)![1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1]?.replace(/&amp;/g, '&') ?? null,
    alternates: Object.fromEntries(
      [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, href.replace(/&amp;/g, '&')]),
    ),
    robots: /<meta name="robots" content="([^"]+)"/.exec(head)?.[1] ?? null,
    og,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json" data-seo="server">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1])),
  };
}

const ofType = (head: Head, type: string) => head.jsonLd.find((data) => data['@type'] === type);
const heading = (body: string) => decode(/<h1[^>]*>(.*?)<\/h1>/.exec(body)![1]);

/** "2 609,00 zł" (English "2,609.00 zł") → "2609.00", as JSON-LD writes money. */
function amount(shown: string): string {
  const [, whole, cents] = /^(.*)[.,](\d{2})$/.exec(shown.replace(/[^\d.,]/g, ''))!;
  return `${Number(whole.replace(/\D/g, ''))}.${cents}`;
}

/** What a shopper reads on a product page's first view. */
function visibleProduct(body: string) {
  const region = body.slice(body.indexOf('id="region-catalog"'));
  const rating = /<a href="#product-reviews">([\d,.]+)<!-- --> \(<!-- -->(\d+)/.exec(region);
  return {
    name: heading(region),
    sku: decode(/<p class="product-sku">[^:]*: (.*?)<\/p>/.exec(region)![1]),
    price: amount(decode(/<p class="price-final"><strong[^>]*>(.*?)<\/strong>/.exec(region)![1])),
    inStock: /<p class="stock-in">/.test(region),
    rating: rating ? { average: Number(rating[1].replace(',', '.')).toFixed(1), count: Number(rating[2]) } : null,
    reviews: [...region.matchAll(/<h3 id="review-\d+">(.*?)<\/h3>/g)].map((match) => decode(match[1])),
  };
}

/** The page's breadcrumbs as a shopper reads them. */
const shownCrumbs = (body: string) =>
  [.../<nav class="breadcrumbs"[^>]*>(.*?)<\/nav>/.exec(body)![1].matchAll(/<li>(.*?)<\/li>/g)].map((match) => decode(match[1]));

let simple: Found;
let configurable: Found;
let article: string;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  [simple] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1);
  configurable = (await findProducts(page, [{ attribute: 'type_id', value: { eq: 'configurable' } }], 10)).find(
    (product) => (product.configurable_children?.length ?? 0) > 1,
  )!;
  article = (await (await page.request.get('/api/advice?size=1')).json()).result.items[0].slug;
  await page.close();
});

/** Every indexable page type: where it is, what its canonical path is, its og:type. */
const pageTypes = () => [
  { type: 'home', path: '/', canonical: '/', og: 'website' },
  { type: 'category listing', path: '/c/grzejniki-drabinkowe', canonical: '/c/grzejniki-drabinkowe', og: 'website' },
  { type: 'category by url_path', path: '/grzejniki-lazienkowe/grzejniki-drabinkowe', canonical: '/c/grzejniki-drabinkowe', og: 'website' },
  { type: 'product', path: `/p/${simple.sku}/${simple.slug}`, canonical: `/p/${simple.sku}/${simple.slug}`, og: 'product' },
  {
    type: 'configurable product',
    path: `/p/${configurable.sku}/${configurable.slug}`,
    canonical: `/p/${configurable.sku}/${configurable.slug}`,
    og: 'product',
  },
  {
    type: "a configurable's variant",
    path: `/p/${configurable.sku}/${configurable.slug}/${configurable.configurable_children!.find((child) => child.stock.is_in_stock)!.sku}`,
    canonical: `/p/${configurable.sku}/${configurable.slug}`,
    og: 'product',
  },
  { type: 'CMS page', path: '/i/dostawa', canonical: '/i/dostawa', og: 'website' },
  { type: 'advice list', path: '/porady', canonical: '/porady', og: 'website' },
  { type: 'advice article', path: `/porady/${article}`, canonical: `/porady/${article}`, og: 'article' },
  { type: 'brands', path: '/marki', canonical: '/brands', og: 'website' },
  { type: 'categories', path: '/categories', canonical: '/categories', og: 'website' },
];

test('every indexable page type in each language: canonical in that language, five reciprocal hreflang alternates, no robots, Open Graph and Twitter', async ({
  request,
}) => {
  test.slow(); // 11 page types × 4 languages, each alternate fetched back
  for (const pageType of pageTypes()) {
    const expected: Record<string, string> = Object.fromEntries([
      ...LANGUAGES.map(({ hreflang }) => [hreflang, ORIGIN + inLanguage(pageType.canonical, hreflang)]),
      ['x-default', ORIGIN + pageType.canonical],
    ]);
    for (const { hreflang, lang, locale } of LANGUAGES) {
      const what = `${pageType.type} in ${hreflang}`;
      const head = await headOf(request, inLanguage(pageType.path, hreflang));
      expect(head.status, what).toBe(200);
      expect(head.htmlLang, what).toBe(lang);
      expect(head.robots, what).toBeNull();
      expect(head.canonical, what).toBe(ORIGIN + inLanguage(pageType.canonical, hreflang));
      expect(head.alternates, what).toEqual(expected);
      // Open Graph: the page's own title and description, its canonical, an absolute picture, its type and locales.
      expect(head.og['og:url'], what).toEqual([head.canonical]);
      expect(head.og['og:type'], what).toEqual([pageType.og]);
      expect(head.og['og:title']?.[0], what).toBeTruthy();
      expect(head.og['og:description'], what).toEqual([decode(/<meta name="description" content="([^"]*)">/.exec(head.body)![1])]);
      expect(head.og['og:image']?.[0], what).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(head.og['og:locale'], what).toEqual([locale]);
      expect(head.og['og:locale:alternate']?.length, what).toBe(3);
      expect(head.og['twitter:card'], what).toEqual(['summary_large_image']);
    }
    // Reciprocity: every alternate is a page whose canonical is itself and which names the same alternates.
    for (const [hreflang, href] of Object.entries(expected)) {
      const alternate = await headOf(request, href.slice(ORIGIN.length));
      expect(alternate.canonical, `${pageType.type}: ${hreflang}'s page`).toBe(href);
      expect(alternate.alternates, `${pageType.type}: ${hreflang}'s page`).toEqual(expected);
    }
  }
});

test('product pages: the JSON-LD and Open Graph say what the page shows — name, price, availability, rating, reviews — in every language', async ({
  request,
}) => {
  const variant = configurable.configurable_children!.find((child) => child.stock.is_in_stock)!;
  for (const path of [
    `/p/${simple.sku}/${simple.slug}`,
    `/p/${configurable.sku}/${configurable.slug}`,
    `/p/${configurable.sku}/${configurable.slug}/${variant.sku}`,
  ]) {
    for (const { hreflang } of LANGUAGES) {
      const what = `${path} in ${hreflang}`;
      const head = await headOf(request, inLanguage(path, hreflang));
      const shown = visibleProduct(head.body);
      const product = ofType(head, 'Product')!;
      expect(product.name, what).toBe(shown.name);
      const offers: Record<string, any>[] = Array.isArray(product.offers) ? product.offers : [product.offers];
      const offer = offers.length === 1 ? offers[0] : offers.find((candidate) => candidate.sku === shown.sku);
      expect(offer, what).toBeDefined();
      expect(offer!.price, what).toBe(shown.price);
      expect(offer!.priceCurrency, what).toBe('PLN');
      expect(offer!.availability, what).toBe(shown.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
      // Merchant listing: the shop's 14-day returns in Poland and a shipping rate to Poland.
      expect(offer!.hasMerchantReturnPolicy, what).toMatchObject({ applicableCountry: 'PL', merchantReturnDays: 14 });
      expect(offer!.shippingDetails, what).toMatchObject({ shippingDestination: { addressCountry: 'PL' }, shippingRate: { currency: 'PLN' } });
      if (shown.rating) expect(product.aggregateRating, what).toMatchObject({ ratingValue: shown.rating.average, reviewCount: shown.rating.count });
      else expect(product.aggregateRating, what).toBeUndefined();
      for (const review of product.review ?? []) expect(shown.reviews, what).toContain(review.name);
      expect(head.og['product:price:amount'], what).toEqual([shown.price]);
      expect(head.og['product:price:currency'], what).toEqual(['PLN']);
      expect(head.og['og:image']?.[0], what).toBe(product.image[0]);
      // The breadcrumb trail is the page's, ending at its canonical address in its language.
      const trail = ofType(head, 'BreadcrumbList')!.itemListElement;
      expect(
        trail.map((crumb: { name: string }) => crumb.name),
        what,
      ).toEqual(shownCrumbs(head.body));
      expect(trail.at(-1).item, what).toBe(head.canonical);
    }
  }
});

test('the other page types: each JSON-LD names what the page shows', async ({ request }) => {
  for (const { hreflang } of LANGUAGES) {
    // Home: the shop and its search, whose address is the shop's real search (results: noindex).
    const home = await headOf(request, inLanguage('/', hreflang));
    expect(ofType(home, 'Organization')).toMatchObject({ name: 'Kaloryfer', url: `${ORIGIN}/` });
    expect(home.body).toContain('Kaloryfer');
    const template: string = ofType(home, 'WebSite')!.potentialAction.target.urlTemplate;
    expect(template).toBe(`${ORIGIN}${inLanguage('/categories?query={search_term_string}', hreflang)}`);
    const results = await headOf(request, template.slice(ORIGIN.length).replace('{search_term_string}', 'grzejnik'));
    expect(results.status).toBe(200);
    expect(results.htmlLang).toBe(hreflang);
    expect(results.body).toContain('class="product-tile"');
    expect(results.robots).toBe('noindex, follow');

    // A category: its trail is the page's breadcrumbs, ending at the listing.
    const category = await headOf(request, inLanguage('/c/grzejniki-drabinkowe', hreflang));
    const trail = ofType(category, 'BreadcrumbList')!.itemListElement;
    expect(trail.map((crumb: { name: string }) => crumb.name)).toEqual(shownCrumbs(category.body));
    expect(trail.at(-1).item).toBe(ORIGIN + inLanguage('/c/grzejniki-drabinkowe', hreflang));

    // An article: its heading, its day, its picture.
    const advice = await headOf(request, inLanguage(`/porady/${article}`, hreflang));
    const schema = ofType(advice, 'Article')!;
    expect(schema.headline).toBe(heading(advice.body));
    expect(advice.body).toContain(`<time dateTime="${schema.datePublished}">`);
    expect(schema.author).toMatchObject({ name: 'Kaloryfer' });
    expect(schema.mainEntityOfPage['@id']).toBe(advice.canonical);
    expect(advice.og['og:image']).toEqual([schema.image[0]]);
    expect(advice.og['article:published_time']).toEqual([schema.datePublished]);
  }
});

test('noindex where a page is not to be listed; a filtered listing points at the bare one; the not-found page is still a 404', async ({ request }) => {
  for (const [url, robots, canonical] of [
    ['/c/grzejniki-drabinkowe?sale=true', 'noindex, follow', '/c/grzejniki-drabinkowe'],
    ['/grzejniki-lazienkowe/grzejniki-drabinkowe?sort=price:asc&lang=de', 'noindex, follow', '/c/grzejniki-drabinkowe?lang=de'],
    ['/categories?query=grzejnik', 'noindex, follow', '/categories'],
    ['/compare', 'noindex, follow', '/compare'],
    ['/checkout', 'noindex, nofollow', '/checkout'],
    ['/en/checkout', 'noindex, nofollow', '/checkout?lang=en'],
    ['/my-account', 'noindex, nofollow', '/my-account'],
    ['/en/my-account', 'noindex, nofollow', '/my-account?lang=en'],
    ['/my-account/orders', 'noindex, nofollow', '/my-account/orders'],
    ['/thank-you-page?order_increment_id=000000001', 'noindex, nofollow', '/thank-you-page'],
    ['/error', 'noindex, follow', '/error'],
  ] as const) {
    const head = await headOf(request, url);
    expect(head.status, url).toBe(200);
    expect(head.robots, url).toBe(robots);
    expect(head.canonical, url).toBe(ORIGIN + canonical);
    expect(head.alternates, url).toEqual({});
    expect(head.og['og:title']?.length, url).toBe(1);
  }
  for (const url of ['/nie-ma-takiej-strony', '/p/KF-XX-9999/x?lang=de']) {
    const missing = await headOf(request, url);
    expect(missing.status, url).toBe(404);
    expect(missing.robots, url).toBe('noindex, follow');
    expect(missing.canonical, url).toBeNull();
  }
  // Indexable pages carry no robots at all.
  expect((await headOf(request, '/c/grzejniki-drabinkowe')).robots).toBeNull();
  // Spec §2's English CMS route is the ?lang=en page: English, canonical to it, listed.
  const english = await headOf(request, '/en/i/dostawa');
  expect(english).toMatchObject({ status: 200, htmlLang: 'en', robots: null, canonical: `${ORIGIN}/i/dostawa?lang=en` });
});

test('in a browser, ?lang=de is German whatever the cookie says, and leaves the cookie alone; the language switcher keeps the address in step', async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: 'kf_lang', value: 'it-IT', url: ORIGIN }]);
  await page.goto('/c/grzejniki-drabinkowe?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation', { name: 'Navigationspfad' }).getByRole('link', { name: 'Startseite' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de-DE');
  expect((await context.cookies()).find((cookie) => cookie.name === 'kf_lang')?.value).toBe('it-IT');
  // The shopper picks English: the page is English and its address says so.
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page).toHaveURL(/\/c\/grzejniki-drabinkowe\?lang=en$/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // In-app, the address keeps naming the language.
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/\?lang=en$/);
  // An address naming no language is the shopper's choice: now English.
  await page.goto('/c/grzejniki-drabinkowe');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
