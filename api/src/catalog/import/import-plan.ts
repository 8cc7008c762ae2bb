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

/** What the rows of a slice of products write: their documents, changed in place. */
export interface ProductWrites {
  products: Product[];
  /**
   * Of `products`, the ids whose documents changed in price keys alone — their own, their
   * variants' — and `updated_at`: the change log is told they are price changes
   * (0027-declared-change-kind; an instance then reads a configurable's document whole but
   * hands it to the index as a price change: Catalog.reloadPrices).
   */
  priceOnly: Set<number>;
}

/** What the whole file writes besides the documents, once every slice is planned. */
export interface ImportPlan {
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

/**
 * Plans an import a slice of products at a time (`slice`: the rows of those products and their
 * documents, which it changes in place and answers for writing), so only a slice's documents are
 * held at once; `finish` answers the rest of the plan. The rows of one product must come in one
 * slice (a configurable's price is its cheapest variant's).
 */
export class ImportPlanner {
  private readonly today: string;
  private readonly stamp: string;
  private readonly counts: ImportCounts = { productsChanged: 0, pricesChanged: 0, stockChanged: 0, detailsChanged: 0, unchanged: 0, pricePoints: 0 };
  private readonly stock: ImportPlan['stock'] = [];
  private readonly pricePoints: ImportPlan['pricePoints'] = [];
  private readonly dropPoints: ImportPlan['dropPoints'] = [];
  private readonly countDelta = new Map<number, number>();
  private readonly changedSkus: string[] = [];

  constructor(
    private readonly state: ImportState,
    private readonly options: { now: Date; effectivePrice: (prices: PriceChange, at: Date) => number },
  ) {
    this.today = options.now.toISOString().slice(0, 10);
    this.stamp = options.now.toISOString().replace('T', ' ').slice(0, 19);
  }

  slice(changes: RowChange[], docs: Map<number, Product>): ProductWrites {
    const { state, today, options } = this;
    const dirty = new Set<number>();
    /** Products changed beyond price keys (a name, a category, an attribute). */
    const reshaped = new Set<number>();
    const pricedParents = new Set<number>();
    for (const change of changes) {
      const target = state.targets.get(change.sku)!;
      const product = docs.get(target.productId)!;
      const item: Product | ConfigurableChild = target.variant ? product.configurable_children!.find((child) => child.sku === change.sku)! : product;
      const current = state.sku(change.sku)!;
      let priced = false;
      let stocked = false;
      let detailed = false;

      if (change.prices && PRICE_KEYS.some((field) => change.prices![field] !== current[field])) {
        const stored = { ...change.prices, special_from_date: storedSpecialStart(change.prices, current, today, options.now) };
        Object.assign(item, stored);
        priced = true;
        const timeline = newTimeline(state.history.get(change.sku) ?? [], stored, current, options);
        this.pricePoints.push(...timeline.add.map((point) => ({ sku: change.sku, valid_from: point.from, price_incl_tax: point.price })));
        this.dropPoints.push(...timeline.drop.map((point) => ({ sku: change.sku, valid_from: point.from })));
        if (target.variant) pricedParents.add(product.id);
      }
      if (change.stock && current.stock && (change.stock.qty !== current.stock.qty || change.stock.is_in_stock !== current.stock.is_in_stock)) {
        this.stock.push({ sku: change.sku, ...change.stock });
        stocked = true;
      }
      if (change.name !== undefined && change.name !== item.name) {
        // The seed's page title is the name: it follows the name it was.
        if ('meta_title' in item && item.meta_title === item.name) item.meta_title = change.name;
        item.name = change.name;
        detailed = true;
      }
      if (change.categoryId !== undefined && !target.variant) {
        const moved = moveToCategory(product, change.categoryId, state.categories);
        if (moved) {
          detailed = true;
          if (isListed(product, false)) {
            for (const id of moved.from) this.countDelta.set(id, (this.countDelta.get(id) ?? 0) - 1);
            for (const id of moved.to) this.countDelta.set(id, (this.countDelta.get(id) ?? 0) + 1);
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
      if (priced) this.counts.pricesChanged += 1;
      if (stocked) this.counts.stockChanged += 1;
      if (detailed) this.counts.detailsChanged += 1;
      if (priced || stocked || detailed) {
        this.counts.productsChanged += 1;
        this.changedSkus.push(change.sku);
      } else this.counts.unchanged += 1;
    }

    // A configurable's own price is its cheapest variant's, as the seed stores it (pricing computes it again).
    for (const id of pricedParents) {
      const parent = docs.get(id)!;
      const prices = (parent.configurable_children ?? []).map((child) => child.price);
      if (prices.length > 0) parent.price = Math.min(...prices);
    }
    const products = [...dirty].map((id) => Object.assign(docs.get(id)!, { updated_at: this.stamp }));
    return { products, priceOnly: new Set([...dirty].filter((id) => !reshaped.has(id))) };
  }

  finish(): ImportPlan {
    const categories = this.state.categories
      .filter((category) => (this.countDelta.get(category.id) ?? 0) !== 0)
      .map((category) => ({ ...category, product_count: Math.max(0, category.product_count + this.countDelta.get(category.id)!) }));
    this.stock.sort((a, b) => a.sku.localeCompare(b.sku));
    const counts = { ...this.counts, pricePoints: this.pricePoints.length };
    return { stock: this.stock, pricePoints: this.pricePoints, dropPoints: this.dropPoints, categories, changedSkus: this.changedSkus, counts };
  }
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
