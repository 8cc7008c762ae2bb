/**
 * The catalogue's entities as the API serves them (spec §3), in the field names of the
 * vue-storefront-api contract. Source prices are gross (sourcePriceIncludesTax): a Polish
 * shop prices 1 299,00 zł, not a net amount that happens to round to it.
 */
export type ProductType = 'simple' | 'configurable' | 'grouped' | 'bundle' | 'downloadable' | 'virtual';
export const PRODUCT_TYPES: ProductType[] = ['simple', 'configurable', 'grouped', 'bundle', 'downloadable', 'virtual'];

export interface StockInfo {
  is_in_stock: boolean;
  qty: number;
  /** false: the shop does not count this item (services, made to order). */
  manage_stock: boolean;
  /** The supplier's count is not reliable: the cart takes it as a pre-reservation (spec §8 volatile). */
  is_volatile: boolean;
  min_sale_qty: number;
  max_sale_qty: number;
}

export interface MediaImage {
  image: string;
  label: string;
  pos: number;
  typ: 'image';
}

/** A quantity discount: `percentage_value` off from `qty` on; customer_group_id 32000 = every group. */
export interface TierPriceEntry {
  customer_group_id: number;
  qty: number;
  percentage_value: number;
}
export const ALL_GROUPS = 32000;
/** Customer groups (Magento's numbering): 0 not logged in, 1 retail, 2 installers (trade prices). */
export const CUSTOMER_GROUPS = { notLoggedIn: 0, retail: 1, installer: 2 } as const;

export interface SourcePrice {
  price: number;
  special_price?: number | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
  tax_class_id: number;
}

/** Price fields computed for one moment (spec §3): net, gross and tax of each price. */
export interface PriceFields {
  price: number;
  price_incl_tax: number;
  price_tax: number;
  original_price: number;
  original_price_incl_tax: number;
  original_price_tax: number;
  special_price: number | null;
  special_price_incl_tax: number | null;
  special_price_tax: number | null;
  final_price: number;
  final_price_incl_tax: number;
  final_price_tax: number;
}

export interface ProductLink {
  link_type: 'related' | 'associated' | 'crosssell' | 'upsell';
  linked_product_sku: string;
  linked_product_type: ProductType;
  sku: string;
  position: number;
  qty?: number;
}

export interface BundleProductLink {
  id: number;
  sku: string;
  qty: number;
  can_change_quantity: 0 | 1;
  is_default: boolean;
  position: number;
}

export interface BundleOptionDef {
  option_id: number;
  title: string;
  required: boolean;
  type: 'select' | 'radio' | 'checkbox';
  position: number;
  sku: string;
  product_links: BundleProductLink[];
}

export interface CustomOptionValueDef {
  option_type_id: number;
  title: string;
  price: number;
  price_type: 'fixed' | 'percent';
  sort_order: number;
}

export interface CustomOptionDef {
  option_id: number;
  title: string;
  type: 'drop_down' | 'radio' | 'field' | 'checkbox';
  is_require: boolean;
  sort_order: number;
  max_characters?: number;
  values: CustomOptionValueDef[];
}

export interface ConfigurableOption {
  id: number;
  attribute_id: number;
  attribute_code: string;
  label: string;
  position: number;
  values: { value_index: number; label: string }[];
}

export interface ProductCategoryRef {
  category_id: number;
  name: string;
  slug: string;
  path: string;
}

/** Heating and merchandising attributes (spec §3); option attributes hold option ids. */
export interface HeatingAttributes {
  power?: number;
  power_75_65_20?: number;
  power_70_55_20?: number;
  /** EN 442 exponent n of this model, Φ = Φ75 × (ΔT/49.83)^n. */
  heat_exponent?: number;
  heater_type?: number;
  material?: number;
  mount?: number;
  connection_width?: number;
  connection_code?: string;
  working_pressure?: number;
  elements_count?: number;
  /** Days until dispatch; the delivery filter buckets it (spec §5). */
  delivery_time?: number;
  free_valves?: 0 | 1;
  manufacturer?: number;
  model?: string;
  pdf?: string;
  zip?: string;
  equipment_set?: string;
  accessory_type?: number;
  palette_id?: number;
  weight?: number;
  depth?: number;
  width?: number;
  height?: number;
  width_options?: number[];
  height_options?: number[];
  ecommerce?: 0 | 1;
  hit_of_the_month?: 0 | 1;
  hit_of_the_week?: 0 | 1;
  hit_price?: number;
  bestseller?: 0 | 1;
  /** Exclusive collection (the home page's third rail, spec §7). */
  flag?: 0 | 1;
  news_from_date?: string | null;
  news_to_date?: string | null;
  gtin?: string;
  mpn?: string;
  color?: number;
  size?: string;
  brand?: string;
}

