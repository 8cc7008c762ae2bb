import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { envelope } from '../../http/envelope';
import { RegistryAuthError, RegistryTokens, type RegistryCaller } from '../../registry';
import { importJobRoutes } from './import-job-routes';
import type { ImportJobWorker } from './import-job-worker';
import { importProfileRoutes } from './import-profile-routes';

/**
 * `/api/catalog/import…` (docs/catalogue.md, "Importing prices and stock", "Imports as jobs",
 * "Profiles"): an operator's catalogue imports — sent as jobs the instances' workers run — and
 * suppliers' saved profiles. Only an operator's registry token (`Authorization: Bearer …`, as
 * /metrics), checked before a body of up to 16 MiB is read: a team's token is 403, none or a bad
 * one 401. Operator-only: not in the shop's OpenAPI document.
 */
export async function catalogImportRoutes(app: FastifyInstance, { db, worker }: { db: Db; worker: ImportJobWorker }) {
  const tokens = new RegistryTokens(db);
  const callers = new WeakMap<FastifyRequest, RegistryCaller>();

  app.addHook('onRequest', async (request, reply) => {
    try {
      const caller = await tokens.caller(request.headers.authorization);
      if (caller.team !== 'operator') throw new RegistryAuthError(403, `catalogue imports need an operator's token (this is the ${caller.team} team's)`);
      callers.set(request, caller);
    } catch (error) {
      if (!(error instanceof RegistryAuthError)) throw error;
      // Refused before a body of up to 16 MiB was read: the connection is not reused.
      if (request.headers['content-length'] && request.headers['content-length'] !== '0') reply.header('connection', 'close');
      return reply.code(error.statusCode).header('cache-control', 'no-store').send(envelope(error.statusCode, error.message));
    }
  });
  // Every route here runs after the hook above let its request in.
  const callerOf = (request: FastifyRequest) => callers.get(request) as RegistryCaller;

  await app.register(importJobRoutes, { db, worker, callerOf }); // files read as bytes: a context of its own
  await app.register(importProfileRoutes, { db, callerOf }); // JSON as the app parses it
}
