/** A published (approved) review as the shop lists it. */
export interface Review {
  id: number;
  nickname: string;
  title: string;
  detail: string;
  /** 1–5 stars; null when the writer gave none (Vue Storefront 1's review form has no stars). */
  rating: number | null;
  created_at: string;
}

/** Approved reviews per star: index 0 = 1 star … index 4 = 5 stars. */
export type RatingHistogram = [number, number, number, number, number];

export interface ReviewSummary {
  /** Mean rating to one decimal, over the reviews with stars; null when none has any yet. */
  average: number | null;
  /** Approved reviews, with stars or without (the list's total). */
  count: number;
  histogram: RatingHistogram;
}

/** What a shopper may write; the API's schema and the form's maxLength read the same numbers. */
export const REVIEW_LIMITS = { nickname: 60, title: 120, detail: 2000 } as const;
export const RATING_MAX = 5;

/** `unrated`: approved reviews without stars — counted and listed, but not in the average. */
export function reviewSummary(histogram: RatingHistogram, unrated = 0): ReviewSummary {
  const rated = histogram.reduce((sum, reviews) => sum + reviews, 0);
  const stars = histogram.reduce((sum, reviews, index) => sum + reviews * (index + 1), 0);
  return { average: rated === 0 ? null : Math.round((stars / rated) * 10) / 10, count: rated + unrated, histogram };
}
