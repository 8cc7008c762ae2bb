import type { Db } from '../../api/public/database';
import { plainSkus } from '../lib/cluster/cluster-database';
import { SHOPPER_ADDRESS } from '../lib/cluster/shoppers';

/** What the benchmark's requests carry: the catalogue search, its filters and facets, a Polish address. */

export const SEARCH = '/api/catalog/vue_storefront_catalog/product/_search';
export const LISTED = [
  { attribute: 'visibility', value: { in: [2, 3, 4] } },
  { attribute: 'status', value: { in: [0, 1] } },
  { attribute: 'stock.is_in_stock', value: { eq: true } },
];
export const CATEGORIES = [3, 4, 5, 6, 7, 8, 10, 13, 15, 18];
export const FACETS = ['color', 'manufacturer', 'material', 'heater_type', 'delivery', 'price', 'power_75_65_20', 'width'].map((field) => ({ field }));
/** The shoppers' address (the fault tests' and the failover bench's too). */
export const ADDRESS = SHOPPER_ADDRESS;
export const JSON_HEADERS = { 'content-type': 'application/json' };
/** Order ids of this run start with it (an order id is placed once). */
export const runId = Date.now().toString(36);

/** SKUs the order and cart workloads buy (stock set high) and the stock-change probes (one unit each). */
export const BUY_SKUS = 200;
const PROBES = 3;
export interface BenchData {
  buy: string[];
  probes: string[];
  views: string[];
  /** Whether the instances serve pages (not `--no-pages`): then `pages` are asked for too. */
  withPages: boolean;
  /** The product pages asked for (`/p/{sku}/{slug}`: the same products as `views`); none without pages. */
  pages: string[];
  /** The SKUs the "import while busy" price file changes (up to IMPORT_ROWS, none of the above). */
  importSkus: string[];
}
/** Rows of the "import while busy" price file (fewer when the catalogue has fewer plain SKUs). */
export const IMPORT_ROWS = 10_000;

/** Picks the SKUs (stock set high for buying, one unit for the probes) and the products to view; `prepare` of startCluster. */
export async function prepareData(db: Db, data: BenchData): Promise<void> {
  const skus = await plainSkus(db, BUY_SKUS + PROBES);
  data.buy = skus.slice(0, BUY_SKUS);
  data.probes = skus.slice(BUY_SKUS);
  // Shown simple products (a variant's or a set's price is its parent's to compute), none bought or probed.
  const simple = await db.kysely
    .selectFrom('product')
    .select('sku')
    .where('type_id', '=', 'simple')
    .where('visibility', '>=', 2)
    .where('status', '=', 1)
    .orderBy('id', 'desc')
    .limit(IMPORT_ROWS + skus.length)
    .execute();
  data.importSkus = simple
    .map((row) => row.sku)
    .filter((sku) => !skus.includes(sku))
    .slice(0, IMPORT_ROWS);
  await db.kysely.updateTable('stock_item').set({ qty: 10_000_000, is_in_stock: 1, min_sale_qty: 1, max_sale_qty: 0 }).where('sku', 'in', data.buy).execute();
  await db.kysely.updateTable('stock_item').set({ qty: 1, is_in_stock: 1, min_sale_qty: 1, max_sale_qty: 0 }).where('sku', 'in', data.probes).execute();
  const parents = await db.kysely
    .selectFrom('product')
    .select(['sku', 'doc'])
    .where('visibility', '>=', 2)
    .where('status', '=', 1)
    .orderBy('id')
    .limit(60)
    .execute();
  data.views = parents.map((row) => row.sku);
  data.pages = data.withPages ? parents.map((row) => `/p/${encodeURIComponent(row.sku)}/${(JSON.parse(row.doc) as { slug: string }).slug}`) : [];
}
