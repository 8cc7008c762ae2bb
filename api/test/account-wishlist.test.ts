import type { Product } from '@kaloryfer/api-contract';
import { accountShop } from './account-helpers';

/** The wishlist over HTTP: add, list, remove, and another customer's wishlist item → 404. */
const { shop, call, customer } = accountShop();

describe('wishlist', () => {
  const configurable = () =>
    shop.server.app.catalog.products.find((product: Product) => product.type_id === 'configurable' && (product.configurable_children?.length ?? 0) > 0)!;

  test('add by parent sku (once), list with ids and items_count, remove one, remove several', async () => {
    const anna = await customer();
    const url = (rest = '') => `/api/wishlist${rest}?token=${anna.token}`;
    expect((await call('GET', url())).body.result).toEqual({ items: [], items_count: 0 });
    expect((await call('PUT', url(`/${encodeURIComponent(shop.valve.sku)}`))).body).toEqual({ code: 200, result: true });
    expect((await call('PUT', url(`/${encodeURIComponent(shop.valve.sku)}`))).body.result).toBe(true);
    const parent = configurable();
    expect((await call('PUT', url(`/${encodeURIComponent(parent.configurable_children![0].sku)}`))).body.result).toBe(true);
    expect((await call('PUT', url('/nie-ma-takiego-sku'))).status).toBe(404);
    const list = (await call('GET', url())).body.result;
    expect(list).toEqual({
      items: [
        { id: expect.any(Number), sku: shop.valve.sku, product: { sku: shop.valve.sku }, qty: 1, added_at: expect.any(String) },
        { id: expect.any(Number), sku: parent.sku, product: { sku: parent.sku }, qty: 1, added_at: expect.any(String) },
      ],
      items_count: 2,
    });
    // VSF sends Content-Type: application/json with no body: read as {}.
    expect((await call('DELETE', url(`/${list.items[0].id}`), undefined, { 'content-type': 'application/json' })).body).toEqual({ code: 200, result: true });
    expect((await call('DELETE', url(`/${list.items[0].id}`))).status).toBe(404);
    expect((await call('PUT', url(`/${encodeURIComponent(shop.valve.sku)}`))).body.result).toBe(true);
    const ids = (await call('GET', url())).body.result.items.map((item: { id: number }) => item.id);
    expect((await call('DELETE', url(), { items: ids })).body).toEqual({ code: 200, result: true });
    expect((await call('GET', url())).body.result.items_count).toBe(0);
  });

  test("IDOR: another customer's wishlist item → 404, alone or among their own (nothing removed)", async () => {
    const anna = await customer();
    const jan = await customer();
    await call('PUT', `/api/wishlist/${encodeURIComponent(shop.valve.sku)}?token=${anna.token}`);
    await call('PUT', `/api/wishlist/${encodeURIComponent(configurable().sku)}?token=${jan.token}`);
    const annas = (await call('GET', `/api/wishlist?token=${anna.token}`)).body.result.items[0].id;
    const jans = (await call('GET', `/api/wishlist?token=${jan.token}`)).body.result.items[0].id;
    expect((await call('DELETE', `/api/wishlist/${annas}?token=${jan.token}`)).body).toEqual({ code: 404, result: 'No such wishlist item' });
    expect((await call('DELETE', `/api/wishlist?token=${jan.token}`, { items: [jans, annas] })).status).toBe(404);
    expect((await call('GET', `/api/wishlist?token=${anna.token}`)).body.result.items_count).toBe(1);
    expect((await call('GET', `/api/wishlist?token=${jan.token}`)).body.result.items_count).toBe(1);
  });
});
