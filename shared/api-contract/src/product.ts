import { Type, type Static } from '@sinclair/typebox';
import { Flag, Measure, Money } from './catalog-numbers';
import { Nullable } from './envelope';

/*
 * A product as the API serves it (spec §3, in vue-storefront-api's field names): the one
 * declaration of the product and its parts. The API, the remotes and shared/domain's rules
 * (prices, Omnibus, heat output, quantity) all read these types.
 */

export const ProductType = Type.Union(
  ['simple', 'configurable', 'grouped', 'bundle', 'downloadable', 'virtual'].map((type) =>
    Type.Literal(type as 'simple' | 'configurable' | 'grouped' | 'bundle' | 'downloadable' | 'virtual'),
  ),
);
export type ProductType = Static<typeof ProductType>;

export const StockInfo = Type.Object({
  is_in_stock: Type.Boolean(),
  qty: Type.Integer(),
  /** false: the shop does not count this item (services, made to order). */
  manage_stock: Type.Boolean(),
  /** The supplier's count is not reliable: the cart takes it as a pre-reservation (spec §8 volatile). */
  is_volatile: Type.Boolean(),
  min_sale_qty: Type.Integer(),
  max_sale_qty: Type.Integer(),
});
export type StockInfo = Static<typeof StockInfo>;

export const MediaImage = Type.Object({ image: Type.String(), label: Type.String(), pos: Type.Integer(), typ: Type.Literal('image') });
export type MediaImage = Static<typeof MediaImage>;

/** A quantity discount: `percentage_value` off from `qty` on; customer_group_id 32000 = every group. */
export const TierPriceEntry = Type.Object({ customer_group_id: Type.Integer(), qty: Type.Integer(), percentage_value: Type.Number() });
export type TierPriceEntry = Static<typeof TierPriceEntry>;

export const ProductLink = Type.Object({
  link_type: Type.Union([Type.Literal('related'), Type.Literal('associated'), Type.Literal('crosssell'), Type.Literal('upsell')]),
  linked_product_sku: Type.String(),
  linked_product_type: ProductType,
  sku: Type.String(),
  position: Type.Integer(),
  qty: Type.Optional(Type.Integer()),
});
export type ProductLink = Static<typeof ProductLink>;

export const BundleProductLink = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  qty: Type.Integer(),
  can_change_quantity: Flag,
  is_default: Type.Boolean(),
  position: Type.Integer(),
});
export type BundleProductLink = Static<typeof BundleProductLink>;

export const BundleOption = Type.Object({
  option_id: Type.Integer(),
  title: Type.String(),
  required: Type.Boolean(),
  type: Type.Union([Type.Literal('select'), Type.Literal('radio'), Type.Literal('checkbox')]),
  position: Type.Integer(),
  sku: Type.String(),
  product_links: Type.Array(BundleProductLink),
});
export type BundleOption = Static<typeof BundleOption>;

export const CustomOptionValue = Type.Object({
  option_type_id: Type.Integer(),
  title: Type.String(),
  price: Money,
  price_type: Type.Union([Type.Literal('fixed'), Type.Literal('percent')]),
  sort_order: Type.Integer(),
});
export type CustomOptionValue = Static<typeof CustomOptionValue>;

export const CustomOption = Type.Object({
  option_id: Type.Integer(),
  title: Type.String(),
  type: Type.Union([Type.Literal('drop_down'), Type.Literal('radio'), Type.Literal('field'), Type.Literal('checkbox')]),
  is_require: Type.Boolean(),
  sort_order: Type.Integer(),
  max_characters: Type.Optional(Type.Integer()),
  values: Type.Array(CustomOptionValue),
});
export type CustomOption = Static<typeof CustomOption>;

export const ConfigurableOption = Type.Object({
  id: Type.Integer(),
  attribute_id: Type.Integer(),
  attribute_code: Type.String(),
  label: Type.String(),
  position: Type.Integer(),
  values: Type.Array(Type.Object({ value_index: Type.Integer(), label: Type.String() })),
});
export type ConfigurableOption = Static<typeof ConfigurableOption>;

export const ProductCategoryRef = Type.Object({ category_id: Type.Integer(), name: Type.String(), slug: Type.String(), path: Type.String() });
export type ProductCategoryRef = Static<typeof ProductCategoryRef>;

export const DownloadableLink = Type.Object({ id: Type.Integer(), title: Type.String(), file: Type.String(), is_shareable: Type.Boolean() });
export type DownloadableLink = Static<typeof DownloadableLink>;

/**
 * The source price and its special price with dates. The catalogue's source prices are gross
 * (sourcePriceIncludesTax): a Polish shop prices 1 299,00 zł, not a net amount that happens to
 * round to it. A served product's `price` and `special_price` are the priced net amounts.
 */
const SourcePriceProperties = {
  price: Money,
  special_price: Type.Optional(Nullable(Money)),
  special_from_date: Type.Optional(Nullable(Type.String())),
  special_to_date: Type.Optional(Nullable(Type.String())),
  tax_class_id: Type.Integer(),
};

