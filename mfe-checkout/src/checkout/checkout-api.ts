import type {
  CartCollectTotals,
  CartShippingMethods,
  CartTotals,
  Company,
  CreatedCustomer,
  OrderKeys,
  OrderPaymentStart,
  PaymentMethod,
  PlacedOrder,
  RouteBody,
  RouteResult,
  ShippingMethod,
  ShopperOrder,
  UserCreate,
} from '@kaloryfer/api-contract';
import { apiJson, withToken, withUserToken } from '@kaloryfer/ui';
import type { OrderRequest } from '../domain/order';

type Envelope<T> = { result: T };

const get = async <T>(path: string) => (await apiJson<Envelope<T>>(path)).result;
const post = async <T>(path: string, body: unknown = {}) => (await apiJson<Envelope<T>>(path, { method: 'POST', body })).result;
const cart = (cartId: string) => `?${new URLSearchParams({ cartId })}`;
const orderKeys = (orderNumber: string, clientOrderId: string): OrderKeys => ({ order_increment_id: orderNumber, order_id: clientOrderId });

/**
 * The calls checkout makes (docs/vsf-contract.md; docs/orders.md), typed by the API's contract
 * (shared/api-contract). Failures reject with `ApiFailure`.
 * A signed-in customer's cart is theirs: the API refuses its calls without their token, so every
 * cart and order call carries it (`?token=`) under spec §4's token handling (`withUserToken`: a
 * 401 refreshes the page's one token and the call goes again). A guest's go as they are. An
 * order placed with the token is recorded as the customer's (their order history).
 */
export const checkoutApi = {
  /** The methods depend on the cart's lines only (Poland-wide prices), not on the address. */
  shippingMethods: (cartId: string) =>
    withUserToken((token) =>
      post<ShippingMethod[]>(withToken(`/api/cart/shipping-methods${cart(cartId)}`, token), { address: { country_id: 'PL' } } satisfies RouteBody<
        typeof CartShippingMethods
      >),
    ),
  paymentMethods: (cartId: string) => withUserToken((token) => get<PaymentMethod[]>(withToken(`/api/cart/payment-methods${cart(cartId)}`, token))),
  collectTotals: (cartId: string, shippingCode: string, paymentCode: string | null) => {
    const [carrier, ...method] = shippingCode.split('_');
    return withUserToken((token) =>
      post<CartTotals>(withToken(`/api/cart/collect-totals${cart(cartId)}`, token), {
        methods: { shippingCarrierCode: carrier, shippingMethodCode: method.join('_'), ...(paymentCode ? { paymentMethod: { method: paymentCode } } : {}) },
      } satisfies RouteBody<typeof CartCollectTotals>),
    );
  },
  placeOrder: (body: OrderRequest) => withUserToken((token) => post<PlacedOrder>(withToken('/api/order', token), body)),
  // The client order id is the key to an order: reading it and paying again need no token.
  orderStatus: (orderNumber: string, clientOrderId: string) =>
    get<ShopperOrder>(`/api/order/status?${new URLSearchParams(orderKeys(orderNumber, clientOrderId))}`),
  retryPayment: (orderNumber: string, clientOrderId: string) =>
    post<RouteResult<typeof OrderPaymentStart>>('/api/order/payment', orderKeys(orderNumber, clientOrderId) satisfies RouteBody<typeof OrderPaymentStart>),
  createAccount: (customer: Pick<RouteBody<typeof UserCreate>['customer'], 'email' | 'firstname' | 'lastname'>, password: string) =>
    post<CreatedCustomer>('/api/user/create', { customer, password } satisfies RouteBody<typeof UserCreate>),
  company: (nip: string) => get<Company | null>(`/api/company?${new URLSearchParams({ nip })}`),
};
