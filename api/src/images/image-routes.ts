import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/envelope';
import { describeDrawing, drawProduct, IMAGE_SIZES, parseImagePath } from './product-drawing';

/** 30 days (spec §9 default expiry); the path names the picture, so it never changes: immutable. */
const CACHE = 'public, max-age=2592000, immutable';

/**
 * GET /img/{w}/{h}/{resize|fit}/product/{style}-{w}x{h}-{hex}.svg, as the vue-storefront
 * image endpoint is addressed; only the spec's sizes 150, 255, 500 and 1920 (square).
 */
export async function imageRoutes(app: FastifyInstance) {
  app.get<{ Params: { width: string; height: string; mode: string; '*': string } }>(
    '/img/:width/:height/:mode/*',
    {
      schema: { summary: 'A product picture at 150, 255, 500 or 1920 px', tags: ['images'] },
    },
    async (request, reply) => {
      const width = Number(request.params.width);
      const height = Number(request.params.height);
      if (!(IMAGE_SIZES as readonly number[]).includes(width) || width !== height) {
        throw new ApiError(400, `image size must be one of ${IMAGE_SIZES.map((size) => `${size}x${size}`).join(', ')}`);
      }
      if (request.params.mode !== 'resize' && request.params.mode !== 'fit') throw new ApiError(400, 'image mode must be resize or fit');
      const drawing = parseImagePath(request.params['*']);
      if (!drawing) throw new ApiError(404, 'Image not found');
      if (request.headers['if-none-match'] === `"${request.params['*']}@${width}"`) return reply.code(304).send();
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', CACHE)
        .header('etag', `"${request.params['*']}@${width}"`)
        .send(drawProduct(drawing, width, describeDrawing(drawing)));
    },
  );
}
