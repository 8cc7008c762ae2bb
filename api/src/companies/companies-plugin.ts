import type { FastifyInstance } from 'fastify';
import { companyRoutes } from './company-routes';
import { FixtureCompanyRegister } from './company-register';

/** A company by its NIP for the checkout's invoice (docs/polish-market.md): the GUS register's fixture adapter. */
export async function companiesPlugin(app: FastifyInstance) {
  await app.register(companyRoutes, { register: new FixtureCompanyRegister() });
}
