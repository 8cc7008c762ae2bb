/** Prices are computed in full precision and rounded to 2 decimals once, at the end (spec §9). */
export function round2(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}
