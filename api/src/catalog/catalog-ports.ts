import type { Review, ReviewSummary } from '@kaloryfer/api-contract';
import type { SearchRequest, SearchResponse } from '../search';

/**
 * What the catalogue's routes ask of the reviews area, handed in by app.ts (the reviews' own
 * plugin serves the rest: reviews/reviews-plugin.ts) — so the catalogue imports nothing of the
 * reviews, while the reviews read the catalogue's products.
 */
export interface ProductReviews {
  /** The rating summary a product's answer carries. */
  summary(productId: number): Promise<ReviewSummary>;
  /** Its first approved reviews, newest first. */
  list(productId: number, from: number, size: number): Promise<Review[]>;
}

/** The `review` type of the VSF search route (`/api/catalog/…/review/_search`), answered by the reviews area (reviews/review-search.ts). */
export type ReviewSearch = (request: SearchRequest) => Promise<SearchResponse>;
