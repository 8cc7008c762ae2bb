import { UrlResolve } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Catalog } from './catalog';
import { resolvePath } from './url-resolver';
import { ApiError, sendResult } from '../http/envelope';

/** The URL dispatcher's lookup (spec §2 "Unknown URLs"): a product's url_path first, then a category's. */
export async function urlRoutes(app: FastifyInstance, { catalog }: { catalog: Catalog }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/url', { config: { cache: 'catalog' }, schema: UrlResolve }, async (request, reply) => {
    await catalog.ensureCurrent();
    const resolved = resolvePath(catalog, request.query.path.split(/[?#]/)[0]);
    if (!resolved) throw new ApiError(404, `No product or category at ${request.query.path.slice(0, 200)}`);
    if (resolved.type === 'product') {
      const { sku, slug, url_path: urlPath } = resolved.product;
      return sendResult(reply, { type: 'product', parentSku: sku, slug, childSku: resolved.childSku, urlPath });
    }
    const { id, slug, url_path: urlPath } = resolved.category;
    return sendResult(reply, { type: 'category', id, slug, urlPath });
  });
}
