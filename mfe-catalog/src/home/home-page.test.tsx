import type { CmsBlock } from '@kaloryfer/api-contract';
import { renderRemote } from '@kaloryfer/ui/testing';
import { i18n, I18nextProvider, initI18n, registerNamespace, setLanguage } from '@kaloryfer/i18n';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { cmsBlockPage, ok, searchAnswer } from '../testing/catalog-answers';
import type { ListedTile } from '../listing/listing-request';
import { HomePage } from './home-page';

/**
 * The home page's "Dlaczego Kaloryfer" against a stand-in for the shop API at the fetch boundary:
 * the home-usp-* blocks as the seed writes them (api/src/seed/content.ts); the rails get no
 * products. The blocks are kept per page load and a failure is not: the failing case runs first.
 */
const USP_BLOCKS: CmsBlock[] = [
  { id: 1, identifier: 'home-usp-delivery', title: 'Wysyłka w 24 h', content: 'Większość produktów wysyłamy kurierem w 24 godziny.', active: true },
  { id: 2, identifier: 'home-usp-returns', title: '14 dni na zwrot', content: 'Zwrot bez podawania przyczyny w ciągu 14 dni.', active: true },
];

let sent: string[];
function standInApi(blocks: 'answer' | 'fail') {
  sent = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const href = String(url);
    sent.push(href);
    const json = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload }) as Response;
    if (href.startsWith('/api/cms/blocks')) {
      return blocks === 'fail' ? json(503, { code: 503, result: 'Service Unavailable' }) : json(200, ok(cmsBlockPage(USP_BLOCKS)));
    }
    return json(200, searchAnswer<ListedTile>([], { perPage: 8 }));
  }) as typeof fetch;
}

const why = () => screen.getByRole('region', { name: 'Dlaczego Kaloryfer' });

test("the CMS cannot be asked: the shop's own USPs, never an empty section", async () => {
  standInApi('fail');
  await renderRemote(<HomePage />, CATALOG_NAMESPACE);
  await waitFor(() => expect(sent).toContain('/api/cms/blocks?like=home-usp'));
  await act(() => new Promise((settled) => setTimeout(settled, 0))); // the failed answer has arrived
  expect(
    within(why())
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Wysyłka kurierem od 24 h',
    '14 dni na zwrot bez podania przyczyny',
    'Darmowa dostawa dużych zamówień',
    'Zestaw zaworów gratis do wybranych grzejników',
  ]);
  expect(sent.filter((url) => url.startsWith('/api/cms/'))).toEqual(['/api/cms/blocks?like=home-usp']);
});

test('the USPs are the home-usp blocks: a title and its text each, from one request', async () => {
  standInApi('answer');
  await renderRemote(<HomePage />, CATALOG_NAMESPACE);
  const titles = await within(why()).findAllByRole('heading', { level: 3 });
  expect(titles.map((title) => title.textContent)).toEqual(['Wysyłka w 24 h', '14 dni na zwrot']);
  expect(within(why()).getByText('Zwrot bez podawania przyczyny w ciągu 14 dni.')).toBeInTheDocument();
  expect(within(why()).queryByText('Wysyłka kurierem od 24 h')).not.toBeInTheDocument();
  expect(sent.filter((url) => url.startsWith('/api/cms/'))).toEqual(['/api/cms/blocks?like=home-usp']);
});

test("a page in English keeps the shop's translated list: the CMS speaks Polish only, and is not asked", async () => {
  standInApi('answer');
  await initI18n({ language: 'pl-PL' });
  await registerNamespace(CATALOG_NAMESPACE.name, CATALOG_NAMESPACE.loaders);
  await setLanguage('en-US');
  render(
    <I18nextProvider i18n={i18n} defaultNS={CATALOG_NAMESPACE.name}>
      <HomePage />
    </I18nextProvider>,
  );
  const list = await screen.findByRole('region', { name: 'Why Kaloryfer' });
  expect(within(list).queryAllByRole('heading', { level: 3 })).toEqual([]);
  expect(within(list).getAllByRole('listitem')).toHaveLength(4);
  expect(sent.filter((url) => url.startsWith('/api/cms/'))).toEqual([]);
  await setLanguage('pl-PL');
});
