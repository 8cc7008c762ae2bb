import { TILE_CHILD_FIELDS, TILE_TOP_FIELDS } from '@kaloryfer/domain';
import { Type, type Static, type TObject, type TProperties, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { CmsBlock, CmsHierarchyNode, CmsPage } from './content';
import { answers, ErrorEnvelope, Nullable } from './envelope';
import { Review, ReviewDocument, ReviewSummary } from './reviews';

/*
 * The catalogue as the API serves it (spec §3, in vue-storefront-api's field names), mirroring
 * the entity types of shared/domain/src/catalog/product.ts. Prices are money (`Type.Number`),
 * measurements too (power in W, sizes in mm, weight in kg); ids, counts and days are integers.
 */

/** 0 or 1, as Magento writes its yes/no attributes. */
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Money = Type.Number();
const Measure = Type.Number();

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

/** The source price (net) and its special price with dates. */
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
  /** Omnibus: the lowest gross price of the 30 days before a running reduction; null without one. */
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

export const Category = Type.Object({
  id: Type.Integer(),
  parent_id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  url_key: Type.String(),
  url_path: Type.String(),
  path: Type.String(),
  level: Type.Integer(),
  position: Type.Integer(),
  is_active: Type.Boolean(),
  display_mode: Type.Union([Type.Literal('PRODUCTS'), Type.Literal('PAGE'), Type.Literal('PRODUCTS_AND_PAGE')]),
  h1_text: Type.String(),
  meta_title: Type.String(),
  meta_description: Type.String(),
  description: Type.String(),
  image: Nullable(Type.String()),
  thumbnail_image: Nullable(Type.String()),
  product_count: Type.Integer(),
  children_count: Type.Integer(),
  /** VSF's tree: each child's id and, below it, its own children_data. */
  children_data: Type.Array(Type.Object({ id: Type.Integer(), children_data: Type.Array(Type.Unknown()) })),
});
export type Category = Static<typeof Category>;

export const AttributeOption = Type.Object({
  value: Type.String(),
  label: Type.String(),
  /** Swatch colour for colour options. */
  swatch: Type.Optional(Type.String()),
  sort_order: Type.Integer(),
});
export type AttributeOption = Static<typeof AttributeOption>;

export const Attribute = Type.Object({
  attribute_id: Type.Integer(),
  attribute_code: Type.String(),
  frontend_label: Type.String(),
  frontend_input: Type.Union(
    ['select', 'multiselect', 'text', 'price', 'boolean', 'date', 'weee'].map((input) =>
      Type.Literal(input as 'select' | 'multiselect' | 'text' | 'price' | 'boolean' | 'date' | 'weee'),
    ),
  ),
  /** Unit shown after values: W, mm, kg, bar, dni. */
  unit: Type.Optional(Type.String()),
  is_user_defined: Type.Boolean(),
  is_visible: Type.Boolean(),
  is_visible_on_front: Type.Boolean(),
  is_comparable: Type.Boolean(),
  is_filterable: Type.Boolean(),
  position: Type.Integer(),
  options: Type.Array(AttributeOption),
});
export type Attribute = Static<typeof Attribute>;

export const TaxRule = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  priority: Type.Integer(),
  position: Type.Integer(),
  customer_tax_class_ids: Type.Array(Type.Integer()),
  product_tax_class_ids: Type.Array(Type.Integer()),
  tax_rate_ids: Type.Array(Type.Integer()),
  rates: Type.Array(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      /** Percent: 23 for Polish VAT. */
      rate: Type.Number(),
      tax_country_id: Type.String(),
      tax_region_id: Type.Integer(),
      region_name: Type.String(),
      tax_postcode: Type.String(),
    }),
  ),
});
export type TaxRule = Static<typeof TaxRule>;

/** One entry of a SKU's price history: the gross price that held from `from` on (Omnibus). */
export const PricePoint = Type.Object({ from: Type.String(), price: Money });
export type PricePoint = Static<typeof PricePoint>;

const pick = <Properties extends TProperties, const Key extends keyof Properties & string>(properties: Properties, keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, properties[key]])) as Pick<Properties, Key>;

/**
 * A product as a tile (product-view's related products): the fields of the shop's one tile list
 * (`TILE_FIELDS` in shared/domain, which the catalogue's listings ask the search for too), each
 * where the product has it.
 */
export const ProductTile = Type.Object({
  ...pick(ProductProperties, TILE_TOP_FIELDS),
  configurable_children: Type.Optional(Type.Array(Type.Object(pick(ConfigurableChild.properties, TILE_CHILD_FIELDS)))),
});
export type ProductTile = Static<typeof ProductTile>;

