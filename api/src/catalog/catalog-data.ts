import type { AdviceArticle, Attribute, Category, CmsBlock, CmsPage, PricePoint, Product, StockInfo, TaxRule } from '@kaloryfer/api-contract';
import { sql } from 'kysely';
import { sanitizeCmsBlock, sanitizeCmsPage } from './cms-sanitize';
import type { Db } from '../db/database';
import type { PriceHistoryTable, StockItemTable } from '../db/schema';
import { PriceHistory } from './price-history';
import { stockInfoOf } from './stock-row';

/**
 * What the catalogue is built from, read from the database (the source of truth): every table
 * at once (`loadCatalogData`, a full reload), or some products with their stock and price
 * history (`loadProducts`, an incremental update). Both go through `withStock`, and a SKU's
 * timeline is the same points either way (a full load packs them in a `PriceHistory`, an update
 * sets the SKU's list in it), so a product reloaded alone is exactly the product a full reload
 * would give.
 */
export interface CatalogData {
  products: Product[];
  categories: Category[];
  attributes: Attribute[];
  taxRules: TaxRule[];
  cmsPages: CmsPage[];
  cmsBlocks: CmsBlock[];
  articles: AdviceArticle[];
  history: PriceHistory;
}

const parse = <T>(rows: { doc: string }[]): T[] => rows.map((row) => JSON.parse(row.doc) as T);

/** A product's string fields that many products share (a brand, an image, a date): held once. */
const SHARED_KEYS = [
  'type_id',
  'image',
  'thumbnail',
  'created_at',
  'updated_at',
  'special_from_date',
  'special_to_date',
  'news_from_date',
  'news_to_date',
  'connection_code',
  'model',
  'brand',
  'pdf',
  'zip',
  'equipment_set',
];
/** Its structures whose strings repeat across products (category names and paths, option labels, links' SKUs). */
const SHARED_DEEP_KEYS = ['category', 'configurable_options', 'product_links', 'bundle_options', 'custom_options', 'media_gallery'];
/** A variant's. */
const CHILD_SHARED_KEYS = ['type_id', 'image', 'special_from_date', 'special_to_date', 'size'];

/**
 * One string object for equal strings: JSON.parse makes a new one for every occurrence, and at
 * 100,000 products the repeats (category names in every product's category list, option labels,
 * image paths, dates) were ~90 MB of heap. Only the fields that repeat are looked up: a name or
 * a description is its product's own.
 */
class SharedStrings {
  private readonly pool = new Map<string, string>();

  string(value: string): string {
    const held = this.pool.get(value);
    if (held !== undefined) return held;
    this.pool.set(value, value);
    return value;
  }

  /** Every string inside `value` (arrays and plain objects, in place). */
  deep(value: unknown): unknown {
    if (typeof value === 'string') return this.string(value);
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = this.deep(value[i]);
    else if (value !== null && typeof value === 'object')
      for (const key of Object.keys(value)) (value as Record<string, unknown>)[key] = this.deep((value as Record<string, unknown>)[key]);
    return value;
  }

  fields(item: Record<string, unknown>, keys: readonly string[]): void {
    for (const key of keys) if (typeof item[key] === 'string') item[key] = this.string(item[key]);
  }
}

function shareStrings(product: Product, shared: SharedStrings): void {
  const doc = product as unknown as Record<string, unknown>;
  // A product's URL keys are mostly one string three times; its meta description is its short
  // description, and its meta title often its name.
  if (product.url_path === product.url_key) product.url_path = product.url_key;
  if (product.slug === product.url_key) product.slug = product.url_key;
  if (product.meta_description === product.short_description) product.meta_description = product.short_description;
  if (product.meta_title === product.name) product.meta_title = product.name;
  shared.fields(doc, SHARED_KEYS);
  for (const key of SHARED_DEEP_KEYS) if (doc[key] !== undefined) shared.deep(doc[key]);
  for (const child of product.configurable_children ?? []) shared.fields(child as unknown as Record<string, unknown>, CHILD_SHARED_KEYS);
}

/**
 * Stock rows are the truth for quantities (orders reserve them); documents carry a copy. And the
 * strings products repeat are held once (`SharedStrings`).
 */
