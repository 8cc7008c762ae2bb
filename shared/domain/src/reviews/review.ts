import type { RatingHistogram, ReviewSummary, ReviewTextLimits } from '@kaloryfer/api-contract';

/**
 * What a shopper may write: the form's maxLength reads these numbers, the API's schema holds the
 * same (ReviewInput in shared/api-contract/src/reviews.ts), and `satisfies` makes this a compile
 * error when the two differ — the contract imports nothing from the domain.
 */
export const REVIEW_LIMITS = { nickname: 60, title: 120, detail: 2000 } as const satisfies ReviewTextLimits;

/** `unrated`: approved reviews without stars — counted and listed, but not in the average. */
export function reviewSummary(histogram: RatingHistogram, unrated = 0): ReviewSummary {
  const rated = histogram.reduce((sum, reviews) => sum + reviews, 0);
  const stars = histogram.reduce((sum, reviews, index) => sum + reviews * (index + 1), 0);
  return { average: rated === 0 ? null : Math.round((stars / rated) * 10) / 10, count: rated + unrated, histogram };
}
