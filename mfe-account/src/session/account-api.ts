import type {
  CreatedCustomer,
  Customer,
  CustomerUpdate,
  OrderHistoryEntry,
  OrderHistoryPage,
  RouteBody,
  SavedAddressInput,
  SessionAnswer,
  SignedInCustomer,
  UserChangePassword,
  UserCreate,
  UserCreatePassword,
  UserLogin,
  UserRefresh,
  UserResetPassword,
} from '@kaloryfer/api-contract';
import type { CustomerAddress, SessionUser } from '@kaloryfer/contracts';
import { apiJson, withToken, withUserToken } from '@kaloryfer/ui';

/** The customer as `$session.user` carries it. */
export function sessionUserOf(customer: Customer): SessionUser {
  return {
    id: customer.id,
    firstname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    groupId: customer.group_id,
    isSubscribed: customer.extension_attributes.is_subscribed,
    addresses: customer.addresses.map((address) => ({
      id: address.id,
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
export function apiAddressOf(address: Omit<CustomerAddress, 'id'> & { id?: number }): SavedAddressInput {
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

/** A success answer's envelope (docs/vsf-contract.md), as far as it is read; `apiJson` rejects any other answer. */
type Envelope<Result> = { result: Result };

const post = <Result>(path: string, body: unknown = {}) => apiJson<Envelope<Result>>(path, { method: 'POST', body });
const session = async (path: string, body: RouteBody<typeof UserLogin> | RouteBody<typeof UserRefresh>) => {
  const answer = await apiJson<SessionAnswer>(path, { method: 'POST', body });
  return { token: answer.result, refreshToken: answer.meta.refreshToken };
};

/**
 * The account calls (VSF user contract, docs/account.md). Calls with the customer's token run
 * under spec §4's token handling (`withUserToken`); failures reject with `ApiFailure`.
 */
export const accountApi = {
  login: (email: string, password: string) => session('/api/user/login', { username: email, password }),
  refresh: (refreshToken: string) => session('/api/user/refresh', { refreshToken }),
  /** Revokes the session on the server (its refresh-token family). */
  logout: (token: string | null, refreshToken: string | null) => post<true>(withToken('/api/user/logout', token), refreshToken ? { refreshToken } : {}),
  /** `me` with an explicit token (login: before the session holds it). */
  meWith: async (token: string) => (await apiJson<Envelope<SignedInCustomer>>(withToken('/api/user/me', token))).result,
  me: () => withUserToken(async (token) => (await apiJson<Envelope<SignedInCustomer>>(withToken('/api/user/me', token))).result),
  updateMe: (customer: CustomerUpdate) => withUserToken(async (token) => (await post<SignedInCustomer>(withToken('/api/user/me', token), { customer })).result),
  create: async (customer: { email: string; firstname: string; lastname: string; isSubscribed: boolean }, password: string) =>
    (
      await post<CreatedCustomer>('/api/user/create', {
        customer: {
          email: customer.email,
          firstname: customer.firstname,
          lastname: customer.lastname,
          extension_attributes: { is_subscribed: customer.isSubscribed },
        },
        password,
      } satisfies RouteBody<typeof UserCreate>)
    ).result,
  changePassword: (currentPassword: string, newPassword: string) =>
    withUserToken(
      async (token) =>
        (await post<true>(withToken('/api/user/change-password', token), { currentPassword, newPassword } satisfies RouteBody<typeof UserChangePassword>))
          .result,
    ),
  resetPassword: async (email: string) =>
    (await post<true>('/api/user/reset-password', { email, websiteId: 1 } satisfies RouteBody<typeof UserResetPassword>)).result,
  createPassword: async (email: string, newPassword: string, resetToken: string) =>
    (await post<true>('/api/user/create-password', { email, newPassword, resetToken } satisfies RouteBody<typeof UserCreatePassword>)).result,
  orderHistory: (page: number, pageSize = 20) =>
    withUserToken(
      async (token) =>
        (
          await apiJson<Envelope<OrderHistoryPage>>(
            withToken(`/api/user/order-history?${new URLSearchParams({ pageSize: String(pageSize), currentPage: String(page) })}`, token),
          )
        ).result,
    ),
  order: (orderNumber: string) =>
    withUserToken(
      async (token) => (await apiJson<Envelope<OrderHistoryEntry>>(withToken(`/api/user/order-history/${encodeURIComponent(orderNumber)}`, token))).result,
    ),
};
