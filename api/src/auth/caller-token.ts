import type { FastifyRequest } from 'fastify';

/**
 * What VSF 1.12 sends when it has no user token: `?token=` empty (a guest), `Bearer null` or
 * `Bearer undefined` (users.tokenInHeader after a logout: core/lib/sync/task.ts getPayload), and
 * the unfilled template `{{token}}` (its offline order queue posts orders.endpoint as configured).
 * None of them can be a token, so they mean no token: a guest on cart and order calls (not a 401
 * that would stall VSF's queue), a 401 on the calls that need a signed-in customer.
 */
const NO_TOKEN = new Set(['', 'null', 'undefined', '{{token}}']);

/** The caller's user token, on every call that reads one: `?token=` or `Authorization: Bearer`; undefined when there is none. */
export function callerToken(request: FastifyRequest): string | undefined {
  const query = (request.query as { token?: unknown } | undefined)?.token;
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  for (const candidate of [query, bearer]) {
    if (typeof candidate === 'string' && !NO_TOKEN.has(candidate)) return candidate;
  }
  return undefined;
}
