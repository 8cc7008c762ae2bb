import type { Company } from '@kaloryfer/api-contract';
import type { CartTotalSegment } from '@kaloryfer/contracts';
import type { PaymentMethod, ShippingMethod } from '@kaloryfer/domain';
import { apiJson, withToken, withUserToken } from '@kaloryfer/ui';
import type { OrderBody } from '../domain/order';

type Envelope<T> = { result: T };
const get = async <T>(path: string) => (await apiJson<Envelope<T>>(path)).result;
const post = async <T>(path: string, body: unknown = {}) => (await apiJson<Envelope<T>>(path, { method: 'POST', body })).result;
const cart = (cartId: string) => `?${new URLSearchParams({ cartId })}`;

export interface CheckoutTotals {
  grand_total: number;
  total_segments: CartTotalSegment[];
}

export interface PlacedOrder {
  orderNumber: string;
  status: string;
  paymentState: 'awaiting' | 'paid' | 'failed' | 'offline';
  grandTotal: number;
  /** The gateway page to send the shopper to (online methods). */
  paymentRedirect?: string;
}

export type { Company };

export interface OrderStatus {
  orderNumber: string;
  status: string;
  paymentState: PlacedOrder['paymentState'];
  email: string;
  paymentMethod: { code: string; title: string; offline: boolean };
  shippingMethod: { code: string; title: string };
  grandTotal: number;
  segments: CartTotalSegment[];
  items: { sku: string; name: string; qty: number; rowTotalInclTax: number; options: { label: string; value: string }[] }[];
  shippingAddress: { firstname: string; lastname: string; street: string[]; postcode: string; city: string; company?: string };
  billingAddress: { firstname: string; lastname: string; street: string[]; postcode: string; city: string; company?: string; vat_id?: string };
}

/**
 * The calls checkout makes (docs/vsf-contract.md; docs/orders.md). Failures reject with `ApiFailure`.
 * A signed-in customer's cart is theirs: the API refuses its calls without their token, so every
 * cart and order call carries it (`?token=`) under spec §4's token handling (`withUserToken`: a
 * 401 refreshes the page's one token and the call goes again). A guest's go as they are. An
 * order placed with the token is recorded as the customer's (their order history).
 */
export const checkoutApi = {
  /** The methods depend on the cart's lines only (Poland-wide prices), not on the address. */
  shippingMethods: (cartId: string) => withUserToken((token) =>
    post<ShippingMethod[]>(withToken(`/api/cart/shipping-methods${cart(cartId)}`, token), { address: { country_id: 'PL' } })),
  paymentMethods: (cartId: string) => withUserToken((token) => get<PaymentMethod[]>(withToken(`/api/cart/payment-methods${cart(cartId)}`, token))),
  collectTotals: (cartId: string, shippingCode: string, paymentCode: string | null) => {
    const [carrier, ...method] = shippingCode.split('_');
    return withUserToken((token) => post<CheckoutTotals>(withToken(`/api/cart/collect-totals${cart(cartId)}`, token), {
      methods: { shippingCarrierCode: carrier, shippingMethodCode: method.join('_'), ...(paymentCode ? { paymentMethod: { method: paymentCode } } : {}) },
    }));
  },
  placeOrder: (body: OrderBody) => withUserToken((token) => post<PlacedOrder>(withToken('/api/order', token), body)),
  // The client order id is the key to an order: reading it and paying again need no token.
  orderStatus: (orderNumber: string, clientOrderId: string) =>
    get<OrderStatus>(`/api/order/status?${new URLSearchParams({ order_increment_id: orderNumber, order_id: clientOrderId })}`),
  retryPayment: (orderNumber: string, clientOrderId: string) =>
    post<{ paymentRedirect: string }>('/api/order/payment', { order_increment_id: orderNumber, order_id: clientOrderId }),
  createAccount: (customer: { email: string; firstname: string; lastname: string }, password: string) =>
    post<unknown>('/api/user/create', { customer, password }),
  company: (nip: string) => get<Company | null>(`/api/company?${new URLSearchParams({ nip })}`),
};
