import robotsParser from 'robots-parser';
import { PRIVATE_FOLDERS, PRIVATE_PAGES, robotsRules, robotsTxt } from './robots-txt';

/**
 * robots.txt read as a crawler reads it (robots-parser: RFC 9309 matching with `*` and `$`, and
 * Google's precedence — the longest matching pattern wins, Allow on a tie).
 */
const ORIGIN = 'https://sklep.kaloryfer.test';
const live = robotsParser(`${ORIGIN}/robots.txt`, robotsTxt('index', ORIGIN));
const staging = robotsParser(`${ORIGIN}/robots.txt`, robotsTxt('noindex', ORIGIN));

const CRAWLABLE = [
  '/',
  '/?lang=en',
  '/p/KF-GD-0001/grzejnik-dekoracyjny-pionowy',
  '/p/KF-GD-0001/grzejnik-dekoracyjny-pionowy?lang=en',
  '/p/KF-GD-0001/grzejnik-dekoracyjny-pionowy?lang=de',
  '/p/KF-GD-0001/grzejnik-dekoracyjny-pionowy?lang=it',
  '/p/KF-GD-0001/grzejnik-dekoracyjny-pionowy/KF-GD-0001-500-1800-BIA',
  '/c/grzejniki-drabinkowe',
  '/c/grzejniki-drabinkowe?lang=de',
  '/grzejniki-lazienkowe/grzejniki-drabinkowe',
  '/grzejniki-lazienkowe/grzejniki-drabinkowe?lang=it',
  '/categories',
  '/i/regulamin',
  '/i/regulamin?lang=en',
  '/porady',
  '/porady/jak-dobrac-grzejnik?lang=de',
  '/porady?topic=lazienka',
  '/porady?topic=lazienka&lang=en',
  '/porady?topic=lazienka&page=2&lang=it',
  '/porady?page=2',
  '/compare',
  '/img/1920/1920/resize/product/ladder-500x1200-f4f4f0.svg',
  '/sitemap.xml',
  '/sitemaps/products-pl-1.xml',
  '/brands',
  // A product or category whose address merely starts like a private page is crawlable.
  '/errorless-valve-set',
  '/errorless-valve-set?lang=en',
  '/cartridge-heater',
  '/compare-radiators?lang=de',
  '/placepozniej',
];

const NOT_CRAWLABLE = [
  // A shopper's own pages, one-off pages, in every language
  '/cart',
  '/checkout',
  '/checkout?lang=en',
  '/en/checkout',
  '/thank-you-page?order_increment_id=000000123',
  '/thank-you-page?lang=de',
  '/my-account',
  '/my-account/orders/12',
  '/my-account/orders/12?lang=en',
  '/my-account?lang=en',
  '/en/my-account',
  '/create-password?token=abc',
  '/create-password?lang=it',
  '/page-not-found?nf=/nie-ma',
  '/page-not-found?lang=en',
  '/error',
  '/error?from=/c/x&remote=catalog',
  '/error?lang=en',
  // The machinery
  '/api/catalog/vue_storefront_catalog/product/_search',
  '/api/url?path=/x&lang=en',
  '/api/product-view/KF-1?lang=en',
  '/registry/v1/remotes',
  '/mfe/catalog/0123456789ab/remoteEntry.js',
  '/mfe/catalog/0123456789ab/mf-manifest.json?lang=en',
  '/mfe-registry.json',
  // Search results and faceted or sorted listings, with or without a language
  '/categories?query=grzejnik',
  '/categories?query=grzejnik&lang=en',
  '/c/grzejniki-drabinkowe?color=5',
  '/c/grzejniki-drabinkowe?color=5,7&sort=price_asc',
  '/c/grzejniki-drabinkowe?color=5&lang=en',
  '/c/grzejniki-drabinkowe?lang=en&color=5',
  '/grzejniki-lazienkowe/grzejniki-drabinkowe?price=500-1000',
  '/p/KF-GD-0001/grzejnik?lang=en&utm_source=x',
  '/p/KF-GD-0001/grzejnik?mfe=catalog:b',
  '/porady?utm_source=newsletter',
  '/?lang=fr',
  '/?lang=english',
];

test.each(CRAWLABLE)('index: %s is crawlable', (path) => {
  expect(live.isAllowed(ORIGIN + path, 'Googlebot')).toBe(true);
  expect(live.isAllowed(ORIGIN + path, 'Bingbot')).toBe(true);
});

test.each(NOT_CRAWLABLE)('index: %s is not', (path) => {
  expect(live.isAllowed(ORIGIN + path, 'Googlebot')).toBe(false);
});

test('index: the sitemap is named, at the public origin', () => {
  expect(live.getSitemaps()).toEqual([`${ORIGIN}/sitemap.xml`]);
});

test("every private prefix's in-language rule outranks the language rules (longest match wins)", () => {
  const rules = robotsRules('index');
  const allow = Math.max(...rules.filter((rule) => rule.directive === 'Allow' && rule.pattern.includes('lang')).map((rule) => rule.pattern.length));
  const inLanguage = [...PRIVATE_PAGES.map((page) => `${page}?*lang=`), ...PRIVATE_FOLDERS.map((folder) => `${folder}*?lang=`)];
  for (const pattern of inLanguage) {
    expect(rules.find((rule) => rule.pattern === pattern)?.directive).toBe('Disallow');
    expect(pattern.length).toBeGreaterThan(allow);
  }
});

test.each([...CRAWLABLE, ...NOT_CRAWLABLE])('noindex (staging): %s is not crawlable', (path) => {
  expect(staging.isAllowed(ORIGIN + path, 'Googlebot')).toBe(false);
});

test('noindex (staging): no sitemap, and only Disallow: / for every agent', () => {
  expect(staging.getSitemaps()).toEqual([]);
  const text = robotsTxt('noindex', ORIGIN);
  expect(text).toContain('User-agent: *\nDisallow: /\n');
  expect(text).not.toMatch(/^Allow:/m);
  expect(text).not.toMatch(/^Sitemap:/m);
});
