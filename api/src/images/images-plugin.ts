import type { FastifyInstance } from 'fastify';
import { imageRoutes } from './image-routes';

/** Product drawings at the spec's sizes (`/img/…`): drawn from the product's own data, cached by the browser. */
export async function imagesPlugin(app: FastifyInstance) {
  await app.register(imageRoutes);
}
