import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets. The VSF contract sends the user token as `?token=`
 * (spec §7), so request URLs carry it; the reset link carries `resetToken`.
 */
export const SECRET_QUERY_PARAMETERS = ['token', 'refreshToken', 'resetToken', 'password', 'newPassword', 'currentPassword'];
const SECRET = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#]*`, 'gi');

/** `/api/cart/pull?cartId=x&token=eyJ…` → `/api/cart/pull?cartId=x&token=[REDACTED]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET, '$1[REDACTED]');
}

/**
 * The logger's request serializer: pino's default fields (method, url, host, remote address and
 * port) with secrets cut out of the URL. Headers are not logged (Authorization stays out).
 */
export function requestSerializer(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