export interface ConfigurableChild extends SourcePrice, HeatingAttributes, Partial<Omit<PriceFields, 'price' | 'special_price'>> {
  id: number;
  sku: string;
  name: string;
  status: number;
  visibility: 1;
  type_id: 'simple';
  url_key: string;
  image: string;
  stock: StockInfo;
}

export interface Product extends SourcePrice, HeatingAttributes, Partial<Omit<PriceFields, 'price' | 'special_price'>> {
  id: number;
  sku: string;
  name: string;
  type_id: ProductType;
  status: number;
  visibility: number;
  tier_prices: TierPriceEntry[];
  stock: StockInfo;
  image: string;
  thumbnail: string;
  media_gallery: MediaImage[];
  url_key: string;
  url_path: string;
  slug: string;
  category: ProductCategoryRef[];
  category_ids: number[];
  description: string;
  short_description: string;
  meta_title: string;
  meta_keyword: string;
  meta_description: string;
  created_at: string;
  updated_at: string;
  view_count: number;
  configurable_options?: ConfigurableOption[];
  configurable_children?: ConfigurableChild[];
  product_links?: ProductLink[];
  bundle_options?: BundleOptionDef[];
  custom_options?: CustomOptionDef[];
  downloadable_links?: { id: number; title: string; file: string; is_shareable: boolean }[];
  /** Set on search results and render-list: Omnibus lowest gross price of the 30 days before a current reduction. */
  lowest_price_30d?: number | null;
}

export interface Category {
  id: number;
  parent_id: number;
  name: string;
  slug: string;
  url_key: string;
  url_path: string;
  path: string;
  level: number;
  position: number;
  is_active: boolean;
  display_mode: 'PRODUCTS' | 'PAGE' | 'PRODUCTS_AND_PAGE';
  h1_text: string;
  meta_title: string;
  meta_description: string;
  description: string;
  image: string | null;
  thumbnail_image: string | null;
  product_count: number;
  children_count: number;
  children_data: { id: number; children_data: unknown[] }[];
}

export interface AttributeOption {
  value: string;
  label: string;
  /** Swatch colour for colour options. */
  swatch?: string;
  sort_order: number;
}

export interface Attribute {
  attribute_id: number;
  attribute_code: string;
  frontend_label: string;
  frontend_input: 'select' | 'multiselect' | 'text' | 'price' | 'boolean' | 'date' | 'weee';
  /** Unit shown after values: W, mm, kg, bar, dni. */
  unit?: string;
  is_user_defined: boolean;
  is_visible: boolean;
  is_visible_on_front: boolean;
  is_comparable: boolean;
  is_filterable: boolean;
  position: number;
  options: AttributeOption[];
}

export interface TaxRule {
  id: number;
  code: string;
  priority: number;
  position: number;
  customer_tax_class_ids: number[];
  product_tax_class_ids: number[];
  tax_rate_ids: number[];
  rates: { id: number; code: string; rate: number; tax_country_id: string; tax_region_id: number; region_name: string; tax_postcode: string }[];
}

export interface CmsPage {
  id: number;
  identifier: string;
  title: string;
  content_heading: string;
  content: string;
  meta_title: string;
  meta_description: string;
  /** Hierarchy: the identifier of the parent page, or null at the top. */
  parent_identifier: string | null;
  position: number;
  active: boolean;
  updated_at: string;
}

export interface CmsBlock {
  id: number;
  identifier: string;
  title: string;
  content: string;
  active: boolean;
}

export interface AdviceArticle {
  id: number;
  slug: string;
  title: string;
  lead: string;
  /** Markdown-light body: paragraphs split by blank lines, "## " headings, "- " list items. */
  body: string;
  topic: string;
  reading_minutes: number;
  published_at: string;
  image: string;
  related_category_slug: string | null;
}
