import type { Attribute, Category, ConfigurableChild, PricePoint, Product, TaxRule } from '@kaloryfer/api-contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database, StockItemTable } from '../../db/schema';
import { taxSettingsFrom } from '../tax-settings';
import type { ImportCatalogue, SkuState } from './import-rows';

/**
 * The part of the catalogue an import touches, read inside its transaction: the stock rows of
 * the file's SKUs, what each SKU's product document says of it (prices, tax rate, the attributes
 * a configurable's variants differ by), their price history, and the categories and attributes.
 * The documents themselves are not kept (unless asked: a small file's): at 100,000 rows they are ~36,000 products of ~8 KB of
 * JSON, some 700 MB parsed, and the importing instance rose 666 MB above its rest holding them
 * until commit (issue #49). The plan reads them again a slice at a time (`readDocs`). On
 * PostgreSQL the product rows are locked (`for update`) by the first read until commit, so
 * nothing changes a document between the check and the import's write.
 */
export interface ImportState extends ImportCatalogue {
  /** Where each SKU lives: its product row, and whether it is a variant within it. */
  targets: Map<string, { productId: number; variant: boolean }>;
  history: Map<string, PricePoint[]>;
  categories: Category[];
  /** These product rows' documents, parsed: the plan changes them and the import writes them back. */
  readDocs(ids: number[]): Promise<Map<number, Product>>;
}

/** IN lists are cut to this many values (SQLite and PostgreSQL both take far more: a round trip each). */
export const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += CHUNK) out.push(items.slice(at, at + CHUNK));
  return out;
}

export async function loadImportState(
  trx: Transaction<Database> | Kysely<Database>,
  dialect: Dialect,
  { skus, withHistory, today, keepDocs = false }: { skus: string[]; withHistory: boolean; today: string; keepDocs?: boolean },
): Promise<ImportState> {
  const stockRows = new Map<string, StockItemTable>();
  for (const part of chunks(skus)) {
    for (const row of await trx.selectFrom('stock_item').selectAll().where('sku', 'in', part).execute()) stockRows.set(row.sku, row);
  }
  const tax = taxSettingsFrom((await trx.selectFrom('tax_rule').select('doc').orderBy('id').execute()).map((row) => JSON.parse(row.doc) as TaxRule));
  // A variant's document is its parent's; a SKU without a stock row may still be a product.
  const fileSkusOf = new Map<string, string[]>();
  for (const sku of skus) {
    const productSku = stockRows.get(sku)?.parent_sku ?? sku;
    const list = fileSkusOf.get(productSku);
    if (list) list.push(sku);
    else fileSkusOf.set(productSku, [sku]);
  }
  const targets = new Map<string, { productId: number; variant: boolean }>();
  const states = new Map<string, SkuState>();
  // A small file's documents are kept from this read (reading them again cost a 10,000-row file ~1 s).
  const kept = keepDocs ? new Map<number, Product>() : null;
  for (const part of chunks([...fileSkusOf.keys()])) {
    const query = trx.selectFrom('product').select(['id', 'doc']).where('sku', 'in', part);
    // PostgreSQL: locked in id order, so two imports at once queue instead of deadlocking.
    for (const row of await (dialect === 'postgres' ? query.orderBy('id').forUpdate() : query).execute()) {
      const product = JSON.parse(row.doc) as Product;
      // One set per product, not per SKU (100,000 of them at 100,000 rows).
      const locked = new Set((product.configurable_options ?? []).map((option) => option.attribute_code));
      kept?.set(row.id, product);
      for (const sku of fileSkusOf.get(product.sku) ?? []) {
        const child = sku === product.sku ? null : (product.configurable_children?.find((candidate) => candidate.sku === sku) ?? null);
        if (sku !== product.sku && !child) continue; // a variant its parent does not list: not in the catalogue
        targets.set(sku, { productId: row.id, variant: child !== null });
        states.set(sku, skuState(product, child, stockRows.get(sku), tax, locked));
      }
    }
  }
  const history = new Map<string, PricePoint[]>();
  if (withHistory) {
    for (const part of chunks(skus)) {
      const rows = await trx.selectFrom('price_history').selectAll().where('sku', 'in', part).orderBy('sku').orderBy('valid_from').execute();
      for (const row of rows) {
        const list = history.get(row.sku) ?? [];
        list.push({ from: row.valid_from, price: row.price_incl_tax });
        history.set(row.sku, list);
      }
    }
  }
  const categories = (await trx.selectFrom('category').select('doc').orderBy('id').execute()).map((row) => JSON.parse(row.doc) as Category);
  const attributes = new Map(
    (await trx.selectFrom('attribute').select('doc').execute()).map((row) => {
      const attribute = JSON.parse(row.doc) as Attribute;
      return [attribute.attribute_code, attribute];
    }),
  );
  const categoryByReference = new Map<string, Category>();
  for (const category of categories) for (const key of [String(category.id), category.slug, category.url_path]) categoryByReference.set(key, category);
  return {
    today,
    targets,
    history,
    categories,
    sku: (sku) => states.get(sku),
    category: (reference) => categoryByReference.get(reference),
    attribute: (code) => attributes.get(code),
    readDocs: async (ids) => {
      const docs = new Map<number, Product>();
      if (kept) {
        for (const id of ids) if (kept.has(id)) docs.set(id, kept.get(id)!);
        return docs;
      }
      for (const part of chunks(ids)) {
        for (const row of await trx.selectFrom('product').select(['id', 'doc']).where('id', 'in', part).execute())
          docs.set(row.id, JSON.parse(row.doc) as Product);
      }
      return docs;
    },
  };
}

