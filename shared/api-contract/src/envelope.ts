import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * The vue-storefront-api envelope every JSON route answers in: `{code, result, meta?}` with the
 * HTTP status equal to `code` (docs/vsf-contract.md).
 */
export const Envelope = <Result extends TSchema>(result: Result) =>
  Type.Object({ code: Type.Integer(), result, meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())) });
/** The envelope of a result of type `Result`: `{code, result, meta?}`, as the schema above reads. */
export type Envelope<Result> = Static<ReturnType<typeof Envelope<TUnsafe<Result>>>>;

/**
 * A refusal: `result` is a message a person can read (a spec message where it has one), or VSF's
 * error object; `meta` what a client may act on (a rate limit's `retryAfter` seconds).
 */
export const ErrorEnvelope = Type.Object({ code: Type.Integer(), result: Type.Unknown(), meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())) });

/**
 * A route's answers by status: `result` on success, the error envelope otherwise. Fastify
 * serialises each answer through its schema, so a field the schema does not list never leaves
 * the API; the API's tests check every answer against it (api/src/http/response-check.ts).
 */
export const answers = <Result extends TSchema>(result: Result) => ({ 200: Envelope(result), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope });

/** A nullable value, as VSF writes "none" (`null`, never a missing field). */
export const Nullable = <Value extends TSchema>(value: Value) => Type.Union([value, Type.Null()]);

/**
 * Types read off a route, for answers and bodies the contract gives no name of their own
 * (`RouteResult<typeof CartCreate>`). A remote imports them with `import type` and `typeof` a
 * route it also imports as a type only, so no schema code reaches a browser bundle.
 */
export type RouteAnswer<Route extends { response: { 200: { static: unknown } } }> = Route['response'][200]['static'];
export type RouteResult<Route extends { response: { 200: { static: { result: unknown } } } }> = Route['response'][200]['static']['result'];
export type RouteBody<Route extends { body: { static: unknown } }> = Route['body']['static'];
