import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are secrets or personal. The VSF contract sends the user token
 * as `?token=` and the cart id as `?cartId=` (spec §7), so request URLs carry them; the reset
 * link carries `resetToken`, the thank-you page's order lookup the client order id that proves
 * who placed it (`order_id`), the sandbox gateway's page its sealed payment (`t`, which holds
 * the buyer's e-mail), the newsletter paths an `email`.
 */
export const SECRET_QUERY_PARAMETERS = [
  'token',
  'refreshToken',
  'resetToken',
  'password',
  'newPassword',
  'currentPassword',
  'cartId',
  'cart_id',
  'order_id',
  'email',
  't',
];
const SECRET = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#\\s]*`, 'gi');

/** An e-mail address, plain or URL-encoded (`%40`), anywhere in a text. */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;

/**
 * Card-like: 13 to 19 digits (every card number's length), alone or grouped by spaces, dashes
 * or URL-encoded spaces — not a run inside a longer word. It also takes a millisecond timestamp
 * or an EAN now and then: a log loses a number, never a card.
 */
const CARD_LIKE = /(?<![0-9A-Za-z])\d(?:(?:[ +-]|%20)?\d){12,18}(?![0-9A-Za-z])/g;

/** E-mail addresses and card-like numbers cut out of any text that is logged. */
export function redactText(text: string): string {
  return text.replace(SECRET, '$1[REDACTED]').replace(EMAIL, '[EMAIL]').replace(CARD_LIKE, '[CARD]');
}

/** `/api/cart/pull?cartId=x&token=eyJ…` → `/api/cart/pull?cartId=[REDACTED]&token=[REDACTED]`. */
export function redactUrl(url: string): string {
  return redactText(url);
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

/** An error as logged: its kind, message, stack and codes (pino's shape). */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as pino logs it, its message and stack redacted (a mail server's refusal names the address). */
export function errorSerializer(error: Error): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const { code, statusCode, cause } = error as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(cause instanceof Error ? { cause: errorSerializer(cause) } : {}),
  };
}

/** Fields redacted wherever they are logged as structured data, at the top or one level down. */
const SECRET_FIELDS = [
  'token',
  'refreshToken',
  'resetToken',
  'cartId',
  'cart_id',
  'password',
  'newPassword',
  'currentPassword',
  'email',
  'authorization',
  'cookie',
];
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]);

/**
 * The API's pino options (structured JSON lines): requests by `requestSerializer`, errors by
 * `errorSerializer`, secret fields replaced by pino's redaction, and every text a log call is
 * given (`app.log.warn(message)` with an address in it) passed through `redactText`.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    serializers: { req: requestSerializer, err: errorSerializer },
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
    ...(stream ? { stream } : {}),
  };
}
