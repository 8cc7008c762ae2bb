import { emailProblem, nameProblem, passwordProblem } from '@kaloryfer/domain';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { GroupTokens } from '../auth/group-token';
import { installAccountRouteSupport, tokenOf } from '../auth/request-token';
import type { Customers } from '../customers/customers';
import { HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE, type OrderHistory } from '../customers/order-history';
import { profilePatch, type ProfileBody } from '../customers/profile';
import { ApiError, sendResult } from '../http/envelope';

const Text = (max: number) => Type.String({ maxLength: max });
const Address = Type.Object({
  id: Type.Optional(Type.Union([Type.Integer(), Text(20), Type.Null()])),
  firstname: Type.Optional(Text(200)), lastname: Type.Optional(Text(200)),
  street: Type.Optional(Type.Union([Type.Array(Text(200), { maxItems: 3 }), Text(200)])),
  city: Type.Optional(Text(100)), postcode: Type.Optional(Text(16)),
  country_id: Type.Optional(Text(2)), countryId: Type.Optional(Text(2)),
  telephone: Type.Optional(Text(32)), company: Type.Optional(Text(200)), vat_id: Type.Optional(Text(32)),
  default_shipping: Type.Optional(Type.Boolean()), default_billing: Type.Optional(Type.Boolean()),
}, { additionalProperties: true });
const AddressId = Type.Optional(Type.Union([Type.Integer(), Text(20), Type.Null()]));
const Newsletter = Type.Optional(Type.Object({ is_subscribed: Type.Optional(Type.Boolean()) }, { additionalProperties: true }));
/** The customer as clients send it: the allow-listed fields are typed, everything else is accepted and ignored. */
const CustomerBody = Type.Object({
  email: Type.Optional(Text(300)), firstname: Type.Optional(Text(200)), lastname: Type.Optional(Text(200)),
  addresses: Type.Optional(Type.Array(Address, { maxItems: 50 })),
  default_shipping: AddressId, default_billing: AddressId, extension_attributes: Newsletter,
}, { additionalProperties: true });

const CreateBody = Type.Object({
  customer: Type.Object({
    email: Text(300),
    firstname: Text(200),
    lastname: Text(200),
    addresses: Type.Optional(Type.Array(Address, { maxItems: 50 })),
    extension_attributes: Newsletter,
  }, { additionalProperties: true }),
  password: Text(1000),
}, { additionalProperties: true });
const LoginBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 300 }), password: Type.String({ minLength: 1, maxLength: 1000 }) });
const RefreshBody = Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: true });
const ResetBody = Type.Object({ email: Text(300), websiteId: Type.Optional(Type.Union([Type.Integer(), Text(20)])) }, { additionalProperties: true });
const CreatePasswordBody = Type.Object({ email: Text(300), newPassword: Text(1000), resetToken: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: true });
const ChangePasswordBody = Type.Object({ currentPassword: Type.String({ minLength: 1, maxLength: 1000 }), newPassword: Text(1000) }, { additionalProperties: true });
const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true });
const HistoryQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 2000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_MAX_PAGE_SIZE, default: HISTORY_PAGE_SIZE })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
}, { additionalProperties: true });

interface UserRouteDeps {
  customers: Customers;
  groupTokens: GroupTokens;
  history: OrderHistory;
}

/**
 * The user calls of the VSF contract (vsf-contract.md, docs/account.md): create, login, refresh,
 * reset-password, create-password, me (read and update), change-password, order-history — plus
 * logout (not in VSF 1: it revokes the session's refresh tokens) and one order of the history.
 * Calls with a user token take it as `?token=` or `Authorization: Bearer`.
 */
