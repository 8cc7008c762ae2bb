import { isListed } from '@kaloryfer/domain';
import type { Category, ConfigurableChild, PricePoint, Product } from '@kaloryfer/api-contract';
import { PRICE_KEYS } from '../catalog-data';
import type { PriceChange, RowChange } from './import-rows';
import type { ImportState } from './import-state';

/**
 * What validated rows write, worked out against the documents read in the transaction, as the
 * seed writes the catalogue (seed/catalog-seed.ts): a product's document whole with `updated_at`,
 * a stock row per SKU, a price history point per SKU whose price in effect changed, and the
 * product counts of categories a product moved between. A value equal to the stored one writes
 * nothing, so a file imported twice changes nothing the second time.
 */
export interface ImportCounts {
  /** SKUs with any change. */
  productsChanged: number;
  pricesChanged: number;
  stockChanged: number;
  /** Names, categories and attributes. */
  detailsChanged: number;
  /** Rows that changed nothing (every value as stored). */
  unchanged: number;
  /** Points added to the price history (the Omnibus timeline). */
  pricePoints: number;
}

export interface ImportPlan {
  products: Product[];
  stock: { sku: string; qty: number; is_in_stock: boolean }[];
  pricePoints: { sku: string; valid_from: string; price_incl_tax: number }[];
  categories: Category[];
  /** Every SKU with a change (a variant's, not its parent's). */
  changedSkus: string[];
  counts: ImportCounts;
}

/** Amounts compared in grosze: PostgreSQL keeps the history's prices as `real`. */
const grosze = (amount: number) => Math.round(amount * 100);

/** The price in effect on the history's last day up to `today` (what the shop charged). */
function priceInEffect(history: PricePoint[] | undefined, today: string): number | null {
  const held = (history ?? []).filter((point) => point.from <= today);
  return held.length > 0 ? held[held.length - 1].price : null;
}

export function planImport(
  changes: RowChange[],
  state: ImportState,
  { now, effectivePrice }: { now: Date; effectivePrice: (prices: PriceChange) => number },
): ImportPlan {
  const today = now.toISOString().slice(0, 10);
  const stamp = now.toISOString().replace('T', ' ').slice(0, 19);
  const dirty = new Set<number>();
  const pricedParents = new Set<number>();
  const counts: ImportCounts = { productsChanged: 0, pricesChanged: 0, stockChanged: 0, detailsChanged: 0, unchanged: 0, pricePoints: 0 };
  const stock: ImportPlan['stock'] = [];
  const pricePoints: ImportPlan['pricePoints'] = [];
  const countDelta = new Map<number, number>();
  const changedSkus: string[] = [];

  for (const change of changes) {
    const target = state.targets.get(change.sku)!;
    const product = state.docs.get(target.productId)!;
    const item: Product | ConfigurableChild = target.child ?? product;
    const current = state.sku(change.sku)!;
    let priced = false;
    let stocked = false;
    let detailed = false;

    if (change.prices && PRICE_KEYS.some((field) => change.prices![field] !== current[field])) {
      const before = effectivePrice(current);
      Object.assign(item, change.prices);
      priced = true;
      const after = effectivePrice(change.prices);
      // The history records what the shop charges from today on; a special price yet to start is not history yet (as the seed).
      const inEffect = priceInEffect(state.history.get(change.sku), today) ?? before;
      if (grosze(after) !== grosze(inEffect)) pricePoints.push({ sku: change.sku, valid_from: today, price_incl_tax: after });
      if (target.child) pricedParents.add(product.id);
    }
    if (change.stock && current.stock && (change.stock.qty !== current.stock.qty || change.stock.is_in_stock !== current.stock.is_in_stock)) {
      stock.push({ sku: change.sku, ...change.stock });
      stocked = true;
    }
    if (change.name !== undefined && change.name !== item.name) {
      // The seed's page title is the name: it follows the name it was.
      if ('meta_title' in item && item.meta_title === item.name) item.meta_title = change.name;
      item.name = change.name;
      detailed = true;
    }
    if (change.categoryId !== undefined && !target.child) {
      const moved = moveToCategory(product, change.categoryId, state.categories);
      if (moved) {
        detailed = true;
        if (isListed(product, false)) {
          for (const id of moved.from) countDelta.set(id, (countDelta.get(id) ?? 0) - 1);
          for (const id of moved.to) countDelta.set(id, (countDelta.get(id) ?? 0) + 1);
        }
      }
    }
    for (const [code, value] of Object.entries(change.attributes ?? {})) {
      const holder = item as Record<string, unknown>;
      if (value === null ? code in holder : holder[code] !== value) {
        if (value === null) delete holder[code];
        else holder[code] = value;
        detailed = true;
      }
    }

    if (priced || detailed) dirty.add(product.id);
    if (priced) counts.pricesChanged += 1;
    if (stocked) counts.stockChanged += 1;
    if (detailed) counts.detailsChanged += 1;
    if (priced || stocked || detailed) {
      counts.productsChanged += 1;
      changedSkus.push(change.sku);
    } else counts.unchanged += 1;
  }

  // A configurable's own price is its cheapest variant's, as the seed stores it (pricing computes it again).
  for (const id of pricedParents) {
    const parent = state.docs.get(id)!;
    const prices = (parent.configurable_children ?? []).map((child) => child.price);
    if (prices.length > 0) parent.price = Math.min(...prices);
  }
  const products = [...dirty].map((id) => Object.assign(state.docs.get(id)!, { updated_at: stamp }));
  const categories = state.categories
    .filter((category) => (countDelta.get(category.id) ?? 0) !== 0)
    .map((category) => ({ ...category, product_count: Math.max(0, category.product_count + countDelta.get(category.id)!) }));
  stock.sort((a, b) => a.sku.localeCompare(b.sku));
  counts.pricePoints = pricePoints.length;
  return { products, stock, pricePoints, categories, changedSkus, counts };
}

/** The category chain below the main category, leaf last, as the seed's categoryRefs builds it; null when already there. */
function moveToCategory(product: Product, leafId: number, categories: Category[]): { from: number[]; to: number[] } | null {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const chain: Category[] = [];
  for (let category = byId.get(leafId); category && category.level >= 2; category = byId.get(category.parent_id)) chain.unshift(category);
  const ids = chain.map((category) => category.id);
  if (ids.length === product.category_ids.length && ids.every((id, index) => product.category_ids[index] === id)) return null;
  const from = product.category_ids;
  product.category_ids = ids;
  product.category = chain.map((category) => ({ category_id: category.id, name: category.name, slug: category.slug, path: category.url_path }));
  return { from, to: ids };
}
