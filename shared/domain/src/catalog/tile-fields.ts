/**
 * What a product tile shows — the one list: the catalogue's listings and home rails ask the
 * search for exactly these fields, product-view answers its related products with them, and the
 * API contract's `ProductTile` is built from them. Everything else stays on the server.
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
] as const;

export type TileField = (typeof TILE_FIELDS)[number];
/** A tile's own fields (`sku`), without the variants' (`configurable_children.sku`). */
export type TileTopField = TileField extends infer Field ? (Field extends `${string}.${string}` ? never : Field) : never;
/** The variants' fields of a tile, by their own name (`sku` of `configurable_children.sku`). */
export type TileChildField = TileField extends infer Field ? (Field extends `configurable_children.${infer Child}` ? Child : never) : never;

export const TILE_TOP_FIELDS = TILE_FIELDS.filter((field): field is TileTopField => !field.includes('.'));
export const TILE_CHILD_FIELDS = TILE_FIELDS.flatMap((field) =>
  field.startsWith('configurable_children.') ? [field.slice('configurable_children.'.length) as TileChildField] : [],
);
