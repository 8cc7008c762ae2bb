import type { Product, SearchAnswer, Wishlist } from '@kaloryfer/api-contract';
import { $wishlist, claimWriter, NO_SESSION, sessionChanged, wishlistAddRequested, wishlistRemoveRequested } from '@kaloryfer/contracts';
import { startWishlistOwner, WISHLIST_KEY } from './wishlist-owner';

let stopOwner = () => {};

const reply = (status: number, payload: unknown) => ({ ok: status < 400, status, statusText: '', json: async () => payload });
const session = claimWriter('session', 'mfe-account');
const wenus = { sku: 'KAL-WEN-500-1200-BIA', parentSku: 'KAL-WEN', name: 'Wenus', slug: 'wenus' };
const orion = { sku: 'KAL-ORI', parentSku: 'KAL-ORI', name: 'Orion', slug: 'orion' };

/** The customer's server wishlist (spec §7) behind fetch, and the catalogue's answer for unknown products. */
function serverWishlist(initial: string[]) {
  const items = initial.map((sku, index) => ({ id: index + 1, sku }));
  let nextId = items.length + 1;
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const { pathname, searchParams } = new URL(url, 'http://shop.test');
    const method = init.method ?? 'GET';
    calls.push(`${method} ${pathname}`);
    if (pathname.startsWith('/api/catalog/')) {
      const skus = JSON.parse(String(init.body)).query._appliedFilters.at(-1).value.in as string[];
      const found: SearchAnswer<Pick<Product, 'sku' | 'name' | 'slug' | 'image'>> = {
        items: skus.map((sku) => ({ sku, name: `Produkt ${sku}`, slug: sku.toLowerCase(), image: `/${sku}.jpg` })),
        total: skus.length,
        start: 0,
        perPage: skus.length,
        aggregations: {},
      };
      return reply(200, found);
    }
    expect(searchParams.get('token')).toBe('tok');
    if (method === 'GET') {
      const wishlist: Wishlist = {
        items: items.map((item) => ({ ...item, product: { sku: item.sku }, qty: 1, added_at: '2026-03-01T10:00:00.000Z' })),
        items_count: items.length,
      };
      return reply(200, { code: 200, result: wishlist });
    }
    if (method === 'PUT') {
      const sku = decodeURIComponent(pathname.split('/').at(-1)!);
      if (!items.some((item) => item.sku === sku)) items.push({ id: nextId++, sku });
      return reply(200, { code: 200, result: true });
    }
    const id = Number(pathname.split('/').at(-1));
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) return reply(404, { code: 404, result: 'No such wishlist item' });
    items.splice(index, 1);
    return reply(200, { code: 200, result: true });
  }) as unknown as typeof fetch;
  return { items, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const signIn = async (reason: 'login' | 'started' = 'login') => {
  session.set({ ...NO_SESSION, authorised: true, token: 'tok' });
  sessionChanged.emit({ authorised: true, token: 'tok', reason });
  for (let i = 0; i < 5; i += 1) await settle();
};

beforeEach(() => {
  localStorage.clear();
  session.set(NO_SESSION);
  stopOwner();
});

test('at login the guest list merges into the server list once, without duplicates by parentSku', async () => {
  const server = serverWishlist(['KAL-ORI']);
  localStorage.setItem(WISHLIST_KEY, JSON.stringify([wenus, orion]));
  stopOwner = startWishlistOwner();
  await signIn();
  expect(server.items.map((item) => item.sku)).toEqual(['KAL-ORI', 'KAL-WEN']);
  expect($wishlist.get().map((item) => item.parentSku)).toEqual(['KAL-ORI', 'KAL-WEN']);
  // Signing in again (a reload) adds nothing twice.
  await signIn('started');
  expect(server.items).toHaveLength(2);
  expect(server.calls.filter((call) => call.startsWith('PUT'))).toHaveLength(1);
});

test('a second browser sees the server list, named from the catalogue', async () => {
  serverWishlist(['KAL-ORI', 'KAL-WEN']);
  stopOwner = startWishlistOwner();
  await signIn();
  expect($wishlist.get()).toEqual([
    { sku: 'KAL-ORI', parentSku: 'KAL-ORI', name: 'Produkt KAL-ORI', slug: 'kal-ori', image: '/KAL-ORI.jpg' },
    { sku: 'KAL-WEN', parentSku: 'KAL-WEN', name: 'Produkt KAL-WEN', slug: 'kal-wen', image: '/KAL-WEN.jpg' },
  ]);
});

test('a signed-in customer adds and removes on the server; logout clears this browser', async () => {
  const server = serverWishlist([]);
  stopOwner = startWishlistOwner();
  await signIn();
  wishlistAddRequested.emit(wenus);
  for (let i = 0; i < 5; i += 1) await settle();
  expect(server.items.map((item) => item.sku)).toEqual(['KAL-WEN']);
  wishlistRemoveRequested.emit({ parentSku: 'KAL-WEN' });
  for (let i = 0; i < 5; i += 1) await settle();
  expect(server.items).toEqual([]);
  wishlistAddRequested.emit(orion);
  for (let i = 0; i < 5; i += 1) await settle();
  sessionChanged.emit({ authorised: false, reason: 'logout' });
  expect($wishlist.get()).toEqual([]);
  expect(JSON.parse(localStorage.getItem(WISHLIST_KEY)!)).toEqual([]);
  expect(server.items.map((item) => item.sku)).toEqual(['KAL-ORI']); // still the customer's, on the server
});
