import { isValidNip } from '@kaloryfer/domain';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { CompanyRegister } from '../companies/company-register';
import { ApiError, sendResult } from '../http/envelope';
import { INVALID_NIP } from '../orders/orders';

/** `GET /api/company?nip=` — the checkout's invoice fields filled from the GUS register; null when it has no such company. */
export async function companyRoutes(app: FastifyInstance, { register }: { register: CompanyRegister }) {
  app.get<{ Querystring: { nip: string } }>('/api/company', {
    schema: {
      summary: 'Company data by NIP from the GUS register (BIR)',
      tags: ['company'],
      querystring: Type.Object({ nip: Type.String({ minLength: 10, maxLength: 13 }) }),
    },
  }, async (request, reply) => {
    if (!isValidNip(request.query.nip)) throw new ApiError(400, INVALID_NIP);
    return sendResult(reply, await register.findByNip(request.query.nip));
  });
}
