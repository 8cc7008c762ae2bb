import { ALL_GROUPS, TILE_FIELDS as SHOP_TILE_FIELDS } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';

/** Tier prices a customer group sees: the all-groups tiers and its own (spec §6). */
export function forGroup<T extends Partial<Product>>(product: T, groupId: number | null): T {
  if (!product.tier_prices) return product;
  return { ...product, tier_prices: product.tier_prices.filter((tier) => tier.customer_group_id === ALL_GROUPS || tier.customer_group_id === groupId) };
}

/** The fields a related product is answered with: the shop's one tile list (shared/domain), as the listings ask for them. */
export const TILE_FIELDS: string[] = [...SHOP_TILE_FIELDS];
