import type { ProductTile } from '@kaloryfer/api-contract';

type TileChild = NonNullable<ProductTile['configurable_children']>[number];
/** A field of the contract's ProductTile: its own (`sku`), or its variants' (`configurable_children.sku`). */
type ProductTileField = Exclude<keyof ProductTile, 'configurable_children'> | `configurable_children.${keyof TileChild & string}`;

/**
 * What a product tile shows — the one list: the catalogue's listings and home rails ask the
 * search for exactly these fields, product-view answers its related products with them, and the
 * API contract's `ProductTile` has exactly them (the contract cannot import this list, so it
 * writes the names too; a difference is a compile error here). Everything else stays on the server.
 */
export const TILE_FIELDS = [
  'id',
  'sku',
  'name',
  'type_id',
  'slug',
  'url_path',
  'image',
  'final_price_incl_tax',
  'original_price_incl_tax',
  'lowest_price_30d',
  'stock',
  'delivery_time',
  'power_75_65_20',
  'power_70_55_20',
  'heat_exponent',
  'width',
  'height',
  'color',
  'bestseller',
  'flag',
  'news_to_date',
  'free_valves',
  'configurable_children.sku',
  'configurable_children.color',
  'configurable_children.width',
  'configurable_children.height',
  'configurable_children.power_75_65_20',
  'configurable_children.power_70_55_20',
] as const satisfies readonly ProductTileField[];

export type TileField = (typeof TILE_FIELDS)[number];

/** A compile error here names a field of the contract's ProductTile that TILE_FIELDS leaves out. */
type NoneMissing<Missing extends never> = Missing;
export type EveryProductTileFieldListed = NoneMissing<Exclude<ProductTileField, TileField>>;