export async function userRoutes(app: FastifyInstance, { customers, groupTokens, history }: UserRouteDeps) {
  installAccountRouteSupport(app);
  const caller = (request: { ip: string }) => ({ ip: request.ip });
  const signedIn = (request: Parameters<typeof tokenOf>[0]) => customers.authenticate(tokenOf(request));
  const withGroupToken = <T extends { group_id: number }>(customer: T) => ({ ...customer, groupToken: groupTokens.sign(customer.group_id) });

  app.post<{ Body: Static<typeof CreateBody> }>('/api/user/create', {
    schema: { summary: 'Create a customer account', tags: ['user'], body: CreateBody },
  }, async (request, reply) => {
    const { customer, password } = request.body;
    const problems = [
      ['customer.email', emailProblem(customer.email)], ['customer.firstname', nameProblem(customer.firstname)],
      ['customer.lastname', nameProblem(customer.lastname)], ['password', passwordProblem(password)],
    ].filter(([, problem]) => problem !== null);
    if (problems.length > 0) throw new ApiError(400, problems.map(([field, problem]) => `${field}: ${problem}`).join('; '));
    // Addresses and the newsletter consent are checked before the account exists, then saved with the profile's rules.
    const extras: ProfileBody = { addresses: customer.addresses as ProfileBody['addresses'], extension_attributes: customer.extension_attributes };
    profilePatch(extras);
    const created = await customers.create({ email: customer.email, firstname: customer.firstname, lastname: customer.lastname, password });
    if (extras.addresses?.length || extras.extension_attributes?.is_subscribed !== undefined) await customers.updateProfile(created.id, extras);
    return sendResult(reply, created);
  });

  app.post<{ Body: Static<typeof LoginBody> }>('/api/user/login', {
    schema: { summary: 'Log in: the access token, with meta.refreshToken (5 failures a minute per IP and account → 429)', tags: ['user'], body: LoginBody },
  }, async (request, reply) => {
    const { token, refreshToken } = await customers.login(request.body.username, request.body.password, caller(request));
    return sendResult(reply, token, { refreshToken });
  });

  app.post<{ Body: Static<typeof RefreshBody> }>('/api/user/refresh', {
    schema: { summary: 'A new access token and a new refresh token (rotation); a reused refresh token revokes its session → 401', tags: ['user'], body: RefreshBody },
  }, async (request, reply) => {
    const { token, refreshToken } = await customers.refresh(request.body.refreshToken, caller(request));
    return sendResult(reply, token, { refreshToken });
  });

  // The body is optional (a client may only have the access token), so it is read here rather than by a schema.
  app.post<{ Body: { refreshToken?: unknown } | undefined; Querystring: Static<typeof TokenQuery> }>('/api/user/logout', {
    schema: { summary: 'End the session: its refresh tokens are revoked ({refreshToken} in the body and/or the access token); always true', tags: ['user'], querystring: TokenQuery },
  }, async (request, reply) => {
    const given = request.body?.refreshToken;
    const refreshToken = typeof given === 'string' && given.length <= 200 ? given : undefined;
    await customers.logout({ refreshToken, accessToken: tokenOf(request) });
    return sendResult(reply, true);
  });

  app.post<{ Body: Static<typeof ResetBody> }>('/api/user/reset-password', {
    schema: { summary: 'E-mail a single-use link (1 h) to set a new password; the same answer for unknown e-mails', tags: ['user'], body: ResetBody },
  }, async (request, reply) => sendResult(reply, await customers.requestPasswordReset(request.body.email, caller(request))));

  app.post<{ Body: Static<typeof CreatePasswordBody> }>('/api/user/create-password', {
    schema: { summary: 'Set a new password with the reset link\'s token (once, within the hour); ends every session', tags: ['user'], body: CreatePasswordBody },
  }, async (request, reply) => sendResult(reply, await customers.createPassword(request.body, caller(request))));

  app.get<{ Querystring: Static<typeof TokenQuery> }>('/api/user/me', {
    schema: { summary: 'The signed-in customer with addresses and groupToken', tags: ['user'], querystring: TokenQuery },
  }, async (request, reply) => {
    const claims = await signedIn(request);
    return sendResult(reply, withGroupToken(await customers.profile(claims.customerId)));
  });

  app.post<{ Body: { customer: ProfileBody }; Querystring: Static<typeof TokenQuery> }>('/api/user/me', {
    schema: {
      summary: 'Update the profile: names, e-mail, addresses (the whole book), default addresses, newsletter flag; other fields are ignored',
      tags: ['user'], querystring: TokenQuery, body: Type.Object({ customer: CustomerBody }, { additionalProperties: true }),
    },
  }, async (request, reply) => {
    const claims = await signedIn(request);
    return sendResult(reply, withGroupToken(await customers.updateProfile(claims.customerId, request.body.customer)));
  });

  app.post<{ Body: Static<typeof ChangePasswordBody>; Querystring: Static<typeof TokenQuery> }>('/api/user/change-password', {
    schema: { summary: 'Change the password (the current one required); other sessions end', tags: ['user'], querystring: TokenQuery, body: ChangePasswordBody },
  }, async (request, reply) => {
    const claims = await signedIn(request);
    return sendResult(reply, await customers.changePassword(claims, request.body.currentPassword, request.body.newPassword, caller(request)));
  });

  app.get<{ Querystring: Static<typeof HistoryQuery> }>('/api/user/order-history', {
    schema: { summary: 'The customer\'s own orders, newest first: {items, total_count, search_criteria}', tags: ['user'], querystring: HistoryQuery },
  }, async (request, reply) => {
    const claims = await signedIn(request);
    return sendResult(reply, await history.page(claims.customerId, request.query.pageSize ?? HISTORY_PAGE_SIZE, request.query.currentPage ?? 1));
  });

  app.get<{ Params: { orderNumber: string }; Querystring: Static<typeof TokenQuery> }>('/api/user/order-history/:orderNumber', {
    schema: {
      summary: 'One of the customer\'s orders by its number; another customer\'s order → 404', tags: ['user'], querystring: TokenQuery,
      params: Type.Object({ orderNumber: Type.String({ pattern: '^\\d{9}$' }) }),
    },
  }, async (request, reply) => {
    const claims = await signedIn(request);
    const order = await history.one(claims.customerId, request.params.orderNumber);
    if (!order) throw new ApiError(404, 'No such order');
    return sendResult(reply, order);
  });
}
