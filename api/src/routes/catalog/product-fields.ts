import { ALL_GROUPS, type Product } from '@kaloryfer/domain';

/** Tier prices a customer group sees: the all-groups tiers and its own (spec §6). */
export function forGroup<T extends Partial<Product>>(product: T, groupId: number | null): T {
  if (!product.tier_prices) return product;
  return { ...product, tier_prices: product.tier_prices.filter((tier) => tier.customer_group_id === ALL_GROUPS || tier.customer_group_id === groupId) };
}

/** The fields a product tile needs (listings, related products, rails). */
export const TILE_FIELDS = [
  'id',
  'sku',
  'name',
  'type_id',
  'url_path',
  'slug',
  'image',
  'thumbnail',
  'price',
  'price_incl_tax',
  'final_price_incl_tax',
  'original_price_incl_tax',
  'special_price_incl_tax',
  'lowest_price_30d',
  'stock',
  'delivery_time',
  'power_75_65_20',
  'width_options',
  'height_options',
  'color',
  'manufacturer',
  'bestseller',
  'flag',
  'news_to_date',
  'free_valves',
  'category_ids',
  'configurable_children.sku',
  'configurable_children.color',
  'configurable_children.image',
  'visibility',
  'status',
];
