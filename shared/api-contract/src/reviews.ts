import { Type, type Static } from '@sinclair/typebox';
import { Id, Offset, PageSize } from './bounded-integers';
import { answers, Nullable } from './envelope';

/** A published (approved) review as the shop lists it: the product page, `/api/review/list`, product-view. */
export const Review = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  title: Type.String(),
  detail: Type.String(),
  /** 1–5 stars; null when the writer gave none (Vue Storefront 1's review form has no stars). */
  rating: Nullable(Type.Integer()),
  created_at: Type.String(),
});
export type Review = Static<typeof Review>;

/** Approved reviews per star: index 0 = 1 star … index 4 = 5 stars. */
export const RatingHistogram = Type.Tuple([Type.Integer(), Type.Integer(), Type.Integer(), Type.Integer(), Type.Integer()]);
export type RatingHistogram = Static<typeof RatingHistogram>;

export const ReviewSummary = Type.Object({
  /** Mean rating to one decimal, over the reviews with stars; null when none has any yet. */
  average: Nullable(Type.Number()),
  /** Approved reviews, with stars or without (the list's total). */
  count: Type.Integer(),
  histogram: RatingHistogram,
});
export type ReviewSummary = Static<typeof ReviewSummary>;

/**
 * A review as VSF 1.12's `review` search type serves it (api/src/search/review-search.ts): the
 * listed review with Magento's product, status (1 = approved) and entity.
 */
export const ReviewDocument = Type.Object({
  ...Review.properties,
  product_id: Type.Integer(),
  review_status: Type.Integer(),
  review_entity: Type.Literal('product'),
});
export type ReviewDocument = Static<typeof ReviewDocument>;

/**
 * The longest texts a review may have. The shop's form reads the same numbers for its maxLength
 * from shared/domain's REVIEW_LIMITS (a remote takes no value from the contract, and the contract
 * imports nothing from the domain); shared/domain/src/reviews/review.ts fails to compile when
 * that constant differs from this type.
 */
const REVIEW_LIMITS = { nickname: 60, title: 120, detail: 2000 } as const;
export type ReviewTextLimits = typeof REVIEW_LIMITS;
const RATING_MAX = 5;

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/** What `POST /api/review/create` takes: the shop's form, or VSF 1.12's theme form (no stars, its status and customer). */
export const ReviewInput = Type.Object(
  {
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
  },
  { additionalProperties: false },
);
export type ReviewInput = Static<typeof ReviewInput>;

/** A page of a product's approved reviews with their summary. */
export const ReviewPage = Type.Object({
  summary: ReviewSummary,
  items: Type.Array(Review),
  /** summary.count: every approved review. */
  total: Type.Integer(),
  start: Type.Integer(),
  perPage: Type.Integer(),
});
export type ReviewPage = Static<typeof ReviewPage>;

/** A review taken: it waits for moderation. */
export const ReviewCreated = Type.Object({ id: Type.Integer(), status: Type.Literal('pending') });
export type ReviewCreated = Static<typeof ReviewCreated>;

/** `GET /api/review/list/:productId`: a page of a viewable product's approved reviews, newest first, and their summary. */
export const ReviewList = {
  summary: 'Approved reviews of a product, newest first, with the average rating and count per star',
  tags: ['reviews'],
  params: Type.Object({ productId: Id() }),
  querystring: Type.Object({
    from: Type.Optional(Offset()),
    size: Type.Optional(PageSize({ maximum: 50, default: 10 })),
  }),
  response: answers(ReviewPage),
};

/** `POST /api/review/create`: stored as pending; the same review sent again answers the stored one's id. */
export const ReviewCreate = {
  summary: "A shopper's review, with or without stars; stored as pending until moderated (sent twice, stored once)",
  tags: ['reviews'],
  body: Type.Object({ review: ReviewInput }, { additionalProperties: false }),
  response: answers(ReviewCreated),
};
