import { AnswerOffContract } from './response-check';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { ApiError, envelope } from './envelope';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** "body.cartItem.qty must be >= 1" — where the problem is, in words. */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  return issues
    .map((issue) => {
      const missing = issue.params?.missingProperty;
      const where = [context, ...(issue.instancePath ?? '').split('/').filter(Boolean)].filter(Boolean).join('.');
      if (typeof missing === 'string') return `${where ? `${where}.` : ''}${missing} is required`;
      if (issue.params?.additionalProperty) return `${where || context}: unknown field ${String(issue.params.additionalProperty)}`;
      return `${where || context} ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/** PostgreSQL's "invalid byte sequence" (a NUL in text) and "untranslatable character". */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  return UNSTORABLE_TEXT.has(String((error as { code?: unknown }).code ?? ''));
}

/** What a client is told while the database is away (the storefront shows its own words). */
export const DATABASE_UNAVAILABLE = 'The shop is briefly unavailable, please try again in a moment';

/**
 * Bad input answers 4xx with a readable message and never 500; unexpected errors answer 500
 * with a generic message and are logged with their stack; a database that cannot be reached
 * answers 503 with `Retry-After` (db/unavailable.ts).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(envelope(error.statusCode, error.message));
    }
    if (error.validation) {
      return reply.code(400).send(envelope(400, describeValidation(error.validationContext, error.validation)));
    }
    // Only with config.checkResponses (tests, e2e): the text says which field is off its schema.
    if (error instanceof AnswerOffContract) return reply.code(500).send(envelope(500, error.message));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.code(status).send(envelope(status, error.message));
    }
    if (isUnstorableText(error)) {
      // PostgreSQL refuses a NUL character in text (SQLite stores it): the request is at fault, not the shop.
      return reply.code(400).send(envelope(400, 'The request contains a character the shop cannot accept (a NUL byte)'));
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover: retry later (a balancer may send it to an instance that has a connection).
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send(envelope(503, DATABASE_UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope(500, 'Internal Server Error 500'));
  });
}
