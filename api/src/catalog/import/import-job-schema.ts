import { Envelope, ErrorEnvelope, Nullable } from '@kaloryfer/api-contract';
import { Type, type TSchema } from '@sinclair/typebox';
import { IMPORT_ENCODINGS, IMPORT_FIELDS, IMPORT_FORMATS } from './import-profile';

/**
 * The answers of the import jobs' and profiles' routes (import-job-routes.ts,
 * import-profile-routes.ts): operator-only, so not in the shop's OpenAPI document, but checked
 * like every answer in the API's tests.
 */
const literals = <Value extends string>(values: readonly Value[]) => Type.Union(values.map((value) => Type.Literal(value)));

export const ImportJobSchema = Type.Object({
  id: Type.Integer(),
  state: literals(['queued', 'checking', 'applying', 'done', 'refused', 'failed']),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  sha256: Type.String(),
  fileKept: Type.Boolean(),
  options: Type.Object({
    dryRun: Type.Boolean(),
    skipBadRows: Type.Boolean(),
    format: Nullable(literals(IMPORT_FORMATS)),
    encoding: Nullable(literals(IMPORT_ENCODINGS)),
    sheet: Nullable(Type.String()),
    profile: Nullable(Type.String()),
  }),
  via: literals(['api', 'cli']),
  submittedBy: Type.String(),
  createdAt: Type.String(),
  startedAt: Nullable(Type.String()),
  finishedAt: Nullable(Type.String()),
  instance: Nullable(Type.String()),
  attempts: Type.Integer(),
  /**
   * The import's report (import-report.ts, ImportReportSchema) or null. Not held to today's
   * schema: a job kept from an older release shows the report it had then.
   */
  report: Type.Unknown(),
  /** The refusal (import-report.ts, `refusalOf`: message, rows, problemCount, problems) or null; as `report`, as it was stored. */
  refusal: Type.Unknown(),
  error: Nullable(Type.String()),
  refusedCsv: Nullable(Type.String()),
});

export const ImportProfileSchema = Type.Object({
  name: Type.String(),
  columns: Type.Record(Type.String(), Nullable(literals(IMPORT_FIELDS))),
  match: Type.Optional(literals(['sku', 'ean'])),
  encoding: Type.Optional(literals(IMPORT_ENCODINGS)),
  sheet: Type.Optional(Type.String()),
  xml: Type.Optional(Type.Object({ record: Type.String() })),
});

export const SavedProfileSchema = Type.Object({ profile: ImportProfileSchema, updatedBy: Type.String(), updatedAt: Type.String() });

/** A route's answers by status: these successes' envelopes, the error envelope otherwise. */
export const answersWith = (successes: Record<number, TSchema>) => ({
  ...Object.fromEntries(Object.entries(successes).map(([status, result]) => [status, Envelope(result)])),
  '4xx': ErrorEnvelope,
  '5xx': ErrorEnvelope,
});
