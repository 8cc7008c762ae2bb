import { navigationRequested, panelClosed, panelOpened } from '@kaloryfer/contracts';
import type { Category } from '@kaloryfer/api-contract';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { category as categoryAnswer, searchAnswer } from '../testing/catalog-answers';
import { SearchPanel } from './search-panel';
import { matchingCategories, useSearchResults, type PanelProduct } from './use-search-results';

const category = (id: number, name: string, slug: string, level = 2, productCount = 10): Category =>
  categoryAnswer({ id, name, slug, level, is_active: true, product_count: productCount, parent_id: 2, position: id });
const TREE = [
  category(2, 'Main', 'main', 1),
  category(6, 'Grzejniki łazienkowe', 'grzejniki-lazienkowe', 2, 120),
  category(7, 'Grzejniki drabinkowe', 'grzejniki-drabinkowe', 3, 40),
  category(17, 'Akcesoria grzewcze', 'akcesoria', 2, 60),
];
const product = (id: number, name: string): PanelProduct => ({
  id,
  sku: `KF-LD-000${id}`,
  name,
  slug: `p-${id}`,
  type_id: 'simple',
  image: `/product/${id}.svg`,
  final_price_incl_tax: 999.5,
});

/**
 * The search panel against a stand-in for the shop API at the fetch boundary (the e2e journey
 * uses the real one): each product search waits until the test answers it, so the order of
 * answers — and which requests were aborted — is the test's to choose.
 */
interface Pending {
  text: string;
  signal: AbortSignal;
  answer: (items: PanelProduct[], total?: number) => void;
  fail: (how: 'network' | 503) => void;
}
let pending: Pending[];
beforeEach(() => {
  pending = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    const json = (payload: unknown) => ({ ok: true, status: 200, json: async () => payload }) as Response;
    if (String(url).includes('/category/_search')) return json(searchAnswer(TREE, { perPage: 4000 }));
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      pending.push({
        text: body.query._searchText,
        signal: init!.signal!,
        answer: (items, total = items.length) => resolve(json(searchAnswer(items, { total, perPage: 6 }))),
        fail: (how) =>
          how === 'network'
            ? reject(new TypeError('Failed to fetch'))
            : resolve({
                ok: false,
                status: 503,
                statusText: 'Service Unavailable',
                json: async () => ({ code: 503, result: 'Service Unavailable' }),
              } as Response),
      });
    });
  }) as typeof fetch;
});

async function openPanel() {
  await renderRemote(<SearchPanel />, CATALOG_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: 'Szukaj' }));
  return screen.getByLabelText('Szukaj w sklepie');
}

test('opens with the overlay, asks for 3 characters, closes with Escape back to the button', async () => {
  const events: string[] = [];
  const offs = [panelOpened.on(({ panel }) => events.push(`open ${panel}`)), panelClosed.on(({ panel }) => events.push(`close ${panel}`))];
  const input = await openPanel();
  expect(events).toEqual(['open search']);
  expect(input).toHaveFocus();
  await userEvent.type(input, 'gr');
  expect(screen.getByRole('status')).toHaveTextContent('Wyszukiwana fraza powinna mieć co najmniej 3 znaki');
  await userEvent.type(input, 'z');
  expect(screen.getByRole('status')).not.toHaveTextContent('co najmniej 3 znaki');
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(events).toEqual(['open search', 'close search']);
  expect(screen.getByRole('button', { name: 'Szukaj' })).toHaveFocus();
  offs.forEach((off) => off());
});

test('results as you type: one request after the pause, categories and products, a link to every result', async () => {
  const input = await openPanel();
  await userEvent.type(input, 'grzejnik');
  await waitFor(() => expect(pending).toHaveLength(1));
  expect(pending[0].text).toBe('grzejnik'); // no request per keystroke
  await act(async () => pending[0].answer([product(1, 'Grzejnik łazienkowy Aurora'), product(2, 'Grzejnik drabinkowy Luna')], 37));
  expect(await screen.findByRole('status')).toHaveTextContent('Znaleziono produkty: 37, kategorie: 2');
  const categories = within(screen.getByRole('region', { name: 'Kategorie' })).getAllByRole('link');
  expect(categories.map((link) => link.getAttribute('href'))).toEqual(['/c/grzejniki-lazienkowe', '/c/grzejniki-drabinkowe']);
  const products = within(screen.getByRole('region', { name: 'Produkty' })).getAllByRole('link');
  expect(products[0]).toHaveAttribute('href', '/p/KF-LD-0001/p-1');
  expect(products[0]).toHaveTextContent('Grzejnik łazienkowy Aurora999,50 zł');
  expect(screen.getByRole('link', { name: 'Pokaż wszystkie wyniki (37)' })).toHaveAttribute('href', '/categories?query=grzejnik');
});

