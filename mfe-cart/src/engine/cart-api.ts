import type { CartDelete, CartItem, CartProductOption, CartTotals, CartUpdate, Product, RouteBody, StockItem } from '@kaloryfer/api-contract';
import { apiJson, withUserToken } from '@kaloryfer/ui';

/** What the engine reads of `GET /api/stock/check` (the contract's `StockItem`). */
export type StockAnswer = Pick<StockItem, 'is_in_stock' | 'is_volatile'>;

/**
 * A line as the engine sends it to `cart/update` (the contract's `cartItem`): the API checks the
 * quantity by hand, so its contract takes anything there; the engine always sends a number, and
 * the options in the form the server stores them (`wrap` in server-line.ts).
 */
export type LineUpdate = Pick<RouteBody<typeof CartUpdate>['cartItem'], 'sku' | 'item_id'> & { qty: number; product_option?: CartProductOption };

/**
 * The server calls the engine makes (the VSF cart contract). An interface so the engine's
 * tests can run it against a scripted server; the shop uses `httpCartApi`. Failures reject
 * with `ApiFailure` (status + the server's message).
 */
export interface CartApi {
  create(customerToken: string | null): Promise<string>;
  pull(cartId: string, customerToken: string | null): Promise<CartItem[]>;
  /** `changeKey`: the Idempotency-Key of this change (change-key.ts): sent again, it adds nothing. */
  update(cartId: string, item: LineUpdate, customerToken: string | null, changeKey: string): Promise<CartItem>;
  remove(cartId: string, itemId: number, customerToken: string | null): Promise<void>;
  totals(cartId: string, customerToken: string | null): Promise<CartTotals>;
  applyCoupon(cartId: string, code: string, customerToken: string | null): Promise<void>;
  deleteCoupon(cartId: string, customerToken: string | null): Promise<void>;
  checkStock(sku: string): Promise<StockAnswer>;
  /** A product with its variants (edit mode offers them). */
  product(sku: string): Promise<Product>;
}

type Envelope<T> = { result: T };

/** `?cartId=&token=` as spec §6 passes them (the token only for a customer). */
function query(cartId: string | null, customerToken: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (cartId) params.set('cartId', cartId);
  if (customerToken) params.set('token', customerToken);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function httpCartApi(base = '/api'): CartApi {
  const get = async <T>(path: string) => (await apiJson<Envelope<T>>(`${base}${path}`)).result;
  const post = async <T>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
    (await apiJson<Envelope<T>>(`${base}${path}`, { method: 'POST', body, headers })).result;
  /**
   * A customer's call runs under spec §4's token handling: a 401 refreshes the page's one token
   * and the call goes again with the new one (`withUserToken`); a guest's goes as it is.
   */
  const as = <T>(token: string | null, call: (token: string | null) => Promise<T>) => (token ? withUserToken(call) : call(null));
  return {
    create: (token) => as(token, (t) => post<string>(`/cart/create${query(null, t)}`)),
    pull: (cartId, token) => as(token, (t) => get<CartItem[]>(`/cart/pull${query(cartId, t)}`)),
    update: (cartId, item, token, changeKey) =>
      as(token, (t) =>
        post<CartItem>(`/cart/update${query(cartId, t)}`, { cartItem: { ...item, quoteId: cartId } } satisfies RouteBody<typeof CartUpdate>, {
          'idempotency-key': changeKey,
        }),
      ),
    remove: async (cartId, itemId, token) => {
      await as(token, (t) =>
        post<true>(`/cart/delete${query(cartId, t)}`, { cartItem: { item_id: itemId, quoteId: cartId } } satisfies RouteBody<typeof CartDelete>),
      );
    },
    totals: (cartId, token) => as(token, (t) => get<CartTotals>(`/cart/totals${query(cartId, t)}`)),
    applyCoupon: async (cartId, code, token) => {
      await as(token, (t) => post<true>(`/cart/apply-coupon${query(cartId, t, { coupon: code })}`));
    },
    deleteCoupon: async (cartId, token) => {
      await as(token, (t) => post<true>(`/cart/delete-coupon${query(cartId, t)}`));
    },
    checkStock: (sku) => get<StockItem>(`/stock/check?${new URLSearchParams({ sku })}`),
    product: (sku) => get<Product>(`/product/single?${new URLSearchParams({ sku })}`),
  };
}
