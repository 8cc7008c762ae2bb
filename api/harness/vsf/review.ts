import { ok, USER_HEADERS, type VsfCall } from './types';

/**
 * VSF 1.12.3 core/data-resolver/ReviewsService.ts (`reviews.create_endpoint`): {review} with the
 * theme's form (product_id, title, detail, nickname, review_entity 'product', review_status, customer_id)
 * and no rating; code 200 means created.
 */
export const reviewCalls: VsfCall[] = [
  {
    call: 'review/create',
    source: "ReviewsService.createReview ← review/add ← the theme's Reviews form",
    method: 'POST',
    url: '/api/review/create',
    headers: USER_HEADERS,
    body: (ctx) => ({
      review: {
        product_id: ctx.product.id,
        title: 'Grzeje świetnie',
        detail: 'Cichy i równo grzeje cały pokój.',
        nickname: 'Anna',
        review_entity: 'product',
        review_status: 2,
        customer_id: null,
      },
    }),
    reads: (answer) => ok(answer),
  },
];
