import type { RatingHistogram, Review, ReviewSummary } from '@kaloryfer/api-contract';

/** The review shapes are the API contract's (shared/api-contract/src/reviews.ts): one declaration, read by the API and the remotes. */
export type { RatingHistogram, Review, ReviewSummary };

/** What a shopper may write; the API's schema and the form's maxLength read the same numbers. */
export const REVIEW_LIMITS = { nickname: 60, title: 120, detail: 2000 } as const;
export const RATING_MAX = 5;

/** `unrated`: approved reviews without stars — counted and listed, but not in the average. */
export function reviewSummary(histogram: RatingHistogram, unrated = 0): ReviewSummary {
  const rated = histogram.reduce((sum, reviews) => sum + reviews, 0);
  const stars = histogram.reduce((sum, reviews, index) => sum + reviews * (index + 1), 0);
  return { average: rated === 0 ? null : Math.round((stars / rated) * 10) / 10, count: rated + unrated, histogram };
}
