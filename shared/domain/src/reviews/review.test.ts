import type { RatingHistogram } from '@kaloryfer/api-contract';
import { reviewSummary } from './review';

test.each<[RatingHistogram, number | null, number]>([
  [[0, 0, 0, 0, 0], null, 0],
  [[0, 0, 0, 0, 1], 5, 1],
  [[1, 0, 0, 0, 0], 1, 1],
  [[0, 0, 0, 1, 1], 4.5, 2],
  [[1, 0, 1, 3, 7], 4.3, 12], // 52 / 12 = 4.333…
  [[0, 0, 1, 1, 1], 4, 3],
  [[0, 0, 0, 2, 1], 4.3, 3], // 13 / 3 = 4.333…
  [[0, 1, 0, 0, 2], 4, 3],
  [[0, 0, 0, 1, 7], 4.9, 8], // 39 / 8 = 4.875 → 4.9
])('%j → average %s of %i reviews', (histogram, average, count) => {
  expect(reviewSummary(histogram)).toEqual({ average, count, histogram });
});

test.each<[RatingHistogram, number, number | null, number]>([
  [[0, 0, 0, 0, 0], 2, null, 2], // only reviews without stars: counted and listed, no average
  [[0, 0, 0, 1, 1], 3, 4.5, 5], // the average is over the rated two
])('%j with %i reviews without stars → average %s of %i reviews', (histogram, unrated, average, count) => {
  expect(reviewSummary(histogram, unrated)).toEqual({ average, count, histogram });
});
