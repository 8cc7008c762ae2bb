import type { PricePoint } from '@kaloryfer/api-contract';
import type { PriceHistoryTable } from '../db/schema';

/** What pricing reads from a price history: a SKU's timeline (a Map of them will do). */
export type PriceTimelines = Pick<ReadonlyMap<string, PricePoint[]>, 'get'>;

/**
 * Every SKU's price history (the Omnibus timelines, spec §4), held compactly: at 100,000
 * products that is 800,000 points of 310,000 SKUs, which as `Map<sku, {from, price}[]>` took
 * 148 MB of heap (an object, a date string and an array slot per point). Here the points of
 * a full load sit in two typed arrays (a price and the index of its date among the few
 * distinct dates), a SKU maps to its slot, and `get` builds the SKU's `PricePoint[]` when asked
 * (a product page, or pricing a reduced item): about 30 MB for the same history.
 *
 * Incremental updates (catalog.ts `applyLoaded`) `set` or `delete` a SKU's timeline; those
 * are kept beside the packed points and win over them, until the next full load packs all again.
 */
/** A price history as a catalogue snapshot keeps it (snapshot/): its packed arrays and the timelines changed since. */
export interface PriceHistorySnapshot {
  /** Slot i's SKU. */
  skus: string[];
  starts: Int32Array;
  counts: Int32Array;
  prices: Float64Array;
  dateIndex: Uint32Array;
  dates: string[];
  changed: [string, PricePoint[] | null][];
}

export class PriceHistory implements PriceTimelines {
  /** SKU → its slot in `starts`/`counts`. */
  private readonly slots = new Map<string, number>();
  private readonly starts: Int32Array;
  private readonly counts: Int32Array;
  private readonly prices: Float64Array;
  private readonly dateIndex: Uint32Array;
  private readonly dates: string[] = [];
  /** Timelines changed since the load: a new timeline, or null for one that is gone. */
  private readonly changed = new Map<string, PricePoint[] | null>();

  /** From price history rows ordered by SKU, then date (`loadCatalogData`'s query). */
  constructor(rows: readonly PriceHistoryTable[] = []) {
    this.prices = new Float64Array(rows.length);
    this.dateIndex = new Uint32Array(rows.length);
    const dateAt = new Map<string, number>();
    const starts: number[] = [];
    const counts: number[] = [];
    rows.forEach((row, at) => {
      let slot = this.slots.get(row.sku);
      if (slot === undefined) {
        slot = starts.length;
        this.slots.set(row.sku, slot);
        starts.push(at);
        counts.push(0);
      } else if (starts[slot] + counts[slot] !== at) {
        throw new Error(`price history rows are not grouped by SKU (${row.sku})`);
      }
      counts[slot] += 1;
      let date = dateAt.get(row.valid_from);
      if (date === undefined) {
        date = this.dates.length;
        dateAt.set(row.valid_from, date);
        this.dates.push(row.valid_from);
      }
      this.dateIndex[at] = date;
      this.prices[at] = row.price_incl_tax;
    });
    this.starts = Int32Array.from(starts);
    this.counts = Int32Array.from(counts);
  }

  /** The SKU's timeline, oldest point first (a new array each time); undefined for a SKU without history. */
  /** What a snapshot keeps — sharing the arrays: serialized in the same step (snapshot/snapshot-file.ts). */
  snapshot(): PriceHistorySnapshot {
    const { starts, counts, prices, dateIndex, dates } = this;
    // Slots are numbered in the order their SKUs were first met: the map's order.
    return { skus: [...this.slots.keys()], starts, counts, prices, dateIndex, dates, changed: [...this.changed] };
  }

  static restore(state: PriceHistorySnapshot): PriceHistory {
    const history = Object.create(PriceHistory.prototype) as PriceHistory;
    const { skus, changed, ...arrays } = state;
    return Object.assign(history, { ...arrays, slots: new Map(skus.map((sku, slot) => [sku, slot])), changed: new Map(changed) });
  }

  get(sku: string): PricePoint[] | undefined {
    const changed = this.changed.get(sku);
    if (changed !== undefined) return changed ?? undefined;
    const slot = this.slots.get(sku);
    if (slot === undefined) return undefined;
    const points: PricePoint[] = [];
    for (let at = this.starts[slot], end = at + this.counts[slot]; at < end; at++)
      points.push({ from: this.dates[this.dateIndex[at]], price: this.prices[at] });
    return points;
  }

  set(sku: string, timeline: PricePoint[]): void {
    this.changed.set(sku, timeline);
  }

  delete(sku: string): void {
    if (this.slots.has(sku)) this.changed.set(sku, null);
    else this.changed.delete(sku);
  }
}
