/**
 * An Ajv plugin (Fastify's `ajv.plugins`) that makes every `number`/`integer` in every route's
 * schema finite.
 *
 * Why: with `coerceTypes`, Ajv turns the query string `size=Infinity` or `size=1e309` into the
 * number Infinity and then skips `minimum`/`maximum`/`multipleOf`, which it only checks on finite
 * numbers — so `Type.Integer({ maximum: 50 })` let Infinity through to the handlers (HTTP 500 on
 * /api/review/list and /api/cms/blocks, issue #22). JSON bodies meet the same value as `1e309`.
 * The plugin adds a `finite` keyword and, on every schema Fastify compiles, puts `finite: true`
 * on each numeric node, so the whole API answers 400 "… must be a finite number" without each
 * route remembering it. Schemas are copied first: the OpenAPI document shows them unchanged.
 */

import type { FastifyServerOptions } from 'fastify';

type Schema = Record<string, unknown>;
/** Fastify's Ajv instance, typed through Fastify (Ajv itself is Fastify's dependency, not ours). */
type AjvPlugin = Extract<NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number], (...args: never[]) => unknown>;
type Ajv = Parameters<AjvPlugin>[0];

interface FiniteKeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

export const FINITE_MESSAGE = 'must be a finite number';

/** Keys whose values are data, not subschemas: never rewritten. */
const DATA_KEYS = new Set(['default', 'const', 'enum', 'examples', 'example']);

const isNumeric = (type: unknown) =>
  type === 'number' || type === 'integer' || (Array.isArray(type) && type.some((each) => each === 'number' || each === 'integer'));

/** A copy of `schema` with `finite: true` on every numeric node (nested ones too). */
export function withFiniteNumbers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => withFiniteNumbers(item)) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) copy[key] = DATA_KEYS.has(key) ? value : withFiniteNumbers(value);
  if (isNumeric(copy.type) && copy.finite === undefined) copy.finite = true;
  return copy as T;
}

function validateFinite(this: unknown, enabled: boolean, data: unknown): boolean {
  if (!enabled || typeof data !== 'number' || Number.isFinite(data)) return true;
  const errors: FiniteKeywordError[] = [{ keyword: 'finite', message: FINITE_MESSAGE, params: {} }];
  (validateFinite as unknown as { errors: FiniteKeywordError[] }).errors = errors;
  return false;
}

export function finiteNumbers(ajv: Ajv): Ajv {
  // No `type: 'number'` here: Ajv guards its whole number group with isFinite, which would skip it too.
  ajv.addKeyword({ keyword: 'finite', schemaType: 'boolean', errors: true, validate: validateFinite });
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: unknown, meta?: boolean) => compile(withFiniteNumbers(schema) as never, meta)) as Ajv['compile'];
  return ajv;
}
