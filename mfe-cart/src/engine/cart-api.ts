import type { CartTotalSegment, ProductOptionInput } from '@kaloryfer/contracts';
import type { Product } from '@kaloryfer/domain';
import { apiJson, withUserToken } from '@kaloryfer/ui';
import type { ServerItem } from './cart-rules';

/** A line as `cart/pull` and `cart/update` answer it (docs/cart.md). */
export interface ServerLine extends ServerItem {
  name: string;
  price: number;
  row_total_incl_tax: number;
  image?: string;
  slug?: string;
  parent_sku: string | null;
  options: { label: string; value: string }[];
  error?: string;
}

export interface ServerTotals {
  subtotal_incl_tax: number;
  discount_amount: number;
  coupon_code: string | null;
  shipping_incl_tax: number;
  grand_total: number;
  total_segments: CartTotalSegment[];
}

export interface StockCheck {
  is_in_stock: boolean;
  is_volatile?: boolean;
}

export interface LineUpdate {
  sku: string;
  qty: number;
  item_id?: number;
  product_option?: { extension_attributes: ProductOptionInput };
}

/**
 * The server calls the engine makes (the VSF cart contract). An interface so the engine's
 * tests can run it against a scripted server; the shop uses `httpCartApi`. Failures reject
 * with `ApiFailure` (status + the server's message).
 */
export interface CartApi {
  create(customerToken: string | null): Promise<string>;
  pull(cartId: string, customerToken: string | null): Promise<ServerLine[]>;
  update(cartId: string, item: LineUpdate, customerToken: string | null): Promise<ServerLine>;
  remove(cartId: string, itemId: number, customerToken: string | null): Promise<void>;
  totals(cartId: string, customerToken: string | null): Promise<ServerTotals>;
  applyCoupon(cartId: string, code: string, customerToken: string | null): Promise<void>;
  deleteCoupon(cartId: string, customerToken: string | null): Promise<void>;
  checkStock(sku: string): Promise<StockCheck>;
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
  const post = async <T>(path: string, body: unknown = {}) => (await apiJson<Envelope<T>>(`${base}${path}`, { method: 'POST', body })).result;
  /**
   * A customer's call runs under spec §4's token handling: a 401 refreshes the page's one token
   * and the call goes again with the new one (`withUserToken`); a guest's goes as it is.
   */
  const as = <T>(token: string | null, call: (token: string | null) => Promise<T>) => (token ? withUserToken(call) : call(null));
  return {
    create: (token) => as(token, (t) => post<string>(`/cart/create${query(null, t)}`)),
    pull: (cartId, token) => as(token, (t) => get<ServerLine[]>(`/cart/pull${query(cartId, t)}`)),
    update: (cartId, item, token) => as(token, (t) => post<ServerLine>(`/cart/update${query(cartId, t)}`, { cartItem: { ...item, quoteId: cartId } })),
    remove: async (cartId, itemId, token) => {
      await as(token, (t) => post<boolean>(`/cart/delete${query(cartId, t)}`, { cartItem: { item_id: itemId, quoteId: cartId } }));
    },
    totals: (cartId, token) => as(token, (t) => get<ServerTotals>(`/cart/totals${query(cartId, t)}`)),
    applyCoupon: async (cartId, code, token) => {
      await as(token, (t) => post<boolean>(`/cart/apply-coupon${query(cartId, t, { coupon: code })}`));
    },
    deleteCoupon: async (cartId, token) => {
      await as(token, (t) => post<boolean>(`/cart/delete-coupon${query(cartId, t)}`));
    },
    checkStock: (sku) => get<StockCheck>(`/stock/check?${new URLSearchParams({ sku })}`),
    product: (sku) => get<Product>(`/product/single?${new URLSearchParams({ sku })}`),
  };
}
