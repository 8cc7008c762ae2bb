import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request log lines one level down, for a shop a person watches in a terminal
 * (`npm start`, `npm run dev`): no "incoming request" line, one "request completed" line at
 * debug, 4xx answers and unknown routes at debug too. 5xx answers, stream failures and a
 * server that could not write its headers keep their error and warn lines. The cluster and
 * production keep Fastify's own lines at info (buildApp's `requestLog: 'info'`): a log
 * collector wants every request.
 */
export class RequestLinesAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) return super.defaultErrorLog(error, request, reply);
    reply.log.debug({ res: reply, err: error }, error?.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}