/** A part of a set (a grouped product's associated products, a bundle's options): the variant itself when the SKU is one. */
export const ProductComponent = Type.Object(
  pick(ProductProperties, ['id', 'sku', 'name', 'image', 'final_price_incl_tax', 'original_price_incl_tax', 'stock', 'type_id']),
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

// ---------------------------------------------------------------------------------------------
// Catalogue search: VSF's `/api/catalog/{index}/{type}/_search`, answered in Elasticsearch's shape.
// ---------------------------------------------------------------------------------------------

/** What `_source` filtering leaves of a document: any field, at any depth, may be absent. */
export type SourceFiltered<T> = T extends readonly (infer Item)[]
  ? SourceFiltered<Item>[]
  : T extends object
    ? { [Key in keyof T]?: SourceFiltered<T[Key]> }
    : T;

/** Every property of every object below made optional (the types stay). */
function everyFieldOptional(schema: TSchema): TSchema {
  if (schema.type === 'object' && schema.properties) {
    const { properties, required: _required, ...options } = schema as TObject;
    return Type.Object(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, Type.Optional(everyFieldOptional(value))])), options);
  }
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) return Type.Array(everyFieldOptional(schema.items as TSchema));
  if (Array.isArray(schema.anyOf)) return Type.Union((schema.anyOf as TSchema[]).map(everyFieldOptional));
  return schema;
}

/**
 * A search hit's document: the entity as the search holds it, filtered by the client's
 * `_source` include/exclude lists (`_sourceInclude: ['sku', 'configurable_children.sku']` keeps
 * only those, at any depth), so every field is optional; `_score` is the relevance of a
 * full-text search. The fields listed keep their types.
 */
const SourceDocument = <Entity extends TObject>(entity: Entity, description: string): TUnsafe<SourceFiltered<Static<Entity>> & { _score?: number }> =>
  Type.Unsafe<SourceFiltered<Static<Entity>> & { _score?: number }>(
    everyFieldOptional(Type.Object({ ...entity.properties, _score: Type.Number() }, { additionalProperties: entity.additionalProperties, description })),
  );

/** The documents of each search type (spec §7 and what VSF 1.12 registers). */
export const SearchDocuments = {
  product: SourceDocument(Product, 'product'),
  category: SourceDocument(Category, 'category'),
  attribute: SourceDocument(Attribute, 'attribute'),
  taxrule: SourceDocument(TaxRule, 'taxrule'),
  cms_page: SourceDocument(CmsPage, 'cms_page'),
  cms_block: SourceDocument(CmsBlock, 'cms_block'),
  cms_hierarchy: SourceDocument(CmsHierarchyNode, 'cms_hierarchy'),
  review: SourceDocument(ReviewDocument, 'review'),
};
export type SearchType = keyof typeof SearchDocuments;
export type SearchDocument<Type extends SearchType = SearchType> = Static<(typeof SearchDocuments)[Type]>;

/** A facet bucket: a term's key, or a range's (`"500.0-1500.0"`, the last one open: `"5000.0-*"`) with its bounds. */
export const AggregationBucket = Type.Object({
  key: Type.String(),
  doc_count: Type.Integer(),
  from: Type.Optional(Nullable(Type.Number())),
  to: Type.Optional(Nullable(Type.Number())),
});
export type AggregationBucket = Static<typeof AggregationBucket>;

/** Keyed `agg_terms_<attribute>`, `agg_terms_<attribute>_options`, `agg_range_<attribute>`, or as an Elasticsearch body named them. */
export const Aggregation = Type.Object({ buckets: Type.Array(AggregationBucket) });
export type Aggregation = Static<typeof Aggregation>;

/**
 * One search answer, three readers (docs/vsf-contract.md "Catalogue search"): the shop's remotes
 * read `items`, `total`, `start`, `perPage`, `aggregations`; VSF's `api` adapter (an Elasticsearch
 * body) reads Elasticsearch's `hits: {total, max_score, hits: [{_index, _type, _id, _score, _source}]}`;
 * its `api-search-query` adapter (`response_format=compact`) reads `hits` as the list of
 * documents. `hits` is there for VSF's requests only.
 */
export const SearchAnswerOf = <Document extends TSchema>(document: Document) =>
  Type.Object({
    items: Type.Array(document),
    total: Type.Integer(),
    start: Type.Integer(),
    perPage: Type.Integer(),
    aggregations: Type.Record(Type.String(), Aggregation),
    hits: Type.Optional(
      Type.Union([
        Type.Object({
          total: Type.Integer(),
          max_score: Nullable(Type.Number()),
          hits: Type.Array(
            Type.Object({ _index: Type.String(), _type: Type.String(), _id: Type.String(), _score: Nullable(Type.Number()), _source: document }),
          ),
        }),
        Type.Array(document),
      ]),
    ),
  });

