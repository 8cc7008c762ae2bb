import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { envelope } from '../../http/envelope';
import type { RegistryCaller } from '../../registry';
import type { ImportJobWorker } from './import-job-worker';
import { answersWith, ImportJobSchema } from './import-job-schema';
import { getImportJob, importJobPath, listImportJobs, refusedCsvOf, submitImportJob, type ImportJobOptions } from './import-jobs';
import { IMPORT_ENCODINGS, IMPORT_FORMATS, type ImportEncoding, type ImportFormat } from './import-profile';
import { findProfile, unknownProfileMessage } from './import-profiles';

export const IMPORT_PATH = '/api/catalog/import';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The content types a file is sent as, and the format each says (none: the file's name or its first bytes say). */
const FORMAT_OF_TYPE: Record<string, ImportFormat | null> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  [XLSX_TYPE]: 'xlsx',
  'text/plain': null,
  'application/octet-stream': null,
};

const FORMAT_OF_EXTENSION: Record<string, ImportFormat> = { csv: 'csv', txt: 'csv', json: 'json', xml: 'xml', xlsx: 'xlsx' };

const ImportQuery = Type.Object(
  {
    dry_run: Type.Optional(Type.Boolean({ description: 'check the file and say what it would change; write nothing' })),
    skip_bad_rows: Type.Optional(Type.Boolean({ description: 'apply the good rows, report (and keep as CSV) the refused ones' })),
    profile: Type.Optional(Type.String({ maxLength: 64, description: 'a saved profile (GET /api/catalog/import/profiles)' })),
    format: Type.Optional(Type.String({ maxLength: 16 })),
    encoding: Type.Optional(Type.String({ maxLength: 32 })),
    sheet: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    file_name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);

const JobAnswer = Type.Object({ job: ImportJobSchema });
const JobId = Type.Object({ id: Type.String({ maxLength: 24 }) });

/** A job's id in a path: a whole number; anything else is no job (404), not a bad request. */
const idOf = (text: string) => (/^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

const noJob = (id: string) => envelope(404, `no import job ${id} (GET ${IMPORT_PATH} lists them)`);

/**
 * The import jobs' routes (docs/catalogue.md, "Imports as jobs"), behind the operator's token
 * (import-routes.ts):
 * - `POST /api/catalog/import` — the body is the file, kept as it came (every type this context
 *   takes is read as bytes, JSON too); 202 at once with the queued job and its `Location`, or 200
 *   with the job already queued or running for the same file and options;
 * - `GET /api/catalog/import` — the history, newest first;
 * - `GET /api/catalog/import/:id` — one job: its state, and the report or the problems once it ended;
 * - `GET /api/catalog/import/:id/refused.csv` — the rows it refused with skip_bad_rows.
 */
export async function importJobRoutes(
  app: FastifyInstance,
  { db, worker, callerOf }: { db: Db; worker: ImportJobWorker; callerOf: (request: FastifyRequest) => RegistryCaller },
) {
  for (const type of ['application/json', 'text/plain']) app.removeContentTypeParser(type);
  app.addContentTypeParser(Object.keys(FORMAT_OF_TYPE), { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    IMPORT_PATH,
    { schema: { hide: true, querystring: ImportQuery, response: answersWith({ 200: JobAnswer, 202: JobAnswer }) }, config: { cache: 'private' } },
    async (request, reply) => {
      const file = request.body;
      if (!Buffer.isBuffer(file) || file.length === 0) {
        return reply
          .code(400)
          .send(
            envelope(
              400,
              `send the file as the body, with its Content-Type: ${Object.keys(FORMAT_OF_TYPE).join(', ')} (for the last two, ?format= or ?file_name= may say which)`,
            ),
          );
      }
      const { query } = request;
      const fileName = query.file_name?.split(/[\\/]/).pop() || null;
      const format = query.format ?? FORMAT_OF_TYPE[mediaType(request)] ?? FORMAT_OF_EXTENSION[fileName?.split('.').pop()?.toLowerCase() ?? ''] ?? null;
      if (format !== null && !isOneOf(IMPORT_FORMATS, format))
        return reply.code(400).send(envelope(400, `format is ${IMPORT_FORMATS.join(', ')}, got "${format}"`));
      if (query.encoding !== undefined && !isOneOf(IMPORT_ENCODINGS, query.encoding))
        return reply.code(400).send(envelope(400, `encoding is ${IMPORT_ENCODINGS.join(', ')}, got "${query.encoding}"`));
      const saved = query.profile === undefined ? null : await findProfile(db, query.profile);
      if (query.profile !== undefined && !saved) return reply.code(400).send(envelope(400, await unknownProfileMessage(db, query.profile)));
      const options: ImportJobOptions = {
        dryRun: query.dry_run === true,
        skipBadRows: query.skip_bad_rows === true,
        format,
        encoding: (query.encoding as ImportEncoding | undefined) ?? null,
        sheet: query.sheet ?? null,
        profile: saved?.profile ?? null,
      };
      const caller = callerOf(request);
      const { job, created } = await submitImportJob(
        db,
        {
          file,
          fileName: fileName ?? `file.${format ?? 'txt'}`,
          options,
          via: 'api',
          submittedBy: `${caller.team} token ${caller.tokenId}`,
          tokenId: caller.tokenId,
        },
        new Date(),
      );
      // This instance looks for it at once; the others at their next poll.
      if (created) worker.kick();
      const status = created ? 202 : 200;
      return reply.code(status).header('location', importJobPath(job.id)).send(envelope(status, { job }));
    },
  );

  routes.get(
    IMPORT_PATH,
    {
      schema: {
        hide: true,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })) }, { additionalProperties: false }),
        response: answersWith({ 200: Type.Object({ jobs: Type.Array(ImportJobSchema) }) }),
      },
      config: { cache: 'private' },
    },
    async (request, reply) => reply.send(envelope(200, { jobs: await listImportJobs(db, request.query.limit ?? 20) })),
  );

  routes.get(
    `${IMPORT_PATH}/:id`,
    { schema: { hide: true, params: JobId, response: answersWith({ 200: JobAnswer }) }, config: { cache: 'private' } },
    async (request, reply) => {
      const id = idOf(request.params.id);
      const job = id === null ? null : await getImportJob(db, id);
      return job ? reply.send(envelope(200, { job })) : reply.code(404).send(noJob(request.params.id));
    },
  );

  routes.get(`${IMPORT_PATH}/:id/refused.csv`, { schema: { hide: true, params: JobId }, config: { cache: 'private' } }, async (request, reply) => {
    const id = idOf(request.params.id);
    const job = id === null ? null : await getImportJob(db, id);
    if (!job) return reply.code(404).send(noJob(request.params.id));
    const csv = await refusedCsvOf(db, job.id);
    if (csv === null) return reply.code(404).send(envelope(404, `import job ${job.id} refused no rows${job.fileKept ? '' : ' (or its files were dropped)'}`));
    const name = `${job.fileName.replace(/\.[^.]*$/, '')}.odrzucone.csv`.replace(/[^\w.-]+/g, '_');
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
  });
}

/** The body's media type without its parameters (`text/csv; charset=utf-8` → `text/csv`). */
const mediaType = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

const isOneOf = <Value extends string>(values: readonly Value[], value: string): value is Value => (values as readonly string[]).includes(value);
