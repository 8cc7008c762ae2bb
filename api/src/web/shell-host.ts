import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '../http/envelope';

const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

/**
 * The shell lives on the API's origin: its hashed assets cached for a year, index.html and
 * the remote registry never cached (a release must reach the next page load), and every
 * route of the single-page app answered with index.html.
 */
export async function installShellHost(app: FastifyInstance, { shellDist, varDir }: { shellDist: string; varDir: string }) {
  const registryFile = path.join(varDir, 'mfe-registry.json');

  app.get('/mfe-registry.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    try {
      const body = await fs.promises.readFile(registryFile, 'utf8');
      return reply.type('application/json').send(body);
    } catch {
      return reply.code(503).send(envelope(503, 'The remote registry has not been published yet (npm start publishes it).'));
    }
  });

  const hasShell = fs.existsSync(path.join(shellDist, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: shellDist,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const sendShell = (reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  };
  if (hasShell) app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasShell) return sendShell(reply);
    return reply.code(404).send(envelope(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}
