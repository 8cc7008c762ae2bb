import { ReviewCreate, ReviewList } from '@kaloryfer/api-contract';
import { isViewable } from '@kaloryfer/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog';
import { ApiError, sendResult } from '../http/envelope';
import type { Reviews } from './reviews';
import { EMPTY_PRODUCT } from '../catalog';

/** Spaces collapsed, control characters dropped; a field of blanks is empty. */
function clean(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/**
 * Product reviews: the approved ones of a product with their average (GET), and a shopper's
 * new review (POST review/create, spec §7) which waits for moderation.
 */
export async function reviewRoutes(app: FastifyInstance, { catalog, reviews, clock }: { catalog: Catalog; reviews: Reviews; clock: () => Date }) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const viewableProduct = async (id: number) => {
    await catalog.ensureCurrent();
    const product = catalog.productById(id);
    if (!product || !isViewable(product)) throw new ApiError(404, EMPTY_PRODUCT);
    return product;
  };

  typed.get('/api/review/list/:productId', { config: { cache: 'catalog' }, schema: ReviewList }, async (request, reply) => {
    const product = await viewableProduct(request.params.productId);
    const { from = 0, size = 10 } = request.query;
    const [summary, items] = await Promise.all([reviews.summary(product.id), reviews.list(product.id, from, size)]);
    return sendResult(reply, { summary, items, total: summary.count, start: from, perPage: size });
  });

  typed.post('/api/review/create', { schema: ReviewCreate }, async (request, reply) => {
    const { review } = request.body;
    const fields = { nickname: clean(review.nickname), title: clean(review.title), detail: clean(review.detail) };
    const empty = Object.entries(fields).find(([, value]) => value === '');
    if (empty) throw new ApiError(400, `review.${empty[0]} must not be blank`);
    const product = await viewableProduct(review.product_id);
    const created = await reviews.create({ product_id: product.id, rating: review.rating ?? null, ...fields }, clock());
    return sendResult(reply, created);
  });
}
