import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { Attribute } from './attribute';
import { Money } from './catalog-numbers';
import { Category } from './category';
import { answers, Nullable } from './envelope';
import { ConfigurableChild, PricePoint, Product, ProductType, TierPriceEntry } from './product';
import { Review, ReviewSummary } from './reviews';

/*
 * The product reads: the product page's one call (product-view), current prices (render-list),
 * one product by its key, and the URL dispatcher's lookup.
 */

const pick = <Properties extends TProperties, const Key extends keyof Properties & string>(properties: Properties, keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, properties[key]])) as Pick<Properties, Key>;

/**
 * A product as a tile (product-view's related products): the fields of the shop's one tile list,
 * each where the product has it. The list is `TILE_FIELDS` in shared/domain (the catalogue's
 * listings ask the search for exactly those, at run time in the browser); the contract imports
 * nothing from the domain, so the names are written here too, and
 * shared/domain/src/catalog/tile-fields.ts fails to compile when the two lists differ.
 */
const TILE_TOP_FIELDS = [
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
] as const;
const TILE_CHILD_FIELDS = ['sku', 'color', 'width', 'height', 'power_75_65_20', 'power_70_55_20'] as const;

export const ProductTile = Type.Object({
  ...pick(Product.properties, TILE_TOP_FIELDS),
  configurable_children: Type.Optional(Type.Array(Type.Object(pick(ConfigurableChild.properties, TILE_CHILD_FIELDS)))),
});
export type ProductTile = Static<typeof ProductTile>;

/** A part of a set (a grouped product's associated products, a bundle's options): the variant itself when the SKU is one. */
export const ProductComponent = Type.Object(
  pick(Product.properties, ['id', 'sku', 'name', 'image', 'final_price_incl_tax', 'original_price_incl_tax', 'stock', 'type_id']),
);
export type ProductComponent = Static<typeof ProductComponent>;

/** Everything a product page shows, in one call (`GET /api/product-view/:parentSku`). */
export const ProductView = Type.Object({
  /** The parent product (a variant's SKU answers its parent). */
  product: Product,
  /** The variant whose SKU was asked, null for the parent's own SKU. */
  selectedChildSku: Nullable(Type.String()),
  /** The attributes the product and its variants carry (labels, options, units). */
  attributes: Type.Array(Attribute),
  categories: Type.Array(Category),
  /** Viewable related and cross-sell products. */
  related: Type.Array(ProductTile),
  /** The parts of a grouped product or a bundle. */
  components: Type.Array(ProductComponent),
  /** The asked SKU's price history (Omnibus). */
  priceHistory: Type.Array(PricePoint),
  /** The approved reviews' summary and the newest few; more from /api/review/list. */
  reviews: Type.Object({ summary: ReviewSummary, items: Type.Array(Review) }),
});
export type ProductView = Static<typeof ProductView>;

/** `GET /api/product-view/:parentSku` (404 unless the product is viewable). */
export const ProductViewRead = {
  summary: 'Everything a product page shows, in one call: product, attribute labels, categories, related products, reviews',
  tags: ['catalogue'],
  params: Type.Object({ parentSku: Type.String({ minLength: 1, maxLength: 64 }) }),
  querystring: Type.Object({ userGroupId: Type.Optional(Type.Integer({ minimum: 0, maximum: 32000 })) }),
  response: answers(ProductView),
};

/** VSF's price block of a render-list item: gross prices, their net amounts in `tax_adjustments`; 0 = no special price. */
const PriceInfoAmounts = { final_price: Money, regular_price: Money, special_price: Money, minimal_price: Money, max_price: Money };
export const PriceInfo = Type.Object({
  ...PriceInfoAmounts,
  extension_attributes: Type.Object({ tax_adjustments: Type.Object(PriceInfoAmounts) }),
});
export type PriceInfo = Static<typeof PriceInfo>;

/** One SKU's current prices (a variant's with its parent's tier prices), for the customer group asked. */
export const RenderListItem = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  type_id: ProductType,
  tax_class_id: Type.Integer(),
  price: Money,
  price_incl_tax: Money,
  price_tax: Money,
  original_price: Money,
  original_price_incl_tax: Money,
  original_price_tax: Money,
  special_price: Nullable(Money),
  special_price_incl_tax: Nullable(Money),
  special_price_tax: Nullable(Money),
  special_from_date: Type.Optional(Nullable(Type.String())),
  special_to_date: Type.Optional(Nullable(Type.String())),
  final_price: Money,
  final_price_incl_tax: Money,
  final_price_tax: Money,
  tier_prices: Type.Array(TierPriceEntry),
  lowest_price_30d: Nullable(Money),
  price_info: PriceInfo,
});
export type RenderListItem = Static<typeof RenderListItem>;

export const RenderList = Type.Object({ items: Type.Array(RenderListItem) });
export type RenderList = Static<typeof RenderList>;

/** `GET /api/product/render-list?skus=`: prices of up to 50 SKUs (unknown ones left out). */
export const ProductRenderList = {
  summary: 'Current prices of products (gross, net, tax, tiers, Omnibus)',
  tags: ['catalogue'],
  querystring: Type.Object({
    skus: Type.String({ minLength: 1, maxLength: 2000, description: 'comma-separated SKUs' }),
    currencyCode: Type.Optional(Type.String({ maxLength: 3 })),
    storeId: Type.Optional(Type.Integer({ minimum: 0 })),
    userGroupId: Type.Optional(Type.Integer({ minimum: 0, maximum: 32000 })),
  }),
  response: answers(RenderList),
};

/** `GET /api/product/single?key=…`: one viewable product by its search key. */
export const ProductSingle = {
  summary: 'One product by its search key (sku, id, url_path, url_key or slug)',
  tags: ['catalogue'],
  querystring: Type.Object(
    {
      key: Type.Optional(Type.String({ maxLength: 16 })),
      sku: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      id: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
      url_path: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
      url_key: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
      slug: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
      userGroupId: Type.Optional(Type.Integer({ minimum: 0, maximum: 32000 })),
    },
    { additionalProperties: false },
  ),
  response: answers(Product),
};

/** What a shop path shows: a product (by its url_path, a variant's too) or a category. */
export const ResolvedUrl = Type.Union([
  Type.Object({ type: Type.Literal('product'), parentSku: Type.String(), slug: Type.String(), childSku: Nullable(Type.String()), urlPath: Type.String() }),
  Type.Object({ type: Type.Literal('category'), id: Type.Integer(), slug: Type.String(), urlPath: Type.String() }),
]);
export type ResolvedUrl = Static<typeof ResolvedUrl>;

/** `GET /api/url?path=`: the URL dispatcher's lookup (spec §2 "Unknown URLs"), 404 when the path is neither. */
export const UrlResolve = {
  summary: 'What a shop path shows: a product or a category (404 when neither)',
  tags: ['catalogue'],
  querystring: Type.Object(
    {
      path: Type.String({ minLength: 1, maxLength: 1024, pattern: '^/', description: 'a shop path, e.g. /grzejnik-lazienkowy-aurora-kf-ld-0002' }),
    },
    { additionalProperties: false },
  ),
  response: answers(ResolvedUrl),
};
