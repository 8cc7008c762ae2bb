import { isDeepStrictEqual } from 'node:util';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const EXPECTED = Symbol('the answer as the handler wrote it');

/** An answer that does not match its route's schema (only with the check on): a 500 whose text names the field. */
export class AnswerOffContract extends Error {}

/**
 * Checks each JSON answer against its route's response schema (shared/api-contract). The
 * serialiser alone would quietly drop a field the schema does not list or coerce a wrong type;
 * with the check on (config.checkResponses: the API's tests and the e2e shop) an answer that
 * does not match its contract is a 500 naming the route and the field, so a test fails instead
 * of a remote reading a shape nobody promised. Two checks:
 * - before serialising: the answer is valid under the schema (types, required fields);
 * - after: the serialised text says exactly what the handler wrote — nothing dropped because
 *   the schema forgot it, nothing coerced.
 */
export function installResponseCheck(app: FastifyInstance): void {
  const compiled = new WeakMap<object, TypeCheck<TSchema>>();
  const checkerOf = (schema: TSchema) => {
    let check = compiled.get(schema);
    if (!check) {
      check = TypeCompiler.Compile(schema);
      compiled.set(schema, check);
    }
    return check;
  };
  const refuse = (request: FastifyRequest, status: number, problems: string[]) => {
    request.log.error({ problems }, 'answer does not match its schema');
    return new AnswerOffContract(
      `The answer of ${request.method} ${request.routeOptions.url} (${status}) does not match its schema in shared/api-contract: ${problems.join('; ')}`,
    );
  };

  app.addHook('preSerialization', async (request, reply, payload) => {
    const schema = responseSchemaOf(request, reply.statusCode);
    if (!schema) return payload;
    const check = checkerOf(schema);
    if (!check.Check(payload))
      throw refuse(
        request,
        reply.statusCode,
        [...check.Errors(payload)].slice(0, 5).map((error) => `${error.path || '/'}: ${error.message}`),
      );
    (request as unknown as Record<symbol, string>)[EXPECTED] = JSON.stringify(payload);
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const expected = (request as unknown as Record<symbol, string | undefined>)[EXPECTED];
    if (expected === undefined || typeof payload !== 'string') return payload;
    (request as unknown as Record<symbol, string | undefined>)[EXPECTED] = undefined;
    const wrote = JSON.parse(expected) as unknown;
    const sent = JSON.parse(payload) as unknown;
    if (isDeepStrictEqual(wrote, sent)) return payload;
    throw refuse(request, reply.statusCode, differences(wrote, sent, '').slice(0, 5));
  });
}

/** The schema for this status: the exact code, then its class ('4xx'), then 'default'. */
export function responseSchemaOf(request: FastifyRequest, status: number): TSchema | undefined {
  const response = request.routeOptions.schema?.response as Record<string, TSchema> | undefined;
  if (!response) return undefined;
  return response[String(status)] ?? response[`${String(status)[0]}xx`] ?? response.default;
}

/** Where the sent answer differs from the written one: "/result/0/image: dropped by the schema". */
export function differences(wrote: unknown, sent: unknown, at: string): string[] {
  if (isDeepStrictEqual(wrote, sent)) return [];
  if (wrote && sent && typeof wrote === 'object' && typeof sent === 'object' && Array.isArray(wrote) === Array.isArray(sent)) {
    const keys = new Set([...Object.keys(wrote), ...Object.keys(sent)]);
    return [...keys].flatMap((key) => {
      const [a, b] = [(wrote as Record<string, unknown>)[key], (sent as Record<string, unknown>)[key]];
      if (!(key in sent)) return [`${at}/${key}: dropped by the schema (not listed)`];
      if (!(key in wrote)) return [`${at}/${key}: added by the serialiser`];
      return differences(a, b, `${at}/${key}`);
    });
  }
  return [`${at || '/'}: written ${JSON.stringify(wrote)?.slice(0, 60)}, sent ${JSON.stringify(sent)?.slice(0, 60)}`];
}
