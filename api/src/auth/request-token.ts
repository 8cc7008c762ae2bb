import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, envelope } from '../http/envelope';
import { readEmptyJsonAsObject } from '../http/json-body';
import { TooManyAttempts } from './rate-limit';

/** The user token: `?token=` as VSF sends it, or `Authorization: Bearer`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const query = request.query as { token?: string } | undefined;
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  return query?.token || bearer || undefined;
}

/**
 * For the account plugins (encapsulated, so nothing leaks to other routes):
 * - a JSON body that is empty reads as `{}` (VSF sends `Content-Type: application/json` with no
 *   body on some POST and DELETE calls);
 * - `TooManyAttempts` answers 429 with `Retry-After` (seconds) and `meta.retryAfter`;
 * - a 5xx `ApiError` (the reset e-mail that could not be sent) is logged with its cause.
 * Everything else goes on to the app's error handler.
 */
export function installAccountRouteSupport(app: FastifyInstance): void {
  readEmptyJsonAsObject(app);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof TooManyAttempts) {
      return reply
        .code(429)
        .header('Retry-After', String(error.retryAfterSeconds))
        .send(envelope(429, error.message, { retryAfter: error.retryAfterSeconds }));
    }
    if (error instanceof ApiError && error.statusCode >= 500) request.log.error({ err: (error as { cause?: unknown }).cause ?? error }, error.message);
    throw error;
  });
}
