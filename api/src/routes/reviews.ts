import { isViewable, RATING_MAX, REVIEW_LIMITS } from '@kaloryfer/domain';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Catalog } from '../catalog/catalog';
import { Id, Offset, PageSize } from '@kaloryfer/api-contract';
import { ApiError, sendResult } from '../http/envelope';
import type { Reviews } from '../reviews/reviews';
import { EMPTY_PRODUCT } from './catalog/product-routes';

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const ReviewBody = Type.Object({
  review: Type.Object({
    product_id: Id(),
    nickname: text(REVIEW_LIMITS.nickname),
    title: text(REVIEW_LIMITS.title),
    detail: text(REVIEW_LIMITS.detail),
    // The shop's form always sends stars; VSF 1.12's default theme sends none (its form has no
    // rating): such a review is stored without stars and kept out of the average.
    rating: Type.Optional(Type.Integer({ minimum: 1, maximum: RATING_MAX })),
    // What Vue Storefront clients also send; read and ignored (status is the shop's decision:
    // every new review waits for moderation, whatever review_status says).
    review_entity: Type.Optional(Type.String({ maxLength: 32 })),
    review_status: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    customer_id: Type.Optional(Type.Union([Id(), Type.String({ maxLength: 64 }), Type.Null()])),
  }, { additionalProperties: false }),
}, { additionalProperties: false });

const ListQuery = Type.Object({
  from: Type.Optional(Offset()),
  size: Type.Optional(PageSize({ maximum: 50, default: 10 })),
});

/** Spaces collapsed, control characters dropped; a field of blanks is empty. */
function clean(value: string): string {
  return value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').replace(/[ \t]+/g, ' ').trim();
}

/**
 * Product reviews: the approved ones of a product with their average (GET), and a shopper's
 * new review (POST review/create, spec §7) which waits for moderation.
 */
export async function reviewRoutes(app: FastifyInstance, { catalog, reviews, clock }: { catalog: Catalog; reviews: Reviews; clock: () => Date }) {
  const viewableProduct = async (id: number) => {
    await catalog.ensureCurrent();
    const product = catalog.productById(id);
    if (!product || !isViewable(product)) throw new ApiError(404, EMPTY_PRODUCT);
    return product;
  };

  app.get<{ Params: { productId: number }; Querystring: Static<typeof ListQuery> }>('/api/review/list/:productId', {
    config: { cache: 'catalog' },
    schema: {
      summary: 'Approved reviews of a product, newest first, with the average rating and count per star',
      tags: ['reviews'],
      params: Type.Object({ productId: Id() }),
      querystring: ListQuery,
    },
  }, async (request, reply) => {
    const product = await viewableProduct(request.params.productId);
    const { from = 0, size = 10 } = request.query;
    const [summary, items] = await Promise.all([reviews.summary(product.id), reviews.list(product.id, from, size)]);
    return sendResult(reply, { summary, items, total: summary.count, start: from, perPage: size });
  });

  app.post<{ Body: Static<typeof ReviewBody> }>('/api/review/create', {
    schema: { summary: 'A shopper\'s review, with or without stars; stored as pending until moderated (sent twice, stored once)', tags: ['reviews'], body: ReviewBody },
  }, async (request, reply) => {
    const { review } = request.body;
    const fields = { nickname: clean(review.nickname), title: clean(review.title), detail: clean(review.detail) };
    const empty = Object.entries(fields).find(([, value]) => value === '');
    if (empty) throw new ApiError(400, `review.${empty[0]} must not be blank`);
    const product = await viewableProduct(review.product_id);
    const created = await reviews.create({ product_id: product.id, rating: review.rating ?? null, ...fields }, clock());
    return sendResult(reply, created);
  });
}
