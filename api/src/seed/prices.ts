import { ALL_GROUPS, CUSTOMER_GROUPS } from '@kaloryfer/domain';
import type { PricePoint, Product, TierPriceEntry } from '@kaloryfer/api-contract';
import type { SeedRun } from './seed-run';

/** The promotion fields of a product or variant. */
export type PromotionFields = Pick<Product, 'special_price' | 'special_from_date' | 'special_to_date'>;

const NO_SPECIAL: PromotionFields = { special_price: null, special_from_date: null, special_to_date: null };

/** Prices as shops write them: 1 299 or 48,99. */
export function shelfPrice(amount: number): number {
  if (amount >= 100) return Math.max(99, Math.round(amount / 10) * 10 - 1);
  return Math.max(0.99, Math.round(amount) - 0.01);
}

/** About a fifth of SKUs carry a special price: ended, running now, or starting soon. */
export function specialPrice(run: SeedRun, price: number): PromotionFields {
  const { rng } = run;
  if (!rng.chance(0.2)) return { ...NO_SPECIAL };
  const special = shelfPrice(price * (0.78 + rng.next() * 0.14));
  if (special >= price) return { ...NO_SPECIAL };
  const when = rng.next();
  if (when < 0.3) return { special_price: special, special_from_date: run.day(-rng.int(50, 70)), special_to_date: run.day(-rng.int(31, 45)) };
  if (when < 0.85) return { special_price: special, special_from_date: run.day(-rng.int(1, 12)), special_to_date: run.day(rng.int(5, 30)) };
  return { special_price: special, special_from_date: run.day(rng.int(3, 20)), special_to_date: run.day(rng.int(25, 45)) };
}

/** About a third of products have quantity discounts of 1–5 %. */
export function tierPrices(run: SeedRun): TierPriceEntry[] {
  const { rng } = run;
  if (!rng.chance(0.35)) return [];
  const first = rng.int(1, 2);
  return [
    { customer_group_id: ALL_GROUPS, qty: rng.pick([2, 3]), percentage_value: first },
    { customer_group_id: ALL_GROUPS, qty: rng.pick([5, 6]), percentage_value: first + rng.int(1, 2) },
    { customer_group_id: ALL_GROUPS, qty: 10, percentage_value: 5 },
    // Installers (trade accounts) get a discount from the first piece.
    { customer_group_id: CUSTOMER_GROUPS.installer, qty: 1, percentage_value: first + 2 },
  ];
}

/** The price timeline the Omnibus rule reads: older, sometimes higher prices, then the promotion. */
export function recordPriceHistory(run: SeedRun, sku: string, price: number, special: Partial<PromotionFields>): void {
  if (!run.withHistory) return;
  const { rng } = run;
  const points: PricePoint[] = [{ from: run.day(-rng.int(130, 160)), price: shelfPrice(price * (1.02 + rng.next() * 0.1)) }];
  if (rng.chance(0.35)) points.push({ from: run.day(-rng.int(100, 125)), price: shelfPrice(price * (0.93 + rng.next() * 0.04)) });
  points.push({ from: run.day(-rng.int(75, 95)), price });
  points.push(...promotionPoints(run, price, special));
  points.sort((a, b) => a.from.localeCompare(b.from));
  // One price per day: a later change on the same day replaces an earlier one.
  const byDay = new Map(points.map((point) => [point.from, point]));
  run.priceHistory.push({ sku, points: [...byDay.values()] });
}

/** A promotion in the timeline: its start, and the regular price again the day after it ended. One yet to start is not history. */
function promotionPoints(
  run: SeedRun,
  regular: number,
  { special_price: reduced, special_from_date: from, special_to_date: end }: Partial<PromotionFields>,
): PricePoint[] {
  if (reduced === null || reduced === undefined || !from || from > run.today) return [];
  return end && end < run.today
    ? [
        { from, price: reduced },
        { from: run.dayAfter(end), price: regular },
      ]
    : [{ from, price: reduced }];
}