test('a newer query aborts the older request; the stale answer never shows', async () => {
  const input = await openPanel();
  await userEvent.type(input, 'grz');
  await waitFor(() => expect(pending).toHaveLength(1));
  await userEvent.type(input, 'ejnik');
  await waitFor(() => expect(pending).toHaveLength(2));
  expect(pending[0].signal.aborted).toBe(true);
  expect(pending[1].text).toBe('grzejnik');
  await act(async () => pending[1].answer([product(2, 'Grzejnik drabinkowy Luna')]));
  await act(async () => pending[0].answer([product(9, 'Stara odpowiedź')]));
  expect(await screen.findByText('Grzejnik drabinkowy Luna')).toBeInTheDocument();
  expect(screen.queryByText('Stara odpowiedź')).not.toBeInTheDocument();
});

test('keyboard: arrows walk the results and back to the field; Enter opens the full listing and closes', async () => {
  const navigations: string[] = [];
  const off = navigationRequested.on(({ to }) => navigations.push(to));
  const input = await openPanel();
  await userEvent.type(input, 'łazienk');
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending[0].answer([product(1, 'Grzejnik łazienkowy Aurora')]));
  await screen.findByText('Grzejnik łazienkowy Aurora');
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('link', { name: /Grzejniki łazienkowe/ })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('link', { name: /Aurora/ })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}{ArrowDown}');
  expect(input).toHaveFocus(); // past the last ("show all") back to the field
  await userEvent.keyboard('{ArrowUp}');
  expect(screen.getByRole('link', { name: /Pokaż wszystkie wyniki/ })).toHaveFocus();
  await userEvent.click(input);
  await userEvent.keyboard('{Enter}');
  expect(navigations).toEqual(['/categories?query=%C5%82azienk']);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  off();
});

test('the open panel keeps Tab inside, through the results; Escape gives focus back to the button', async () => {
  const input = await openPanel();
  await userEvent.type(input, 'grzejnik');
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending[0].answer([product(1, 'Grzejnik łazienkowy Aurora')]));
  await screen.findByText('Grzejnik łazienkowy Aurora');
  const panel = screen.getByRole('dialog');
  const close = within(panel).getByRole('button', { name: 'Zamknij' });
  await userEvent.tab({ shift: true }); // before the field: round to the last control, not out to the page
  expect(close).toHaveFocus();
  await userEvent.tab();
  expect(input).toHaveFocus();
  for (let step = 0; step < within(panel).getAllByRole('link').length; step += 1) await userEvent.tab();
  expect(screen.getByRole('link', { name: /Pokaż wszystkie wyniki/ })).toHaveFocus();
  await userEvent.tab();
  expect(close).toHaveFocus();
  await userEvent.tab(); // past the last control: back to the field
  expect(input).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Szukaj' })).toHaveFocus();
});

test('nothing found says so, with the query', async () => {
  const input = await openPanel();
  await userEvent.type(input, 'xyzzy');
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending[0].answer([]));
  expect(await screen.findByText('Nie znaleźliśmy produktów dla „xyzzy”. Sprawdź pisownię albo wpisz krótszą frazę.')).toBeInTheDocument();
});

test.each(['network', 503] as const)('the search cannot be answered (%s): nothing found, total 0, the no-results text, no error', async (how) => {
  const input = await openPanel();
  await userEvent.type(input, 'grzejnik');
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending[0].fail(how));
  expect(await screen.findByText('Nie znaleźliśmy produktów dla „grzejnik”. Sprawdź pisownię albo wpisz krótszą frazę.')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Znaleziono produkty: 0, kategorie: 0');
  expect(screen.queryByText('Coś poszło nie tak')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Pokaż wszystkie wyniki/ })).not.toBeInTheDocument();
});

test('useSearchResults: a failed search is an empty result with total 0 and noresults; a found one is not noresults', async () => {
  const { result, rerender } = renderHook(({ query }) => useSearchResults(query), { initialProps: { query: 'grzejnik' } });
  await waitFor(() => expect(pending).toHaveLength(1));
  await act(async () => pending[0].fail('network'));
  expect(result.current).toEqual({ status: 'ready', products: [], total: 0, categories: [], noresults: true });
  rerender({ query: 'grzejniki' });
  await waitFor(() => expect(pending).toHaveLength(2));
  await act(async () => pending[1].answer([product(1, 'Grzejnik łazienkowy Aurora')], 12));
  expect(result.current).toMatchObject({ status: 'ready', total: 12, noresults: false });
});

describe('matchingCategories: every word, accents and case folded, biggest first, root excluded', () => {
  test.each<[string, string[]]>([
    ['grzejniki', ['grzejniki-lazienkowe', 'grzejniki-drabinkowe']],
    ['LAZIENK', ['grzejniki-lazienkowe']],
    ['grzejniki drab', ['grzejniki-drabinkowe']],
    ['main', []],
    ['akcesoria grzew', ['akcesoria']],
    ['pompa', []],
  ])('%s → %j', (query, slugs) => {
    expect(matchingCategories(TREE, query).map((found) => found.slug)).toEqual(slugs);
  });
});
