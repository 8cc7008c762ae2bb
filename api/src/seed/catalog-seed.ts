import { isListed } from '@kaloryfer/domain';
import type { Category, Product } from '@kaloryfer/api-contract';
import type { Kysely } from 'kysely';
import { sanitizeCmsBlock, sanitizeCmsPage } from '../catalog';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { ADVICE_ARTICLES, CMS_BLOCKS, CMS_PAGES } from './content';
import { generateProducts, type GeneratedProducts } from './products';
import { generateReviews } from './reviews';
import { ATTRIBUTES, CATEGORIES, MAIN_CATEGORY_ID, TAX_RULES } from './reference-data';

export interface SeedOptions {
  /** Parent products (≈4 SKUs each with configurable children). */
  products: number;
  seed: number;
  /** YYYY-MM-DD the promotions and news are relative to; defaults to today. */
  today?: string;
  withHistory?: boolean;
}

export const DEFAULT_SEED: SeedOptions = { products: 1500, seed: 2026 };

/** The category tree with url paths, levels and listed-product counts (spec §3). */
export function buildCategories(products: Product[]): Category[] {
  const byId = new Map(CATEGORIES.map((seed) => [seed.id, seed]));
  const chain = (id: number): number[] => {
    const ids: number[] = [];
    for (let current = id; byId.has(current); current = byId.get(current)!.parentId) ids.unshift(current);
    return ids;
  };
  const counts = new Map<number, number>();
  for (const product of products) {
    if (!isListed(product, false)) continue;
    for (const id of product.category_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  counts.set(MAIN_CATEGORY_ID, products.filter((product) => isListed(product, false)).length);
  return CATEGORIES.map((seed) => {
    const ids = chain(seed.id);
    const below = ids.filter((id) => id !== MAIN_CATEGORY_ID);
    const children = CATEGORIES.filter((candidate) => candidate.parentId === seed.id);
    const siblings = CATEGORIES.filter((candidate) => candidate.parentId === seed.parentId);
    return {
      id: seed.id,
      parent_id: seed.parentId,
      name: seed.name,
      slug: seed.slug,
      url_key: seed.slug,
      url_path: seed.id === MAIN_CATEGORY_ID ? seed.slug : below.map((id) => byId.get(id)!.slug).join('/'),
      path: [1, ...ids].join('/'),
      level: ids.length,
      position: siblings.indexOf(seed) + 1,
      is_active: true,
      display_mode: 'PRODUCTS',
      h1_text: seed.h1,
      meta_title: `${seed.name} – sklep Kaloryfer`,
      meta_description: seed.description,
      description: seed.description,
      image: null,
      thumbnail_image: null,
      product_count: counts.get(seed.id) ?? 0,
      children_count: children.length,
      children_data: children.map((child) => ({ id: child.id, children_data: [] })),
    };
  });
}

export interface SeedResult {
  products: number;
  skus: number;
  categories: number;
  generated: GeneratedProducts;
}

const BATCH = 400;

async function insertBatches<T extends keyof Database>(trx: Kysely<Database>, table: T, rows: Record<string, unknown>[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + BATCH) as never)
      .execute();
  }
}

const CATALOG_TABLES = [
  'category',
  'attribute',
  'tax_rule',
  'product',
  'stock_item',
  'price_history',
  'cms_page',
  'cms_block',
  'advice_article',
  'catalog_meta',
  'review',
] as const;

/** Stock rows: every SKU a cart can hold (simple products, children and composites). */
export function stockRows(products: Product[]) {
  const row = (sku: string, productId: number, parentSku: string | null, stock: Product['stock']) => ({
    sku,
    product_id: productId,
    parent_sku: parentSku,
    qty: stock.qty,
    is_in_stock: stock.is_in_stock ? 1 : 0,
    manage_stock: stock.manage_stock ? 1 : 0,
    is_volatile: stock.is_volatile ? 1 : 0,
    min_sale_qty: stock.min_sale_qty,
    max_sale_qty: stock.max_sale_qty,
  });
  return products.flatMap((product) => [
    row(product.sku, product.id, null, product.stock),
    ...(product.configurable_children ?? []).map((child) => row(child.sku, child.id, product.sku, child.stock)),
  ]);
}

/**
 * Replaces the whole catalogue with a generated one in one transaction: the same options give
 * the same rows. Returns what was written.
 */
export async function seedCatalog(db: Db, options: SeedOptions): Promise<SeedResult> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const generated = generateProducts({ parents: options.products, seed: options.seed, today, withHistory: options.withHistory });
  const { products, priceHistory } = generated;
  const categories = buildCategories(products);
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of CATALOG_TABLES) await trx.deleteFrom(table).execute();
    await insertBatches(
      trx,
      'category',
      categories.map((category) => ({
        id: category.id,
        parent_id: category.parent_id,
        slug: category.slug,
        url_path: category.url_path,
        position: category.position,
        doc: JSON.stringify(category),
      })),
    );
    await insertBatches(
      trx,
      'attribute',
      ATTRIBUTES.map((attribute) => ({ attribute_id: attribute.attribute_id, attribute_code: attribute.attribute_code, doc: JSON.stringify(attribute) })),
    );
    await insertBatches(
      trx,
      'tax_rule',
      TAX_RULES.map((rule) => ({ id: rule.id, doc: JSON.stringify(rule) })),
    );
    await insertBatches(
      trx,
      'product',
      products.map((product) => ({
        id: product.id,
        sku: product.sku,
        type_id: product.type_id,
        url_path: product.url_path,
        status: product.status,
        visibility: product.visibility,
        updated_at: product.updated_at,
        doc: JSON.stringify(product),
      })),
    );
    await insertBatches(trx, 'stock_item', stockRows(products));
    await insertBatches(
      trx,
      'price_history',
      priceHistory.flatMap(({ sku, points }) => points.map((point) => ({ sku, valid_from: point.from, price_incl_tax: point.price }))),
    );
    // CMS HTML is stored sanitised (docs/content.md); the catalogue sanitises it again on load.
    await insertBatches(
      trx,
      'cms_page',
      CMS_PAGES.map(sanitizeCmsPage).map((page) => ({ id: page.id, identifier: page.identifier, doc: JSON.stringify(page) })),
    );
    await insertBatches(
      trx,
      'cms_block',
      CMS_BLOCKS.map(sanitizeCmsBlock).map((block) => ({ id: block.id, identifier: block.identifier, doc: JSON.stringify(block) })),
    );
    await insertBatches(
      trx,
      'advice_article',
      ADVICE_ARTICLES.map((article) => ({ id: article.id, slug: article.slug, published_at: article.published_at, doc: JSON.stringify(article) })),
    );
    // Reviews point at product ids, which a new catalogue reuses: the old ones go with it.
    await insertBatches(trx, 'review', generateReviews(products, options.seed, today) as never);
    await insertBatches(trx, 'catalog_meta', [{ key: 'seed', value: JSON.stringify({ products: options.products, seed: options.seed, today }) }]);
  });
  const skus = products.reduce((sum, product) => sum + 1 + (product.configurable_children?.length ?? 0), 0);
  return { products: products.length, skus, categories: categories.length, generated };
}

/** True when the database holds a catalogue (npm start seeds only an empty one). */
export async function hasCatalog(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('catalog_meta').select('value').where('key', '=', 'seed').executeTakeFirst();
  return row !== undefined;
}
