/** @jest-environment node */
import type { RegionRequest } from '@kaloryfer/contracts';
import { render } from '../server';
import { standInCmsApi } from './testing/cms-test-api';

/** The content remote's server render of CMS pages and the footer: HTML, head, data for the page, not-found. */
const request = (path: string, module = './app', language = 'pl-PL'): RegionRequest => ({
  module,
  path,
  search: '',
  language,
  cookies: {},
  apiOrigin: 'http://127.0.0.1:3999',
  publicOrigin: 'https://sklep.kaloryfer.test',
});

let sent: URL[];
beforeEach(() => {
  sent = standInCmsApi();
});

test('a CMS page arrives whole: heading, body, side navigation, breadcrumbs, date; its data loaded in one round', async () => {
  const result = await render(request('/i/regulamin'));
  expect(result.status).toBe(200);
  expect(result.html).toMatch(/<h1[^>]*>Regulamin sklepu<\/h1>/);
  expect(result.html).toContain('<caption>Koszty dostawy</caption>');
  expect(result.html).toContain('<a href="/i/regulamin" aria-current="page">Regulamin sklepu</a>');
  expect(result.html).toContain('<a href="/i/informacje">Informacje dla klienta</a>');
  expect(result.html).toContain('<time dateTime="2026-11-01">1 listopada 2026</time>');
  expect(result.head).toMatchObject({ title: 'Regulamin sklepu', description: 'Regulamin sklepu.' });
  expect(Object.keys(result.data).sort()).toEqual(['cms-hierarchy:regulamin', 'cms-page:regulamin']);
  expect(sent.map((url) => url.href).sort()).toEqual(['http://127.0.0.1:3999/api/cms/hierarchy/regulamin', 'http://127.0.0.1:3999/api/cms/page/regulamin']);
});

test('an unknown page is page-not-found with nf: a 404 rendered in its place', async () => {
  const result = await render(request('/i/nie-ma-takiej-strony'));
  expect(result).toMatchObject({ status: 404, redirect: '/page-not-found?nf=%2Fi%2Fnie-ma-takiej-strony' });
});

test("/en/i/{slug} in English: the page's title translated, the Polish body said to be Polish, the date in English", async () => {
  const result = await render(request('/en/i/regulamin', './app', 'en-US'));
  expect(result.status).toBe(200);
  expect(result.html).toMatch(/<h1[^>]*>Terms and conditions<\/h1>/);
  expect(result.html).toContain('This page is available in Polish only.');
  expect(result.html).toContain('<div class="cms-body" lang="pl">');
  expect(result.html).toContain('Last updated:<!-- --> <time dateTime="2026-11-01">November 1, 2026</time>');
});

test('the footer is rendered on the server from the CMS: the pages under informacje, the contact block, the marks — no code needed', async () => {
  const result = await render(request('/c/akcesoria', './Footer'));
  expect(result.interactive).toBe(false);
  expect(Object.keys(result.data).sort()).toEqual(['cms-blocks:footer-', 'cms-hierarchy:informacje']);
  for (const [slug, title] of [
    ['regulamin', 'Regulamin sklepu'],
    ['dostawa', 'Dostawa'],
    ['zwroty', 'Zwroty i reklamacje'],
  ]) {
    expect(result.html).toContain(`<a href="/i/${slug}">${title}</a>`);
  }
  expect(result.html).not.toContain('/i/formularz-odstapienia'); // a grandchild, not a page of the footer
  expect(result.html).toContain('<a href="tel:+48123456789">+48 123 456 789</a>');
  expect(result.html).toContain('role="img" aria-label="BLIK"');
  expect(result.html).toContain('<a href="/porady">Porady</a>');
});

test('a CMS page names its address /i/{slug}; /en/i/{slug} is the same page (the page server writes it with ?lang=en)', async () => {
  expect((await render(request('/i/regulamin'))).head).toMatchObject({ canonical: 'https://sklep.kaloryfer.test/i/regulamin' });
  expect((await render(request('/en/i/regulamin', './app', 'en-US'))).head).toMatchObject({ canonical: 'https://sklep.kaloryfer.test/i/regulamin' });
  expect((await render(request('/i/nie-ma-takiej-strony'))).head?.canonical).toBeUndefined();
});
