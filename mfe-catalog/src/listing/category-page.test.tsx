import { claimWriter } from '@kaloryfer/contracts';
import type { Category } from '@kaloryfer/api-contract';
import { renderRemote, recordShellRequests } from '@kaloryfer/ui/testing';
import { act, screen } from '@testing-library/react';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { category as categoryAnswer, searchAnswer, stock } from '../testing/catalog-answers';
import type { ListedTile } from './listing-request';
import { CategoryPage } from './category-page';

/**
 * /c/{slug} when the catalogue cannot answer, against a stand-in for the shop API at the fetch
 * boundary (spec §8). The category tree is kept per page load once it has loaded and a failure
 * is not: the test whose tree fails runs first.
 */
const route = claimWriter('route', 'shell');
const connectivity = claimWriter('connectivity', 'shell');
const SLUG = 'grzejniki-lazienkowe';
const open = (search = '') => route.set({ path: `/c/${SLUG}`, search, hash: '', name: 'category', params: { slug: SLUG }, previousPath: null, isBack: false });

const NOT_SYNCHRONIZED = 'No products synchronized for this category. Please come back while online!';
const NOT_SYNCHRONIZED_PL = 'Brak zsynchronizowanych produktów w tej kategorii. Wróć, gdy będziesz online!';
const OFFLINE_MESSAGE = 'The product, category or CMS page is not available in Offline mode, redirecting to Home';

const category = (id: number, parentId: number, name: string, slug: string, level: number): Category =>
  categoryAnswer({ id, parent_id: parentId, name, slug, level, position: id, is_active: true, product_count: 0 });
const AURORA: ListedTile = {
  id: 1,
  sku: 'KF-LD-0001',
  name: 'Grzejnik łazienkowy Aurora',
  slug: 'aurora',
  url_path: 'aurora',
  type_id: 'simple',
  image: '',
  stock: stock(3),
};
const TREE = [category(2, 1, 'Kaloryfer', 'kaloryfer', 1), category(6, 2, 'Grzejniki łazienkowe', SLUG, 2)];

type Answer = 'answer' | 'empty' | 'network-failure' | 503;
let answers: { tree: Answer; products: Answer };
let productSearches: number;
let heard: ReturnType<typeof recordShellRequests>;

beforeEach(() => {
  answers = { tree: 'answer', products: 'answer' };
  productSearches = 0;
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const href = String(url);
    const json = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload }) as Response;
    const page = <Document,>(items: Document[]) => json(200, searchAnswer(items, { perPage: 20 }));
    const answer = <Document,>(kind: Answer, items: Document[]) => {
      if (kind === 'network-failure') throw new TypeError('Failed to fetch');
      if (kind === 503) return json(503, { code: 503, result: 'Service Unavailable' });
      return page(kind === 'empty' ? [] : items);
    };
    if (href.endsWith('/category/_search')) return answer(answers.tree, TREE);
    if (href.endsWith('/product/_search')) {
      productSearches += 1;
      return answer(answers.products, [AURORA]);
    }
    return page([]); // attributes
  }) as typeof fetch;
  connectivity.set({ online: true });
  open();
  heard = recordShellRequests();
});
afterEach(() => {
  heard.stop();
  jest.restoreAllMocks();
});

const settle = () => act(() => new Promise((settled) => setTimeout(settled, 0)));

async function openCategory() {
  await act(async () => {
    await renderRemote(<CategoryPage slug={SLUG} />, CATALOG_NAMESPACE);
    await new Promise((settled) => setTimeout(settled, 0)); // the answers have arrived
  });
}

test("offline, the category tree cannot load: the spec's warning and a replace-navigation home", async () => {
  connectivity.set({ online: false });
  answers.tree = 'network-failure';
  await openCategory();
  expect(heard.navigations).toEqual([{ to: '/', replace: true }]);
  expect(heard.notifications).toEqual([{ type: 'warning', message: OFFLINE_MESSAGE }]);
});

test('offline, the products cannot load: the text on the page and a warning with it, once, not on every render', async () => {
  connectivity.set({ online: false });
  answers.products = 'network-failure';
  await openCategory();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Grzejniki łazienkowe');
  expect(screen.getByText(NOT_SYNCHRONIZED_PL)).toHaveAttribute('role', 'alert');
  expect(heard.notifications).toEqual([{ type: 'warning', message: NOT_SYNCHRONIZED }]);
  expect(heard.navigations).toEqual([]); // the category is there, only its products are not

  await act(async () => screen.getByRole('button', { name: 'Filtry' }).click()); // renders again
  await settle();
  expect(heard.notifications).toHaveLength(1);
});

test('navigator.onLine false before $connectivity knows: a failed listing warns the same way', async () => {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  answers.products = 'network-failure';
  await openCategory();
  expect(screen.getByText(NOT_SYNCHRONIZED_PL)).toBeInTheDocument();
  expect(heard.notifications).toEqual([{ type: 'warning', message: NOT_SYNCHRONIZED }]);
});

test('each failed load warns once: another sort that fails too warns again', async () => {
  answers.products = 503;
  await openCategory();
  expect(heard.notifications).toEqual([{ type: 'warning', message: NOT_SYNCHRONIZED }]);
  await act(async () => open('?sort=price%3Aasc'));
  await settle();
  expect(productSearches).toBe(2);
  expect(screen.getByText(NOT_SYNCHRONIZED_PL)).toBeInTheDocument();
  expect(heard.notifications).toEqual([
    { type: 'warning', message: NOT_SYNCHRONIZED },
    { type: 'warning', message: NOT_SYNCHRONIZED },
  ]);
});

test('offline, an empty listing: the text and the warning', async () => {
  connectivity.set({ online: false });
  answers.products = 'empty';
  await openCategory();
  expect(screen.getByText(NOT_SYNCHRONIZED_PL)).toBeInTheDocument();
  expect(heard.notifications).toEqual([{ type: 'warning', message: NOT_SYNCHRONIZED }]);
});

test('online, a genuinely empty category shows the text as before, without a notification', async () => {
  answers.products = 'empty';
  await openCategory();
  expect(screen.getByText(NOT_SYNCHRONIZED_PL)).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Produkty: 0');
  expect({ notifications: heard.notifications, navigations: heard.navigations }).toEqual({ notifications: [], navigations: [] });
});

test('online, products listed: no text, no notification', async () => {
  await openCategory();
  expect(screen.getByText('Grzejnik łazienkowy Aurora')).toBeInTheDocument();
  expect(screen.queryByText(NOT_SYNCHRONIZED_PL)).not.toBeInTheDocument();
  expect(heard.notifications).toEqual([]);
});
