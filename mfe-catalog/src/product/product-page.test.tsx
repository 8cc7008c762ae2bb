import { claimWriter } from '@kaloryfer/contracts';
import { renderRemote, recordShellRequests } from '@kaloryfer/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { cmsBlockPage, ok } from '../testing/catalog-answers';
import { ProductPage } from './product-page';

/**
 * A product page whose product-view call fails, against a stand-in for the shop API at the
 * fetch boundary: offline (spec §8) the shopper is sent home with the warning; the API's 404
 * is a product that does not exist and goes to page-not-found; other failures stay and say so.
 */
const route = claimWriter('route', 'shell');
const connectivity = claimWriter('connectivity', 'shell');
const PATH = '/p/KF-LD-0001/grzejnik-aurora';
const OFFLINE_MESSAGE = 'The product, category or CMS page is not available in Offline mode, redirecting to Home';
const NOT_FOUND = { to: '/page-not-found?nf=%2Fp%2FKF-LD-0001%2Fgrzejnik-aurora', replace: true };

type Answer = 'network-failure' | 404 | 503;
let heard: ReturnType<typeof recordShellRequests>;

function standInApi(productView: Answer) {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const href = String(url);
    const json = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload }) as Response;
    if (href.startsWith('/api/product-view/')) {
      if (productView === 'network-failure') throw new TypeError('Failed to fetch');
      return json(productView, { code: productView, result: productView === 404 ? 'Product query returned an empty result' : 'Service Unavailable' });
    }
    if (href.startsWith('/api/cms/blocks')) return json(200, ok(cmsBlockPage([])));
    throw new Error(`unexpected request ${href}`);
  }) as typeof fetch;
}

beforeEach(() => {
  route.set({
    path: PATH,
    search: '',
    hash: '',
    name: 'product',
    params: { parentSku: 'KF-LD-0001', slug: 'grzejnik-aurora' },
    previousPath: null,
    isBack: false,
  });
  connectivity.set({ online: true });
  heard = recordShellRequests();
});
afterEach(() => {
  heard.stop();
  jest.restoreAllMocks();
});

async function openProduct(answer: Answer) {
  standInApi(answer);
  await act(async () => {
    await renderRemote(<ProductPage parentSku="KF-LD-0001" />, CATALOG_NAMESPACE);
    await new Promise((settled) => setTimeout(settled, 0)); // the failed answer has arrived
  });
  expect(global.fetch).toHaveBeenCalledWith('/api/product-view/KF-LD-0001', expect.anything());
}

test("offline ($connectivity), the product cannot load: the spec's warning and a replace-navigation home", async () => {
  connectivity.set({ online: false });
  await openProduct('network-failure');
  await waitFor(() => expect(heard.navigations).toEqual([{ to: '/', replace: true }]));
  expect(heard.notifications).toEqual([{ type: 'warning', message: OFFLINE_MESSAGE }]);
});

test('the network just dropped ($connectivity not told yet, navigator.onLine false): a failed fetch sends the shopper home too', async () => {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  await openProduct('network-failure');
  await waitFor(() => expect(heard.navigations).toEqual([{ to: '/', replace: true }]));
  expect(heard.notifications).toEqual([{ type: 'warning', message: OFFLINE_MESSAGE }]);
});

test("online, the API's 404: page-not-found with the path in nf, no offline warning", async () => {
  await openProduct(404);
  await waitFor(() => expect(heard.navigations).toEqual([NOT_FOUND]));
  expect(heard.notifications).toEqual([]);
});

test('a 404 is a product that does not exist, even with $connectivity offline: page-not-found, not home', async () => {
  connectivity.set({ online: false });
  await openProduct(404);
  await waitFor(() => expect(heard.navigations).toEqual([NOT_FOUND]));
  expect(heard.notifications).toEqual([]);
});

test('online, another failure: the page says so and stays', async () => {
  await openProduct(503);
  expect(await screen.findByRole('alert')).toHaveTextContent('Coś poszło nie tak');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Produkt jest chwilowo niedostępny');
  expect({ notifications: heard.notifications, navigations: heard.navigations }).toEqual({ notifications: [], navigations: [] });
});
