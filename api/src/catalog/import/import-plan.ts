import { compactTimeline, isListed, momentOf } from '@kaloryfer/domain';
import type { Category, ConfigurableChild, PricePoint, Product } from '@kaloryfer/api-contract';
import { PRICE_KEYS } from '../catalog-data';
import type { PriceChange, RowChange, SkuState } from './import-rows';
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
  /**
   * Of `products`, the ids whose documents changed in price keys alone — their own, their
   * variants' — and `updated_at`: the change log is told they are price changes
   * (0027-declared-change-kind; an instance then reads a configurable's document whole but
   * hands it to the index as a price change: Catalog.reloadPrices).
   */
  priceOnly: Set<number>;
  stock: { sku: string; qty: number; is_in_stock: boolean }[];
  /** Points the price history gains: a price and the moment it applies from. */
  pricePoints: { sku: string; valid_from: string; price_incl_tax: number }[];
  /** Points it loses: a schedule the new prices replace, and points no Omnibus window can reach any more. */
  dropPoints: { sku: string; valid_from: string }[];
  categories: Category[];
  /** Every SKU with a change (a variant's, not its parent's). */
  changedSkus: string[];
  counts: ImportCounts;
}

/** Amounts compared in grosze: PostgreSQL keeps the history's prices as `real`. */
const grosze = (amount: number) => Math.round(amount * 100);

const DAY_MS = 86_400_000;

/**
 * What a special price's first day is stored as. A promotion cannot apply before the import that
 * made it, so one starting today (or on a day already past) starts at the import's moment — the
 * Omnibus window ends there, and a price charged earlier that day counts. One that starts on a
 * later day starts at its midnight. The campaign running now keeps its start when only its price
 * changes (progressive reductions keep the first step's prior price, as the guidance allows).
 */
function storedSpecialStart(prices: PriceChange, current: SkuState, today: string, now: Date): string | null {
  const first = prices.special_from_date;
  if (prices.special_price === null || first === null) return null;
  const running = current.special_price !== null && (current.special_to_date === null || current.special_to_date >= today);
  if (running && first === current.special_from_date) return current.special_from_moment;
  return first <= today ? now.toISOString() : first;
}

/**
 * The SKU's price history after a price change at `now`: the price charged from now on, and the
 * schedule the stored prices make (a special price's first day and the day after its last), as
 * points; a schedule written before (points after now) is replaced. Every point is a price the
 * shop charges from that moment — to the millisecond, so two changes the same day are two points
 * (the Omnibus prior price counts every price applied, however briefly). Points no window can
 * reach any more are dropped (compactTimeline: the answers stay the same).
 */
function newTimeline(
  history: PricePoint[],
  stored: PriceChange,
  current: SkuState,
  { now, effectivePrice }: { now: Date; effectivePrice: (prices: PriceChange, at: Date) => number },
): { add: PricePoint[]; drop: PricePoint[] } {
  const nowMs = now.getTime();
  const past = history.filter((point) => momentOf(point.from) <= nowMs);
  const scheduled = history.filter((point) => momentOf(point.from) > nowMs);
  const before = { ...current, special_from_date: current.special_from_moment };
  let charged = past.length > 0 ? past[past.length - 1].price : effectivePrice(before, now);
  const add: PricePoint[] = [];
  const boundaries: { from: string; at: number }[] = [{ from: now.toISOString(), at: nowMs }];
  if (stored.special_price !== null && stored.special_from_date && momentOf(stored.special_from_date) > nowMs)
    boundaries.push({ from: stored.special_from_date, at: momentOf(stored.special_from_date) });
  if (stored.special_price !== null && stored.special_to_date) {
    const after = new Date(momentOf(stored.special_to_date) + DAY_MS).toISOString().slice(0, 10);
    if (momentOf(after) > nowMs) boundaries.push({ from: after, at: momentOf(after) });
  }
  for (const boundary of boundaries.sort((a, b) => a.at - b.at)) {
    const price = effectivePrice(stored, new Date(boundary.at));
    if (grosze(price) !== grosze(charged)) add.push({ from: boundary.from, price });
    charged = price;
  }
  const runningStart = stored.special_price !== null && stored.special_from_date ? Math.min(nowMs, momentOf(stored.special_from_date)) : nowMs;
  const kept = new Set(compactTimeline([...past, ...add], new Date(runningStart)));
  const drop = [...scheduled, ...past.filter((point) => !kept.has(point))];
  return { add: add.filter((point) => kept.has(point)), drop };
}

export function planImport(
  changes: RowChange[],
  state: ImportState,
  { now, effectivePrice }: { now: Date; effectivePrice: (prices: PriceChange, at: Date) => number },
): ImportPlan {
  const today = now.toISOString().slice(0, 10);
  const stamp = now.toISOString().replace('T', ' ').slice(0, 19);
  const dirty = new Set<number>();
  /** Products changed beyond price keys (a name, a category, an attribute). */
  const reshaped = new Set<number>();
  const pricedParents = new Set<number>();
  const counts: ImportCounts = { productsChanged: 0, pricesChanged: 0, stockChanged: 0, detailsChanged: 0, unchanged: 0, pricePoints: 0 };
  const stock: ImportPlan['stock'] = [];
  const pricePoints: ImportPlan['pricePoints'] = [];
  const dropPoints: ImportPlan['dropPoints'] = [];
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
      const stored = { ...change.prices, special_from_date: storedSpecialStart(change.prices, current, today, now) };
      Object.assign(item, stored);
      priced = true;
      const timeline = newTimeline(state.history.get(change.sku) ?? [], stored, current, { now, effectivePrice });
      pricePoints.push(...timeline.add.map((point) => ({ sku: change.sku, valid_from: point.from, price_incl_tax: point.price })));
      dropPoints.push(...timeline.drop.map((point) => ({ sku: change.sku, valid_from: point.from })));
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
    if (detailed) reshaped.add(product.id);
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
  const priceOnly = new Set([...dirty].filter((id) => !reshaped.has(id)));
  return { products, priceOnly, stock, pricePoints, dropPoints, categories, changedSkus, counts };
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
