import { HealthCheck } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { sendResult } from '../http/envelope';

const startedAt = Date.now();

/** GET /api/health: the process answers and the database answers. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/health', { schema: HealthCheck }, async (_request, reply) => {
    await sql`select 1`.execute(db.kysely);
    return sendResult(reply, {
      status: 'ok',
      database: db.dialect,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    });
  });
}
