import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { healthRoutes } from './health-routes';
import { storeRoutes } from './store-routes';

/** The shop itself: is it up (`GET /api/health`, the balancer's check) and which store a request speaks to (`GET /api/store`). */
export async function healthPlugin(app: FastifyInstance, { db, store }: { db: Db; store: Config['store'] }) {
  await app.register(healthRoutes, { db });
  await app.register(storeRoutes, { db, store });
}
