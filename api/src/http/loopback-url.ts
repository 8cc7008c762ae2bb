import type { FastifyInstance } from 'fastify';

/** This server's own URL for `path`, on loopback: the port is known once it listens, so call it when the URL is used. */
export function loopbackUrl(app: FastifyInstance, path: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}${path}`;
}
