import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import type { CmsBlock } from '@kaloryfer/api-contract';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { cmsBlockPage, ok, product, productView, stock } from '../testing/catalog-answers';
import { ProductPage } from './product-page';

/**
 * A product page's delivery and returns box against a stand-in for the shop API at the fetch
 * boundary: a plain product and the product-* blocks as the seed writes them.
 */
const view = productView({
  product: product({
    id: 7,
    sku: 'KF-ZW-0007',
    slug: 'zawor-termostatyczny',
    name: 'Zawór termostatyczny',
    type_id: 'simple',
    image: '/zawor.svg',
    final_price_incl_tax: 239,
    original_price_incl_tax: 239,
    stock: stock(10),
  }),
});
const BLOCKS: CmsBlock[] = [
  {
    id: 7,
    identifier: 'product-delivery-info',
    title: 'Dostawa',
    content: 'Kurier od 24 h. Grzejniki pakujemy w karton z narożnikami ochronnymi.',
    active: true,
  },
  { id: 8, identifier: 'product-return-info', title: 'Zwroty', content: 'Masz 14 dni na zwrot bez podawania przyczyny <b>!</b>', active: true },
];

let sent: string[];
beforeEach(() => {
  sent = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const href = String(url);
    sent.push(href);
    const json = (payload: unknown) => ({ ok: true, status: 200, statusText: 'OK', json: async () => payload }) as Response;
    if (href.startsWith('/api/cms/blocks')) return json(ok(cmsBlockPage(BLOCKS)));
    if (href.startsWith('/api/product-view/')) return json(ok(view));
    return json({ code: 200, result: null });
  }) as typeof fetch;
});

test('"Dostawa" and "Zwroty" from the CMS as text, with links to the pages that say it in full, from one request', async () => {
  await renderRemote(<ProductPage parentSku="KF-ZW-0007" />, CATALOG_NAMESPACE);
  const box = await screen.findByRole('region', { name: 'Dostawa i zwroty' });
  expect(
    within(box)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent),
  ).toEqual(['Dostawa', 'Zwroty']);
  expect(box).toHaveTextContent('Kurier od 24 h. Grzejniki pakujemy w karton z narożnikami ochronnymi.');
  // Plain text: markup in a block stays text.
  expect(within(box).getByText('Masz 14 dni na zwrot bez podawania przyczyny <b>!</b>')).toBeInTheDocument();
  expect(box.querySelector('b')).toBeNull();
  expect(within(box).getByRole('link', { name: 'Więcej o dostawie' })).toHaveAttribute('href', '/i/dostawa');
  expect(within(box).getByRole('link', { name: 'Więcej o zwrotach i reklamacjach' })).toHaveAttribute('href', '/i/zwroty');
  expect(sent.filter((url) => url.startsWith('/api/cms/'))).toEqual(['/api/cms/blocks?like=product-']);
});
