import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog';
import { reviewRoutes } from './review-routes';
import type { Reviews } from './reviews';

/** Product reviews (docs/catalogue.md; the VSF calls: docs/compatibility.md): `GET /api/review/list/:productId` and `POST /api/review/create`, for the catalogue's viewable products. */
export async function reviewsPlugin(app: FastifyInstance, { catalog, reviews, clock }: { catalog: Catalog; reviews: Reviews; clock: () => Date }) {
  await app.register(reviewRoutes, { catalog, reviews, clock });
}