function withStock(product: Product, stockBySku: Map<string, StockInfo>, shared: SharedStrings): Product {
  shareStrings(product, shared);
  for (const child of product.configurable_children ?? []) child.stock = stockBySku.get(child.sku) ?? child.stock;
  product.stock = stockBySku.get(product.sku) ?? product.stock;
  if (product.configurable_children) {
    product.stock = { ...product.stock, is_in_stock: product.configurable_children.some((child) => child.stock.is_in_stock && child.status < 2) };
  }
  return product;
}

/** Price history rows (ordered by sku, valid_from) as each SKU's timeline. */
function historyOf(rows: PriceHistoryTable[]): Map<string, PricePoint[]> {
  const bySku = new Map<string, PricePoint[]>();
  for (const row of rows) {
    const list = bySku.get(row.sku) ?? [];
    list.push({ from: row.valid_from, price: row.price_incl_tax });
    bySku.set(row.sku, list);
  }
  return bySku;
}

/**
 * For documents parsed elsewhere (a catalogue snapshot's): each given to the answer holds the
 * strings products repeat once, as a load holds them — called on each as it is parsed, its
 * repeats die young.
 */
export function productStringSharer(): (product: Product) => Product {
  const shared = new SharedStrings();
  return (product) => {
    shareStrings(product, shared);
    return product;
  };
}

/** Product rows as documents, with their stock and the strings they repeat held once. */
function parseProducts(rows: { doc: string }[], stockBySku: Map<string, StockInfo>): Product[] {
  const shared = new SharedStrings();
  return rows.map((row) => withStock(JSON.parse(row.doc) as Product, stockBySku, shared));
}

const stockMap = (rows: StockItemTable[]) => new Map(rows.map((row) => [row.sku, stockInfoOf(row)]));

export async function loadCatalogData(db: Db): Promise<CatalogData> {
  const k = db.kysely;
  const [products, stock, categories, attributes, taxRules, cmsPages, cmsBlocks, articles, history] = await Promise.all([
    k.selectFrom('product').select('doc').orderBy('id').execute(),
    k.selectFrom('stock_item').selectAll().execute(),
    k.selectFrom('category').select('doc').orderBy('id').execute(),
    k.selectFrom('attribute').select('doc').orderBy('attribute_id').execute(),
    k.selectFrom('tax_rule').select('doc').orderBy('id').execute(),
    k.selectFrom('cms_page').select('doc').orderBy('id').execute(),
    k.selectFrom('cms_block').select('doc').orderBy('id').execute(),
    k.selectFrom('advice_article').select('doc').orderBy('published_at', 'desc').execute(),
    k.selectFrom('price_history').selectAll().orderBy('sku').orderBy('valid_from').execute(),
  ]);
  const stockBySku = stockMap(stock);
  return {
    products: parseProducts(products, stockBySku),
    categories: parse<Category>(categories),
    attributes: parse<Attribute>(attributes),
    taxRules: parse<TaxRule>(taxRules),
    // Sanitised when written too; again here, so a row written any other way is served clean.
    cmsPages: parse<CmsPage>(cmsPages).map(sanitizeCmsPage),
    cmsBlocks: parse<CmsBlock>(cmsBlocks).map(sanitizeCmsBlock),
    articles: parse<AdviceArticle>(articles),
    history: new PriceHistory(history),
  };
}

/** Rows per `in (…)` list: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

async function chunked<T, R>(values: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < values.length; at += CHUNK) out.push(...(await read(values.slice(at, at + CHUNK))));
  return out;
}

export interface LoadedProducts {
  /** The product rows found (by SKU or id), in id order, with their stock. */
  products: Product[];
  /** Price history of the SKUs asked for and of every SKU of those products (own and variants'); a SKU without rows is absent. */
  history: Map<string, PricePoint[]>;
  /** Every SKU the history was read for (to forget a timeline whose rows are gone). */
  skus: Set<string>;
}

/**
 * Some products as a full reload would load them: the rows of these SKUs or ids, their stock
 * rows, and the price history of theirs and of the SKUs asked for (variants' included).
 */
