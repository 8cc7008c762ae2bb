import { ALL_GROUPS } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';

/** Tier prices a customer group sees: the all-groups tiers and its own (spec §6). */
export function forGroup<T extends Partial<Product>>(product: T, groupId: number | null): T {
  if (!product.tier_prices) return product;
  return { ...product, tier_prices: product.tier_prices.filter((tier) => tier.customer_group_id === ALL_GROUPS || tier.customer_group_id === groupId) };
}
