import { emailProblem, nameProblem, passwordProblem } from '@kaloryfer/domain';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Customers } from '../customers/customers';
import { ApiError, sendResult } from '../http/envelope';

const CreateBody = Type.Object({
  customer: Type.Object({
    email: Type.String({ maxLength: 300 }),
    firstname: Type.String({ maxLength: 200 }),
    lastname: Type.String({ maxLength: 200 }),
  }, { additionalProperties: true }),
  password: Type.String({ maxLength: 1000 }),
}, { additionalProperties: true });
const LoginBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 300 }), password: Type.String({ minLength: 1, maxLength: 1000 }) });

/**
 * The user calls the cart needs now (vsf-contract.md): create an account and log in. The
 * account issue adds the rest (me, refresh, passwords, order history).
 */
export async function userRoutes(app: FastifyInstance, { customers }: { customers: Customers }) {
  app.post<{ Body: Static<typeof CreateBody> }>('/api/user/create', {
    schema: { summary: 'Create a customer account', tags: ['user'], body: CreateBody },
  }, async (request, reply) => {
    const { customer, password } = request.body;
    const problems = [
      ['customer.email', emailProblem(customer.email)], ['customer.firstname', nameProblem(customer.firstname)],
      ['customer.lastname', nameProblem(customer.lastname)], ['password', passwordProblem(password)],
    ].filter(([, problem]) => problem !== null);
    if (problems.length > 0) throw new ApiError(400, problems.map(([field, problem]) => `${field}: ${problem}`).join('; '));
    return sendResult(reply, await customers.create({ ...customer, password }));
  });

  app.post<{ Body: Static<typeof LoginBody> }>('/api/user/login', {
    schema: { summary: 'Log in: the token, with meta.refreshToken', tags: ['user'], body: LoginBody },
  }, async (request, reply) => {
    const { token, refreshToken } = await customers.login(request.body.username, request.body.password);
    return sendResult(reply, token, { refreshToken });
  });
}
