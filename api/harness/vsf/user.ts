import { first, JSON_HEADERS, need, ok, USER_HEADERS, type VsfCall } from './types';

/**
 * VSF 1.12.3 core/data-resolver/UserService.ts with config/default.json `users.*` endpoints
 * (tokenInHeader false: the token travels as ?token=); what is read: core/modules/user/store/actions.ts.
 */
const customer = (result: any) =>
  first(
    need(result && typeof result === 'object', 'result: the customer'),
    need(result?.id !== undefined, 'result.id'),
    need(typeof result?.email === 'string', 'result.email'),
    need(Array.isArray(result?.addresses), 'result.addresses'),
  );

export const userCreate: VsfCall = {
  call: 'user/create',
  source: 'UserService.register: {customer: {email, firstname, lastname, addresses: []}, password} (Register.vue / Checkout createAccount)',
  method: 'POST',
  url: '/api/user/create',
  headers: USER_HEADERS,
  body: (ctx) => ({ customer: { email: ctx.email, firstname: 'Anna', lastname: 'Kowalska', addresses: [] }, password: ctx.password }),
  reads: (answer, ctx) => {
    const why = first(ok(answer), need(answer.body?.result?.id !== undefined, 'result.id (OrderReview reads it)'));
    if (!why) ctx.customerId = answer.body!.result.id;
    return why;
  },
};

export const userLogin: VsfCall = {
  call: 'user/login',
  source: 'UserService.login: {username, password}; reads result (token) and meta.refreshToken',
  method: 'POST',
  url: '/api/user/login',
  headers: USER_HEADERS,
  body: (ctx) => ({ username: ctx.email, password: ctx.password }),
  reads: (answer, ctx) => {
    const why = first(
      ok(answer),
      need(typeof answer.body?.result === 'string', 'result: the token'),
      need(typeof answer.body?.meta?.refreshToken === 'string', 'meta.refreshToken'),
    );
    if (!why) {
      ctx.token = answer.body!.result;
      ctx.refreshToken = answer.body!.meta!.refreshToken;
    }
    return why;
  },
};

export const userMe: VsfCall = {
  call: 'user/me (GET)',
  source: 'UserService.getProfile; refreshUserProfile reads result, setUserGroup reads groupToken and group_id',
  method: 'GET',
  url: '/api/user/me?token={{token}}',
  headers: USER_HEADERS,
  reads: (answer) =>
    first(
      ok(answer),
      customer(answer.body?.result),
      need(typeof answer.body?.result?.groupToken === 'string', 'result.groupToken'),
      need(answer.body?.result?.group_id !== undefined, 'result.group_id'),
    ),
};

export const userOrderHistory: VsfCall = {
  call: 'user/order-history',
  source: 'UserService.getOrdersHistory(20, 1): history_endpoint ?token=&pageSize=&currentPage=; reads result.items',
  method: 'GET',
  url: '/api/user/order-history?token={{token}}&pageSize=20&currentPage=1',
  headers: USER_HEADERS,
  reads: (answer) =>
    first(
      ok(answer),
      need(Array.isArray(answer.body?.result?.items), 'result.items'),
      need(
        (answer.body?.result?.items ?? []).every((order: any) => typeof order.increment_id === 'string'),
        'items[].increment_id (uniqBy in loadMoreOrders)',
      ),
    ),
};

export const userUpdate: VsfCall = {
  call: 'user/me (POST)',
  source: 'UserAccount.updateProfile → pick(allowModification) → MyAccount {customer} → UserService.updateProfile (Content-Type only)',
  method: 'POST',
  url: '/api/user/me?token={{token}}',
  headers: JSON_HEADERS,
  body: (ctx) => ({
    customer: {
      firstname: 'Anna',
      lastname: 'Nowak',
      email: ctx.email,
      addresses: [
        {
          firstname: 'Anna',
          lastname: 'Nowak',
          company: 'Instalbud Sp. z o.o.',
          street: ['ul. Grzewcza', '7'],
          city: 'Kraków',
          region: { region: null },
          country_id: 'PL',
          postcode: '30-001',
          vat_id: '9512345675',
          telephone: '601 234 567',
          default_billing: true,
        },
      ],
    },
  }),
  reads: (answer) => first(ok(answer), customer(answer.body?.result), need(answer.body?.result?.lastname === 'Nowak', 'the changed lastname')),
};

export const userRefresh: VsfCall = {
  call: 'user/refresh',
  source: 'UserService.refreshToken: plain fetch {refreshToken}; reads result (the new token)',
  method: 'POST',
  url: '/api/user/refresh',
  headers: USER_HEADERS,
  body: (ctx) => ({ refreshToken: ctx.refreshToken }),
  reads: (answer, ctx) => {
    const why = first(ok(answer), need(typeof answer.body?.result === 'string', 'result: the new token'));
    if (!why) {
      ctx.token = answer.body!.result;
      ctx.refreshToken = answer.body?.meta?.refreshToken ?? ctx.refreshToken;
    }
    return why;
  },
};

export const userChangePassword: VsfCall = {
  call: 'user/change-password',
  source: 'UserService.changePassword: {currentPassword, newPassword} (UserAccount); code 200, else result.errorMessage',
  method: 'POST',
  url: '/api/user/change-password?token={{token}}',
  headers: JSON_HEADERS,
  body: (ctx) => ({ currentPassword: ctx.password, newPassword: ctx.newPassword }),
  reads: (answer) => ok(answer),
};

export const userResetPassword: VsfCall = {
  call: 'user/reset-password',
  source: 'UserService.resetPassword: {email}; code 200',
  method: 'POST',
  url: '/api/user/reset-password',
  headers: USER_HEADERS,
  body: (ctx) => ({ email: ctx.email }),
  reads: (answer) => ok(answer),
};

const NO_RESET_TOKEN = 'no-reset-token-available';
export const userCreatePassword: VsfCall = {
  call: 'user/create-password',
  source: 'UserService.createPassword: {email, newPassword, resetToken} (ResetPassword page from the e-mail link); code 200',
  method: 'POST',
  url: '/api/user/create-password',
  headers: USER_HEADERS,
  body: (ctx) => ({ email: ctx.email, newPassword: `${ctx.newPassword}-2`, resetToken: ctx.resetToken ?? NO_RESET_TOKEN }),
  reads: (answer, ctx) => {
    // Without the e-mail's token (a bench against a server whose outbox it cannot read) the shape
    // counts as understood when the answer is the token's refusal rather than a schema error.
    if (!ctx.resetTokenFor) {
      const message = String(answer.body?.result ?? '');
      return answer.status === 400 && !/^body\b/.test(message) ? undefined : `expected the token's refusal, got ${answer.status}: ${message.slice(0, 120)}`;
    }
    return ok(answer);
  },
};

export const userCalls = [userCreate, userLogin, userMe];
