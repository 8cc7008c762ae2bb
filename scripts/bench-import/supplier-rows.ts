import { isViewable } from '@kaloryfer/domain';
import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { fitsWindows1250, type SupplierRow } from '../../api/bench/supplier-files';
import type { Db } from '../../api/public/database';
import { MANUFACTURERS } from '../../api/public/catalog';

/**
 * The rows the benchmark's supplier files carry, from the catalogue's real SKUs: every SKU an
 * import can price (simple, virtual and downloadable products and configurables' variants, as
 * `catalog:export` lists them) that has a stock row and no special price (a file of gross prices
 * only may not go below a running promotion — a real price list's rows for those would say so),
 * with its name as the catalogue has it (so the `Nazwa` column is read and changes nothing), its
 * EAN and its manufacturer. A name Windows-1250 cannot hold is left out (the import would rename
 * the product).
 */
export interface CatalogueSku {
  sku: string;
  name: string;
  price: number;
  qty: number;
  ean: string | null;
  producer: string;
  /** A simple product shown on its own page: one whose price `/api/product-view/<sku>` answers (a probe). */
  viewable: boolean;
  /** Its product (a variant's parent): the file keeps a product's SKUs together, as a price list does. */
  productId: number;
}

export interface CatalogueSkus {
  skus: CatalogueSku[];
  /** SKUs an import could price but the files leave out, by reason. */
  left: { specialPrice: number; noStock: number; notWindows1250: number };
  products: number;
}

const PAGE = 1000;
const producerOf = new Map<number, string>(MANUFACTURERS.map((manufacturer) => [manufacturer.id, manufacturer.label]));

/** Reads the catalogue a page of documents at a time (as catalog:export does at 100,000 products). */
export async function catalogueSkus(db: Db): Promise<CatalogueSkus> {
  const stock = new Map((await db.kysely.selectFrom('stock_item').select(['sku', 'qty']).execute()).map((row) => [row.sku, row.qty]));
  const skus: CatalogueSku[] = [];
  const left = { specialPrice: 0, noStock: 0, notWindows1250: 0 };
  let products = 0;
  for (let after = 0; ;) {
    const page = await db.kysely.selectFrom('product').select(['id', 'doc']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (page.length === 0) break;
    after = page[page.length - 1].id;
    for (const { id, doc } of page) {
      products += 1;
      const product = JSON.parse(doc) as Product;
      const producer = producerOf.get(Number(product.manufacturer)) ?? 'Kaloryfer';
      const priced: (Product | ConfigurableChild)[] = product.type_id === 'configurable' ? (product.configurable_children ?? []) : [product];
      for (const item of priced) {
        if (['configurable', 'bundle', 'grouped'].includes(item.type_id)) continue;
        const qty = stock.get(item.sku);
        if (item.special_price !== null && item.special_price !== undefined) left.specialPrice += 1;
        else if (qty === undefined || qty === null) left.noStock += 1;
        else if (!fitsWindows1250(item.name) || !fitsWindows1250(item.sku)) left.notWindows1250 += 1;
        else
          skus.push({
            sku: item.sku,
            name: item.name,
            price: item.price,
            qty,
            ean: item.gtin ?? null,
            producer,
            viewable: item === product && product.type_id === 'simple' && isViewable(product),
            productId: id,
          });
      }
    }
  }
  return { skus, left, products };
}

/**
 * `count` rows spread over the whole catalogue, a product's SKUs together: every k-th product
 * (k = the SKUs there are per row wanted), then the products between them, until the file is
 * full; in catalogue order. A supplier's list covers its brands' whole lines, not a random
 * sample of SKUs — and spread like this it touches simple products and radiators' variants alike.
 */
export function pickSkus(all: readonly CatalogueSku[], count: number): CatalogueSku[] {
  if (all.length < count) throw new Error(`the catalogue has ${all.length} SKUs the files can carry, ${count} wanted: use more --products`);
  const groups: CatalogueSku[][] = [];
  for (const sku of all) {
    const last = groups[groups.length - 1];
    if (last && last[0].productId === sku.productId) last.push(sku);
    else groups.push([sku]);
  }
  const stride = Math.max(1, Math.floor(all.length / count));
  const chosen: number[] = [];
  let rows = 0;
  for (let offset = 0; offset < stride && rows < count; offset += 1)
    for (let i = offset; i < groups.length && rows < count; i += stride) {
      chosen.push(i);
      rows += groups[i].length;
    }
  return chosen
    .sort((a, b) => a - b)
    .flatMap((i) => groups[i])
    .slice(0, count);
}

/**
 * The prices and stock a file sends: each SKU's price and stock one step away from what the
 * shop holds now — the seed's value + 1 (1 zł, 1 unit), or back to the seed's — so every run
 * really changes every row, whichever file ran before it.
 */
export class ShopState {
  private readonly now = new Map<string, { price: number; qty: number }>();

  next(skus: readonly CatalogueSku[]): SupplierRow[] {
    return skus.map((sku) => {
      const held = this.now.get(sku.sku) ?? sku;
      return {
        sku: sku.sku,
        name: sku.name,
        price: held.price === sku.price ? sku.price + 1 : sku.price,
        qty: held.qty === sku.qty ? sku.qty + 1 : sku.qty,
        ean: sku.ean,
        producer: sku.producer,
      };
    });
  }

  /** The file was applied: its values are the shop's now. */
  applied(rows: readonly SupplierRow[]): void {
    for (const row of rows) this.now.set(row.sku, { price: row.price, qty: row.qty });
  }

  price(sku: CatalogueSku): number {
    return this.now.get(sku.sku)?.price ?? sku.price;
  }
}