export async function loadProducts(db: Db, skus: readonly string[], ids: readonly number[]): Promise<LoadedProducts> {
  const k = db.kysely;
  const byId = new Map<number, { doc: string }>();
  for (const row of await chunked([...skus], (chunk) => k.selectFrom('product').select(['id', 'doc']).where('sku', 'in', chunk).execute()))
    byId.set(row.id, row);
  for (const row of await chunked([...ids], (chunk) => k.selectFrom('product').select(['id', 'doc']).where('id', 'in', chunk).execute())) byId.set(row.id, row);
  const rows = [...byId.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
  const products = parse<Product>(rows);
  const own = [...new Set(products.flatMap((product) => [product.sku, ...(product.configurable_children ?? []).map((child) => child.sku)]))];
  const all = new Set([...own, ...skus]);
  const [stock, history] = await Promise.all([
    chunked(own, (chunk) => k.selectFrom('stock_item').selectAll().where('sku', 'in', chunk).execute()),
    chunked([...all], (chunk) => k.selectFrom('price_history').selectAll().where('sku', 'in', chunk).orderBy('sku').orderBy('valid_from').execute()),
  ]);
  const stockBySku = stockMap(stock);
  const shared = new SharedStrings();
  return { products: products.map((product) => withStock(product, stockBySku, shared)), history: historyOf(history), skus: all };
}

/** The configurable parents of these SKUs, as the stock table knows them (a variant new to this instance). */
export async function parentSkusOf(db: Db, skus: readonly string[]): Promise<string[]> {
  const rows = await chunked([...skus], (chunk) =>
    db.kysely.selectFrom('stock_item').select('parent_sku').where('sku', 'in', chunk).where('parent_sku', 'is not', null).execute(),
  );
  return [...new Set(rows.map((row) => row.parent_sku!))];
}

/** A product document's own prices: what a supplier's price file sets (catalog/import). */
export const PRICE_KEYS = ['price', 'special_price', 'special_from_date', 'special_to_date'] as const;
/**
 * The document keys a price change moves — its prices and the time it was made: migration
 * 0021-price-changes logs an update of a product that changed only these as kind 'price' (its
 * list is written out there too).
 */
export const PRICE_DOC_KEYS = [...PRICE_KEYS, 'updated_at'] as const;
type PriceDocKey = (typeof PRICE_DOC_KEYS)[number];

export interface LoadedPrices {
  /** Per product id found: its document's price keys as stored now (a key absent from the document is absent here). */
  prices: Map<number, Partial<Record<PriceDocKey, unknown>>>;
  /** Price history of these SKUs; a SKU without rows is absent. */
  history: Map<string, PricePoint[]>;
  skus: Set<string>;
}

/**
 * Some products' price keys — picked out of their documents by the database, so the documents
 * are neither sent nor parsed — and the price history of these SKUs (theirs and their variants').
 */
export async function loadPrices(db: Db, ids: readonly number[], skus: readonly string[]): Promise<LoadedPrices> {
  const k = db.kysely;
  const picked =
    db.dialect === 'postgres'
      ? sql<string | null>`(select jsonb_object_agg(key, value) from jsonb_each(doc::jsonb) where key = any(${[...PRICE_DOC_KEYS]}::text[]))::text`
      : sql<string | null>`(select json_group_object(key, value) from json_each(product.doc) where key in (${sql.join([...PRICE_DOC_KEYS])}))`;
  const [rows, history] = await Promise.all([
    chunked([...ids], (chunk) =>
      k
        .selectFrom('product')
        .select(['id', picked.as('prices')])
        .where('id', 'in', chunk)
        .execute(),
    ),
    chunked([...skus], (chunk) => k.selectFrom('price_history').selectAll().where('sku', 'in', chunk).orderBy('sku').orderBy('valid_from').execute()),
  ]);
  return {
    prices: new Map(rows.map((row) => [row.id, row.prices ? (JSON.parse(row.prices) as Partial<Record<PriceDocKey, unknown>>) : {}])),
    history: historyOf(history),
    skus: new Set(skus),
  };
}