/** Net, gross and tax of each price for the moment the catalogue is priced at (spec §3); always set on served products. */
const PriceFieldProperties = {
  price_incl_tax: Type.Optional(Money),
  price_tax: Type.Optional(Money),
  original_price: Type.Optional(Money),
  original_price_incl_tax: Type.Optional(Money),
  original_price_tax: Type.Optional(Money),
  special_price_incl_tax: Type.Optional(Nullable(Money)),
  special_price_tax: Type.Optional(Nullable(Money)),
  final_price: Type.Optional(Money),
  final_price_incl_tax: Type.Optional(Money),
  final_price_tax: Type.Optional(Money),
  /** Omnibus: the lowest gross price of the 30 days before a running reduction; null without one (set on search results and render-list too). */
  lowest_price_30d: Type.Optional(Nullable(Money)),
};

/** Heating and merchandising attributes (spec §3); option attributes hold option ids. */
const HeatingAttributeProperties = {
  power: Type.Optional(Measure),
  power_75_65_20: Type.Optional(Measure),
  power_70_55_20: Type.Optional(Measure),
  /** EN 442 exponent n of this model, Φ = Φ75 × (ΔT/49.83)^n. */
  heat_exponent: Type.Optional(Type.Number()),
  heater_type: Type.Optional(Type.Integer()),
  material: Type.Optional(Type.Integer()),
  mount: Type.Optional(Type.Integer()),
  connection_width: Type.Optional(Measure),
  connection_code: Type.Optional(Type.String()),
  working_pressure: Type.Optional(Measure),
  elements_count: Type.Optional(Type.Integer()),
  /** Days until dispatch; the delivery filter buckets it (spec §5). */
  delivery_time: Type.Optional(Type.Integer()),
  free_valves: Type.Optional(Flag),
  manufacturer: Type.Optional(Type.Integer()),
  model: Type.Optional(Type.String()),
  pdf: Type.Optional(Type.String()),
  zip: Type.Optional(Type.String()),
  equipment_set: Type.Optional(Type.String()),
  accessory_type: Type.Optional(Type.Integer()),
  palette_id: Type.Optional(Type.Integer()),
  weight: Type.Optional(Measure),
  depth: Type.Optional(Measure),
  width: Type.Optional(Measure),
  height: Type.Optional(Measure),
  width_options: Type.Optional(Type.Array(Measure)),
  height_options: Type.Optional(Type.Array(Measure)),
  ecommerce: Type.Optional(Flag),
  hit_of_the_month: Type.Optional(Flag),
  hit_of_the_week: Type.Optional(Flag),
  hit_price: Type.Optional(Money),
  bestseller: Type.Optional(Flag),
  /** Exclusive collection (the home page's third rail, spec §7). */
  flag: Type.Optional(Flag),
  news_from_date: Type.Optional(Nullable(Type.String())),
  news_to_date: Type.Optional(Nullable(Type.String())),
  gtin: Type.Optional(Type.String()),
  mpn: Type.Optional(Type.String()),
  color: Type.Optional(Type.Integer()),
  size: Type.Optional(Type.String()),
  brand: Type.Optional(Type.String()),
};

/*
 * Product documents are open (`additionalProperties: true`) on purpose: which attributes a
 * product carries is catalogue data (the attribute table and the import decide, and VSF clients
 * read attributes by their code, as product-view's `attributes` list does), so a document may
 * carry an attribute code this list does not name yet. The fields listed are typed and checked.
 */

/** A variant of a configurable product. */
export const ConfigurableChild = Type.Object(
  {
    ...SourcePriceProperties,
    ...HeatingAttributeProperties,
    ...PriceFieldProperties,
    id: Type.Integer(),
    sku: Type.String(),
    name: Type.String(),
    status: Type.Integer(),
    visibility: Type.Literal(1),
    type_id: Type.Literal('simple'),
    url_key: Type.String(),
    image: Type.String(),
    stock: StockInfo,
  },
  { additionalProperties: true },
);
export type ConfigurableChild = Static<typeof ConfigurableChild>;

const ProductProperties = {
  ...SourcePriceProperties,
  ...HeatingAttributeProperties,
  ...PriceFieldProperties,
  id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  type_id: ProductType,
  status: Type.Integer(),
  visibility: Type.Integer(),
  tier_prices: Type.Array(TierPriceEntry),
  stock: StockInfo,
  image: Type.String(),
  thumbnail: Type.String(),
  media_gallery: Type.Array(MediaImage),
  url_key: Type.String(),
  url_path: Type.String(),
  slug: Type.String(),
  category: Type.Array(ProductCategoryRef),
  category_ids: Type.Array(Type.Integer()),
  description: Type.String(),
  short_description: Type.String(),
  meta_title: Type.String(),
  meta_keyword: Type.String(),
  meta_description: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  view_count: Type.Integer(),
  configurable_options: Type.Optional(Type.Array(ConfigurableOption)),
  configurable_children: Type.Optional(Type.Array(ConfigurableChild)),
  product_links: Type.Optional(Type.Array(ProductLink)),
  bundle_options: Type.Optional(Type.Array(BundleOption)),
  custom_options: Type.Optional(Type.Array(CustomOption)),
  downloadable_links: Type.Optional(Type.Array(DownloadableLink)),
};

/** A whole product document, priced for the customer group asked (its tier prices filtered to the group). */
export const Product = Type.Object(ProductProperties, { additionalProperties: true });
export type Product = Static<typeof Product>;

/** One entry of a SKU's price history: the gross price that held from `from` on (Omnibus). */
export const PricePoint = Type.Object({ from: Type.String(), price: Money });
export type PricePoint = Static<typeof PricePoint>;
