import type { CustomerAddress, SessionUser } from '@kaloryfer/contracts';
import { apiJson, withToken, withUserToken } from '@kaloryfer/ui';

/** Magento's customer as `GET /api/user/me` answers it (docs/account.md). */
export interface ApiCustomer {
  id: number;
  group_id: number;
  email: string;
  firstname: string;
  lastname: string;
  default_shipping?: string;
  default_billing?: string;
  addresses: ApiAddress[];
  extension_attributes?: { is_subscribed?: boolean };
  groupToken?: string;
}

export interface ApiAddress {
  id?: number;
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string;
  country_id: string;
  telephone?: string;
  company?: string;
  vat_id?: string;
  default_shipping?: boolean;
  default_billing?: boolean;
}

/** The customer as `$session.user` carries it. */
export function sessionUserOf(customer: ApiCustomer): SessionUser {
  return {
    id: customer.id,
    firstname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    groupId: customer.group_id,
    isSubscribed: customer.extension_attributes?.is_subscribed === true,
    addresses: customer.addresses.map((address) => ({
      id: address.id!,
      firstname: address.firstname,
      lastname: address.lastname,
      street: address.street,
      city: address.city,
      postcode: address.postcode,
      countryId: address.country_id,
      ...(address.telephone ? { telephone: address.telephone } : {}),
      ...(address.company ? { company: address.company } : {}),
      ...(address.vat_id ? { vatId: address.vat_id } : {}),
      defaultShipping: address.default_shipping === true || customer.default_shipping === String(address.id),
      defaultBilling: address.default_billing === true || customer.default_billing === String(address.id),
    })),
  };
}

/** A saved address back in the API's shape (the whole book is sent on every change). */
export function apiAddressOf(address: Omit<CustomerAddress, 'id'> & { id?: number }): ApiAddress {
  return {
    ...(address.id !== undefined ? { id: address.id } : {}),
    firstname: address.firstname,
    lastname: address.lastname,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    country_id: address.countryId,
    ...(address.telephone ? { telephone: address.telephone } : {}),
    ...(address.company ? { company: address.company } : {}),
    ...(address.vatId ? { vat_id: address.vatId } : {}),
    ...(address.defaultShipping ? { default_shipping: true } : {}),
    ...(address.defaultBilling ? { default_billing: true } : {}),
  };
}

/** One order of the history as the API answers it (the fields the pages read; docs/account.md). */
export interface HistoryOrder {
  entity_id: number;
  increment_id: string;
  order_id: string;
  created_at: string;
  status: string;
  payment_state: 'awaiting' | 'paid' | 'failed' | 'offline';
  customer_email: string;
  grand_total: number;
  subtotal_incl_tax: number;
  discount_amount: number;
  coupon_code: string | null;
  shipping_incl_tax: number;
  total_segments: { code: string; title: string; value: number }[];
  items: { sku: string; name: string; qty_ordered: number; price_incl_tax: number; row_total_incl_tax: number; image?: string | null; slug?: string | null; parent_sku?: string | null; product_option?: unknown; options?: { label: string; value: string }[] }[];
  billing_address: ApiAddress;
  shipping_address?: ApiAddress;
  payment: { method: string; additional_information: string[]; offline?: boolean };
  shipping_description: string;
}

export interface OrderHistoryPage {
  items: HistoryOrder[];
  total_count: number;
  search_criteria: { page_size: number; current_page: number };
}

type Envelope<T> = { code: number; result: T; meta?: { refreshToken?: string } };

const post = <T>(path: string, body: unknown = {}) => apiJson<Envelope<T>>(path, { method: 'POST', body });

/**
 * The account calls (VSF user contract, docs/account.md). Calls with the customer's token run
 * under spec §4's token handling (`withUserToken`); failures reject with `ApiFailure`.
 */
export const accountApi = {
  login: async (email: string, password: string) => {
    const answer = await post<string>('/api/user/login', { username: email, password });
    return { token: answer.result, refreshToken: answer.meta?.refreshToken ?? null };
  },
  refresh: async (refreshToken: string) => {
    const answer = await post<string>('/api/user/refresh', { refreshToken });
    return { token: answer.result, refreshToken: answer.meta?.refreshToken ?? null };
  },
  /** Revokes the session on the server (its refresh-token family). */
  logout: (token: string | null, refreshToken: string | null) => post<boolean>(withToken('/api/user/logout', token), refreshToken ? { refreshToken } : {}),
  /** `me` with an explicit token (login: before the session holds it). */
  meWith: async (token: string) => (await apiJson<Envelope<ApiCustomer>>(withToken('/api/user/me', token))).result,
  me: () => withUserToken(async (token) => (await apiJson<Envelope<ApiCustomer>>(withToken('/api/user/me', token))).result),
  updateMe: (customer: Partial<ApiCustomer>) => withUserToken(async (token) => (await post<ApiCustomer>(withToken('/api/user/me', token), { customer })).result),
  create: async (customer: { email: string; firstname: string; lastname: string; isSubscribed: boolean }, password: string) => (await post<ApiCustomer>('/api/user/create', {
    customer: { email: customer.email, firstname: customer.firstname, lastname: customer.lastname, extension_attributes: { is_subscribed: customer.isSubscribed } },
    password,
  })).result,
  changePassword: (currentPassword: string, newPassword: string) =>
    withUserToken(async (token) => (await post<boolean>(withToken('/api/user/change-password', token), { currentPassword, newPassword })).result),
  resetPassword: async (email: string) => (await post<boolean>('/api/user/reset-password', { email, websiteId: 1 })).result,
  createPassword: async (email: string, newPassword: string, resetToken: string) =>
    (await post<boolean>('/api/user/create-password', { email, newPassword, resetToken })).result,
  orderHistory: (page: number, pageSize = 20) => withUserToken(async (token) => (await apiJson<Envelope<OrderHistoryPage>>(
    withToken(`/api/user/order-history?${new URLSearchParams({ pageSize: String(pageSize), currentPage: String(page) })}`, token),
  )).result),
  order: (orderNumber: string) => withUserToken(async (token) => (await apiJson<Envelope<HistoryOrder>>(
    withToken(`/api/user/order-history/${encodeURIComponent(orderNumber)}`, token),
  )).result),
};
