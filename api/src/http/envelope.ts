import type { Envelope } from '@kaloryfer/api-contract';
import type { FastifyReply } from 'fastify';

/**
 * The vue-storefront-api envelope (the contract's `Envelope`): `{code, result, meta?}` with the
 * HTTP status equal to code. Errors carry a message a person can read in `result`, never a stack trace.
 */
export function envelope<T>(code: number, result: T, meta?: Record<string, unknown>): Envelope<T> {
  return meta ? { code, result, meta } : { code, result };
}

export function sendResult<T>(reply: FastifyReply, result: T, meta?: Record<string, unknown>, code = 200) {
  return reply.code(code).send(envelope(code, result, meta));
}

/** An expected failure with a user-readable message (a spec message where it has one). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
