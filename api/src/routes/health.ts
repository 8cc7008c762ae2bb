import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { sendResult } from '../http/envelope';

const startedAt = Date.now();

/** GET /api/health: the process answers and the database answers. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/health', {
    schema: {
      summary: 'Liveness and database check',
      tags: ['system'],
      response: {
        200: Type.Object({
          code: Type.Literal(200),
          result: Type.Object({ status: Type.String(), database: Type.String(), uptimeSeconds: Type.Number() }),
        }),
      },
    },
  }, async (_request, reply) => {
    await sql`select 1`.execute(db.kysely);
    return sendResult(reply, {
      status: 'ok',
      database: db.dialect,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    });
  });
}
