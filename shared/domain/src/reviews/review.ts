/** A published (approved) review as the shop lists it. */
export interface Review {
  id: number;
  nickname: string;
  title: string;
  detail: string;
  /** 1–5 stars. */
  rating: number;
  created_at: string;
}

/** Approved reviews per star: index 0 = 1 star … index 4 = 5 stars. */
export type RatingHistogram = [number, number, number, number, number];

export interface ReviewSummary {
  /** Mean rating to one decimal; null when nothing is approved yet. */
  average: number | null;
  count: number;
  histogram: RatingHistogram;
}

/** What a shopper may write; the API's schema and the form's maxLength read the same numbers. */
export const REVIEW_LIMITS = { nickname: 60, title: 120, detail: 2000 } as const;
export const RATING_MAX = 5;

export function reviewSummary(histogram: RatingHistogram): ReviewSummary {
  const count = histogram.reduce((sum, reviews) => sum + reviews, 0);
  const stars = histogram.reduce((sum, reviews, index) => sum + reviews * (index + 1), 0);
  return { average: count === 0 ? null : Math.round((stars / count) * 10) / 10, count, histogram };
}
