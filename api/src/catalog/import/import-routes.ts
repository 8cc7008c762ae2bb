import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { answers } from '@kaloryfer/api-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { envelope, sendResult } from '../../http/envelope';
import { RegistryAuthError, RegistryTokens } from '../../registry/registry-tokens';
import type { CatalogSync } from '../catalog-sync';
import { importCatalog } from './apply-import';
import { ImportReportSchema, refusalOf } from './import-report';

export const IMPORT_PATH = '/api/catalog/import';

/** The content types a file is sent as: CSV as text (what `curl --data-binary @file.csv -H 'content-type: text/csv'` sends), or JSON. */
const CSV_TYPES = ['text/csv', 'application/csv'];

const ImportQuery = Type.Object(
  { dry_run: Type.Optional(Type.Boolean({ description: 'check the file and say what it would change; write nothing' })) },
  { additionalProperties: false },
);

/**
 * `POST /api/catalog/import` (docs/catalogue.md, "Importing prices and stock"): an operator's
 * import of a supplier's price and stock file, the same module as `npm run catalog:import`.
 * Only an operator's registry token (`Authorization: Bearer …`, as /metrics) — checked before
 * the body is read; a team's token is 403, none or a bad one 401. A bad file is 400 with its
 * problems (row, column, reason) and changes nothing; a good one answers the report once this
 * instance's catalogue shows the change (applied from the change log, as every instance applies it). Operator-only: not in the shop's OpenAPI document.
 */
export async function catalogImportRoutes(app: FastifyInstance, { db, catalogSync, clock }: { db: Db; catalogSync: CatalogSync; clock: () => Date }) {
  const tokens = new RegistryTokens(db, clock);
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    try {
      const caller = await tokens.caller(request.headers.authorization);
      if (caller.team !== 'operator') throw new RegistryAuthError(403, `catalogue imports need an operator's token (this is the ${caller.team} team's)`);
    } catch (error) {
      if (!(error instanceof RegistryAuthError)) throw error;
      // Refused before a body of up to 16 MiB was read: the connection is not reused.
      if (request.headers['content-length'] && request.headers['content-length'] !== '0') reply.header('connection', 'close');
      return reply.code(error.statusCode).header('cache-control', 'no-store').send(envelope(error.statusCode, error.message));
    }
  });

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      IMPORT_PATH,
      { schema: { hide: true, querystring: ImportQuery, response: answers(ImportReportSchema) }, config: { cache: 'private' } },
      async (request, reply) => {
        const body: unknown = request.body;
        if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) {
          return reply.code(400).send(envelope(400, 'send the file as the body: Content-Type text/csv (a CSV file) or application/json'));
        }
        const dryRun = request.query.dry_run === true;
        const outcome = await importCatalog(db, body, { now: clock(), format: Buffer.isBuffer(body) ? 'csv' : 'json', dryRun });
        if (!outcome.ok) return reply.code(400).send(envelope(400, refusalOf(outcome.rows, outcome.problems)));
        if (dryRun || outcome.report.productsChanged === 0) return sendResult(reply, outcome.report);
        // This instance shows the change before it answers; the others hear of the commit (PostgreSQL NOTIFY).
        const started = performance.now();
        // Applied from the change log, incrementally (a category change reloads everything), before the answer.
        await catalogSync.syncOnce();
        return sendResult(reply, { ...outcome.report, refreshMs: Math.round(performance.now() - started) });
      },
    );
}
