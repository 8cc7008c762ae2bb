import { momentOf } from './moment';

/** A special (promotional) price with an optional date range: days (YYYY-MM-DD, UTC) or moments (ISO). */
export interface SpecialPrice {
  special_price?: number | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
}

const DAY_MS = 86_400_000;

/** Whether `at` lies in [from, to]; the `to` day counts whole (a promotion ends at midnight after it). */
export function isWithinDates(at: Date, from?: string | null, to?: string | null): boolean {
  if (from && at.getTime() < momentOf(from)) return false;
  if (to) {
    const end = to.length === 10 ? momentOf(to) + DAY_MS - 1 : momentOf(to);
    if (at.getTime() > end) return false;
  }
  return true;
}

/**
 * Spec §4: a special price applies only inside its date range, and only when it is lower than
 * the regular price. Returns the final price.
 */
export function finalPrice(regular: number, special: SpecialPrice, at: Date): number {
  const candidate = special.special_price;
  if (candidate === null || candidate === undefined || candidate < 0) return regular;
  if (!isWithinDates(at, special.special_from_date, special.special_to_date)) return regular;
  return candidate < regular ? candidate : regular;
}
