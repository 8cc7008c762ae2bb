import type { FastifyRequest } from 'fastify';

/**
 * What VSF 1.12 sends when it has no user token: `?token=` empty (a guest), `Bearer null` or
 * `Bearer undefined` (users.tokenInHeader after a logout: core/lib/sync/task.ts getPayload), and
 * the unfilled template `{{token}}` (its offline order queue posts orders.endpoint as configured).
 * None of them can be a token, so they mean a guest — not a 401 that would stall VSF's queue.
 */
const NO_TOKEN = new Set(['', 'null', 'undefined', '{{token}}']);

/** The caller's user token for cart and order calls: `?token=` or `Authorization: Bearer`; undefined for a guest. */
export function callerToken(request: FastifyRequest): string | undefined {
  const query = (request.query as { token?: unknown } | undefined)?.token;
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  for (const candidate of [query, bearer]) {
    if (typeof candidate === 'string' && !NO_TOKEN.has(candidate)) return candidate;
  }
  return undefined;
}