/** A search answer of any type; a remote reads its own type's as `SearchAnswer<SearchDocument<'product'>>` or its own narrower shape. */
export const CatalogSearchAnswer = SearchAnswerOf(Type.Union(Object.values(SearchDocuments)));
export type SearchAnswer<Document = SearchDocument> = Omit<Static<typeof CatalogSearchAnswer>, 'items' | 'hits'> & {
  items: Document[];
  hits?:
    | { total: number; max_score: number | null; hits: Array<{ _index: string; _type: string; _id: string; _score: number | null; _source: Document }> }
    | Document[];
};

const SearchParams = Type.Object({
  index: Type.String({ description: 'vue_storefront_catalog, or vue_storefront_catalog_<language> (404 for any other)' }),
  type: Type.String({ description: Object.keys(SearchDocuments).join(', ') }),
});

/** Query parameters are strings; a list may come as one comma-separated value or as the parameter repeated. */
const QueryText = (description: string) => Type.Optional(Type.String({ description }));
const QueryList = (description: string) => Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description }));
const SearchQuery = Type.Object({
  request: QueryText('the search query or an Elasticsearch body as JSON (GET)'),
  request_format: QueryText("search-query: VSF's api-search-query adapter (absent: the search query or an Elasticsearch body)"),
  response_format: QueryText("compact or standard (VSF's hits member)"),
  from: QueryText('first hit, 0-based'),
  start: QueryText("first hit (VSF's api-search-query adapter)"),
  size: QueryText('hits per page: 50 by default, at most 200 products (999 with _source_exclude=*), 4000 categories'),
  sort: QueryList('"price:asc,id:desc"'),
  _source_include: QueryList('fields or patterns (`*image`) to return'),
  _source_exclude: QueryList('fields or patterns to leave out (`*`: facets only)'),
  _sourceInclude: QueryList('as _source_include'),
  _sourceExclude: QueryList('as _source_exclude'),
  includeFields: QueryList('as _source_include'),
  excludeFields: QueryList('as _source_exclude'),
  groupId: QueryText('customer group for tier prices'),
  userGroupId: QueryText('as groupId'),
  groupToken: QueryText('the group token from /api/user/me (outranks groupId)'),
  heatAt: QueryText('supply/return/room temperatures for heat_output, e.g. 55/45/20'),
});
export type CatalogSearchQuery = Static<typeof SearchQuery>;

/** The errors: `{code, result: message}` as every route (400 for a query the search cannot answer, 404 for an unknown index). */
const SearchResponse = { 200: CatalogSearchAnswer, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

/** `GET /api/catalog/:index/:type/_search?request=`: the search in the URL (cacheable). */
export const CatalogSearchGet = {
  summary: 'Catalogue search (GET, request= holds the search query or an Elasticsearch body)',
  tags: ['catalogue'],
  params: SearchParams,
  querystring: SearchQuery,
  response: SearchResponse,
};

/** `POST /api/catalog/:index/:type/_search`: the search in the body. */
export const CatalogSearchPost = {
  summary: 'Catalogue search (POST body: the search query or an Elasticsearch body, with paging, sort and field selection)',
  tags: ['catalogue'],
  params: SearchParams,
  querystring: SearchQuery,
  // Open: the spec's search query (`query: {_appliedFilters, _availableFilters, _appliedSort, _searchText}`),
  // VSF's SearchQuery, or an Elasticsearch body (`query: {bool: …}`, `aggs`, `sort`, `_source`).
  // Not validated here: api/src/search/request-format.ts tells the formats apart and answers a
  // 400 that names what it cannot read ("the body must be a JSON object (the search query)"),
  // clearer than a schema's anyOf; no body at all reads as `{}`, the URL's parameters deciding.
  body: Type.Union([
    Type.Object(
      {
        query: Type.Optional(Type.Unknown({ description: 'the search query, or an Elasticsearch query' })),
        from: Type.Optional(Type.Unknown()),
        size: Type.Optional(Type.Unknown()),
        sort: Type.Optional(Type.Unknown()),
        _sourceInclude: Type.Optional(Type.Unknown({ description: 'fields to return' })),
        _sourceExclude: Type.Optional(Type.Unknown({ description: 'fields to leave out' })),
        aggs: Type.Optional(Type.Unknown({ description: 'Elasticsearch aggregations (terms, range)' })),
        groupId: Type.Optional(Type.Unknown()),
        groupToken: Type.Optional(Type.Unknown()),
        heatAt: Type.Optional(Type.Unknown()),
      },
      { additionalProperties: true },
    ),
    Type.Unknown(),
  ]),
  response: SearchResponse,
};
