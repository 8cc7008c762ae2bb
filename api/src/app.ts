import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { installErrorHandling } from './http/error-handler';
import { healthRoutes } from './routes/health';
import { storeRoutes } from './routes/store';
import { installShellHost } from './web/shell-host';

export interface AppOptions {
  config: Config;
  db: Db;
}

/** The HTTP application: the API under /api, the OpenAPI document, and the shell's files. */
export async function buildApp({ config, db }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
  });
  installErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Kaloryfer API', version: '1.0.0', description: 'vue-storefront-api compatible shop API' },
      servers: [{ url: '/' }],
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes, { db });
  await app.register(storeRoutes, { db });
  await installShellHost(app, { shellDist: config.shellDist, varDir: config.varDir });
  return app;
}
