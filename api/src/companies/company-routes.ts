import { CompanyByNip } from '@kaloryfer/api-contract';
import { INVALID_NIP, isValidNip } from '@kaloryfer/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { CompanyRegister } from './company-register';
import { ApiError, sendResult } from '../http/envelope';

/** `GET /api/company?nip=` — the checkout's invoice fields filled from the GUS register; null when it has no such company. */
export async function companyRoutes(app: FastifyInstance, { register }: { register: CompanyRegister }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/company', { schema: CompanyByNip }, async (request, reply) => {
    if (!isValidNip(request.query.nip)) throw new ApiError(400, INVALID_NIP);
    return sendResult(reply, await register.findByNip(request.query.nip));
  });
}
