import {
  HISTORY_PAGE_SIZE,
  type CustomerUpdate,
  UserChangePassword,
  UserCreate,
  UserCreatePassword,
  UserLogin,
  UserLogout,
  UserMe,
  UserMeUpdate,
  UserOrder,
  UserOrderHistory,
  UserRefresh,
  UserResetPassword,
} from '@kaloryfer/api-contract';
import { emailProblem, nameProblem, passwordProblem } from '@kaloryfer/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GroupTokens } from '../auth/group-token';
import { callerToken } from '../auth/caller-token';
import type { Customers } from './customers';
import type { OrderHistory } from './order-history';
import { profilePatch } from './profile';
import { ApiError, sendResult } from '../http/envelope';

interface UserRouteDeps {
  customers: Customers;
  groupTokens: GroupTokens;
  history: OrderHistory;
}

/**
 * The user calls of the VSF contract (docs/vsf-contract.md, docs/account.md): create, login, refresh,
 * reset-password, create-password, me (read and update), change-password, order-history — plus
 * logout (not in VSF 1: it revokes the session's refresh tokens) and one order of the history.
 * Calls with a user token take it as `?token=` or `Authorization: Bearer`. Schemas:
 * shared/api-contract/src/user.ts.
 */
export async function userRoutes(app: FastifyInstance, { customers, groupTokens, history }: UserRouteDeps) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const caller = (request: { ip: string }) => ({ ip: request.ip });
  const signedIn = (request: FastifyRequest) => customers.authenticate(callerToken(request));
  const withGroupToken = <T extends { group_id: number }>(customer: T) => ({ ...customer, groupToken: groupTokens.sign(customer.group_id) });

  routes.post('/api/user/create', { schema: UserCreate }, async (request, reply) => {
    const { customer, password } = request.body;
    const problems = [
      ['customer.email', emailProblem(customer.email)],
      ['customer.firstname', nameProblem(customer.firstname)],
      ['customer.lastname', nameProblem(customer.lastname)],
      ['password', passwordProblem(password)],
    ].filter(([, problem]) => problem !== null);
    if (problems.length > 0) throw new ApiError(400, problems.map(([field, problem]) => `${field}: ${problem}`).join('; '));
    // Addresses and the newsletter consent are checked before the account exists, then saved with the profile's rules.
    const extras: CustomerUpdate = { addresses: customer.addresses, extension_attributes: customer.extension_attributes };
    profilePatch(extras);
    const created = await customers.create({ email: customer.email, firstname: customer.firstname, lastname: customer.lastname, password });
    if (extras.addresses?.length || extras.extension_attributes?.is_subscribed !== undefined) await customers.updateProfile(created.id, extras);
    return sendResult(reply, created);
  });

  routes.post('/api/user/login', { schema: UserLogin }, async (request, reply) => {
    const { token, refreshToken } = await customers.login(request.body.username, request.body.password, caller(request));
    return sendResult(reply, token, { refreshToken });
  });

  routes.post('/api/user/refresh', { schema: UserRefresh }, async (request, reply) => {
    const { token, refreshToken } = await customers.refresh(request.body.refreshToken, caller(request));
    return sendResult(reply, token, { refreshToken });
  });

  // The body is optional (a client may only have the access token), so it is read here rather than by a schema.
  routes.post('/api/user/logout', { schema: UserLogout }, async (request, reply) => {
    const given = (request.body as { refreshToken?: unknown } | undefined)?.refreshToken;
    const refreshToken = typeof given === 'string' && given.length <= 200 ? given : undefined;
    await customers.logout({ refreshToken, accessToken: callerToken(request) });
    return sendResult(reply, true);
  });

  routes.post('/api/user/reset-password', { schema: UserResetPassword }, async (request, reply) =>
    sendResult(reply, await customers.requestPasswordReset(request.body.email, caller(request))),
  );

  routes.post('/api/user/create-password', { schema: UserCreatePassword }, async (request, reply) =>
    sendResult(reply, await customers.createPassword(request.body, caller(request))),
  );

  routes.get('/api/user/me', { schema: UserMe }, async (request, reply) => {
    const claims = await signedIn(request);
    return sendResult(reply, withGroupToken(await customers.profile(claims.customerId)));
  });

  routes.post('/api/user/me', { schema: UserMeUpdate }, async (request, reply) => {
    const claims = await signedIn(request);
    return sendResult(reply, withGroupToken(await customers.updateProfile(claims.customerId, request.body.customer)));
  });

  routes.post('/api/user/change-password', { schema: UserChangePassword }, async (request, reply) => {
    const claims = await signedIn(request);
    return sendResult(reply, await customers.changePassword(claims, request.body.currentPassword, request.body.newPassword, caller(request)));
  });

  routes.get('/api/user/order-history', { schema: UserOrderHistory }, async (request, reply) => {
    const claims = await signedIn(request);
    return sendResult(reply, await history.page(claims.customerId, request.query.pageSize ?? HISTORY_PAGE_SIZE, request.query.currentPage ?? 1));
  });

  routes.get('/api/user/order-history/:orderNumber', { schema: UserOrder }, async (request, reply) => {
    const claims = await signedIn(request);
    const order = await history.one(claims.customerId, request.params.orderNumber);
    if (!order) throw new ApiError(404, 'No such order');
    return sendResult(reply, order);
  });
}
