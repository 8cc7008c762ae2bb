/** @jest-environment node */
import type { RegionRequest } from '@kaloryfer/contracts';
import { render } from '../server';
import { standInCatalog } from './testing/not-found-test-api';

/** The content remote's server render of page-not-found, /error and /placepozniej: their first view is in the HTML. */
const request = (path: string, search = ''): RegionRequest => ({
  module: './app',
  path,
  search,
  language: 'pl-PL',
  cookies: {},
  apiOrigin: 'http://127.0.0.1:3999',
  publicOrigin: 'https://sklep.kaloryfer.test',
});

test('page-not-found arrives with its suggestions and categories, and hands their data to the browser', async () => {
  standInCatalog();
  const result = await render(request('/page-not-found', `?${new URLSearchParams({ nf: '/grzejnik-lazienkowy-bialy' })}`));
  expect(result.html).toContain('Nie znaleziono strony');
  expect(result.html).toContain('Grzejnik łazienkowy drabinkowy Aura biały');
  expect(result.html).toContain('href="/c/grzejniki-lazienkowe"');
  expect(result.html).toContain('action="/categories"');
  expect(Object.keys(result.data).sort()).toEqual(['not-found-categories', 'not-found-products:grzejnik lazienkowy bialy']);
  expect(result.head).toMatchObject({ title: 'Nie znaleziono strony' });
});

test('/error and /placepozniej are rendered on the server (no data needed)', async () => {
  standInCatalog();
  const failed = await render(request('/error', '?from=%2Fi%2Fregulamin&remote=content'));
  expect(failed.html).toContain('Nie udało się wczytać strony /i/regulamin.');
  expect(failed.html).toContain('href="/i/regulamin"');
  const later = await render(request('/placepozniej'));
  expect(later.html).toContain('<table');
  expect(later.html).toContain('Płacę później i raty');
});
