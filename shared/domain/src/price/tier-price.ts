/** A quantity discount: from `qty` units on, each costs `value` (or `percent` less). */
export interface TierPrice {
  qty: number;
  value?: number;
  percent?: number;
}

/** The unit price for a quantity: the best tier whose threshold the quantity reaches. */
export function tierUnitPrice(unitPrice: number, tiers: TierPrice[], qty: number): number {
  let best = unitPrice;
  for (const tier of tiers) {
    if (qty < tier.qty) continue;
    const candidate = tier.value ?? unitPrice * (1 - (tier.percent ?? 0) / 100);
    if (candidate < best) best = candidate;
  }
  return best;
}