/** What a product's document says of one of the file's SKUs: the product itself, or a variant in it. */
function skuState(
  product: Product,
  child: ConfigurableChild | null,
  stock: StockItemTable | undefined,
  tax: ReturnType<typeof taxSettingsFrom>,
  lockedAttributes: Set<string>,
): SkuState {
  const source = child ?? product;
  return {
    kind: child ? 'variant' : 'product',
    type_id: child ? 'simple' : product.type_id,
    price: source.price,
    special_price: source.special_price ?? null,
    special_from_date: day(source.special_from_date),
    special_from_moment: source.special_from_date ?? null,
    special_to_date: day(source.special_to_date),
    taxRate: taxRateOf(tax, source.tax_class_id ?? product.tax_class_id),
    stock: stock
      ? { qty: stock.qty, is_in_stock: stock.is_in_stock === 1, manage_stock: stock.manage_stock === 1, is_volatile: stock.is_volatile === 1 }
      : null,
    lockedAttributes,
  };
}

/** A product's VAT rate in percent; null when its tax class has no rule (a net price cannot be made gross). */
function taxRateOf(tax: ReturnType<typeof taxSettingsFrom>, taxClassId: number | undefined): number | null {
  try {
    return taxClassId === undefined ? null : tax.rateFor(taxClassId);
  } catch {
    return null;
  }
}

/** Stored dates may carry a time ("2026-11-01 00:00:00"): the import compares days. */
function day(value: string | null | undefined): string | null {
  return value ? value.slice(0, 10) : null;
}

/**
 * The SKUs carrying these EANs (GTINs), a product's or a configurable's variant's — for a
 * supplier who does not know the shop's SKUs (a profile with `match: 'ean'`). One pass over the
 * product documents, whatever the number of EANs. An EAN two SKUs carry maps to both (the row
 * is refused as ambiguous).
 */
export async function skusByEan(trx: Transaction<Database> | Kysely<Database>, dialect: Dialect, eans: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (eans.length === 0) return found;
  const wanted = JSON.stringify([...new Set(eans)]);
  const query =
    dialect === 'postgres'
      ? sql<{ sku: string; gtin: string }>`
          with wanted as (select jsonb_array_elements_text(${wanted}::jsonb) as gtin), docs as (select sku, doc::jsonb as doc from product)
          select sku, doc->>'gtin' as gtin from docs where doc->>'gtin' in (select gtin from wanted)
          union all
          select c->>'sku', c->>'gtin' from docs, jsonb_array_elements(coalesce(docs.doc->'configurable_children', '[]'::jsonb)) c
            where c->>'gtin' in (select gtin from wanted)`
      : sql<{ sku: string; gtin: string }>`
          select sku, json_extract(doc, '$.gtin') as gtin from product where json_extract(doc, '$.gtin') in (select value from json_each(${wanted}))
          union all
          select json_extract(c.value, '$.sku'), json_extract(c.value, '$.gtin') from product p, json_each(p.doc, '$.configurable_children') c
            where json_extract(c.value, '$.gtin') in (select value from json_each(${wanted}))`;
  for (const row of (await query.execute(trx)).rows) {
    const list = found.get(row.gtin) ?? [];
    if (!list.includes(row.sku)) list.push(row.sku);
    found.set(row.gtin, list);
  }
  return found;
}
