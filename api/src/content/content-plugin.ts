import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog';
import { contentRoutes } from './content-routes';

/** CMS pages and blocks, their hierarchy, and the advice articles (docs/content.md), from the pages the catalogue holds. */
export async function contentPlugin(app: FastifyInstance, { catalog }: { catalog: Catalog }) {
  await app.register(contentRoutes, { catalog });
}
