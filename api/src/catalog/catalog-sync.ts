import type { ChangeFeed } from '../db/change-feed';
import { changeFeedFor } from '../db/change-feed';
import { prunedPast, pruneChanges, readChanges } from '../db/change-log';
import type { Db } from '../db/database';
import type { StockItemTable } from '../db/schema';
import type { Catalog } from './catalog';
import { HeapPacer } from './heap-pacer';
import { stockInfoOf } from './stock-row';

/** Without a change feed (SQLite): how often the change log is read (one indexed query). */
export const POLL_MS = 2_000;
/** With the feed (PostgreSQL): its notification wakes the instance; the poll is a safety net. */
export const POLL_WITH_FEED_MS = 10_000;
/** Change rows are kept this long; an instance further behind reloads everything. */
export const KEEP_CHANGES_MS = 60 * 60_000;
/** How often an instance prunes older rows (any may: the delete is the same). */
export const PRUNE_EVERY_MS = 5 * 60_000;
/**
 * More change rows than this at once: read no further and reload everything. An import of the
 * largest file (100,000 rows) writes up to ~3 rows per SKU (stock, price history, the product):
 * 236,000 in bench:import — past the former 200,000, every instance reloaded the whole catalogue
 * at the same moment and none answered health checks for 31–61 s (issue #49). A row read is ~100
 * bytes: half a million is ~50 MB, briefly.
 */
const MAX_ROWS = 500_000;
/** A change to more products than this share of the catalogue (and at least FULL_RELOAD_MIN) reloads it whole: as cheap by then. */
const FULL_RELOAD_SHARE = 0.5;
const FULL_RELOAD_MIN = 1_000;

/**
 * SKUs applied per step: between steps the event loop answers requests. An import of 100,000
 * rows changes ~35,000 products; applied in one synchronous step it held every instance for
 * many seconds at once, past HAProxy's health checks (2 s, `fall 2`), and the shop answered 503.
 * Each step is whole (its products, their index entries and lookups swapped together); a search
 * between steps sees some of the change and not the rest, as it would between two imports. Not
 * smaller: each step pays the index's work per changed key (its postings filtered once) again —
 * 10,000 SKUs (~3,500 products) is about a second of one core, one step for a 10,000-row file.
 */
export const SLICE_SKUS = 10_000;
/**
 * A change to more SKUs of a kind than this is large: it has no time to keep (a 10,000-row file,
 * whose aim is every instance showing it within 10 s, logs up to ~14,000 — its variants and their
 * configurables), and it goes in steps of LARGE_CHANGE_SLICE_SKUS paced by the collector
 * (heap-pacer.ts): a 10,000-SKU step of an import of 100,000 rows allocated ~300 MB that was dead a
 * moment later, faster than V8 collects it.
 */
export const LARGE_CHANGE_SKUS = 2 * SLICE_SKUS;
export const LARGE_CHANGE_SLICE_SKUS = 2_500;

/**
 * `apply` over the SKUs a slice at a time, yielding to the event loop between slices (and, on a
 * large heap, waiting for V8's collection when the slices added much: heap-pacer.ts); the sum of its answers.
 */
async function inSlices(skus: string[], size: number, pacer: HeapPacer | null, apply: (slice: string[]) => Promise<number>): Promise<number> {
  let changed = 0;
  for (let at = 0; at < skus.length; at += size) {
    if (at > 0) {
      await pacer?.between();
      await new Promise((resolve) => setImmediate(resolve));
    }
    changed += await apply(skus.slice(at, at + size));
  }
  return changed;
}

/** What this instance's sync did, for tests and logs. */
export interface SyncStats {
  /** Reads of the change log that found rows. */
  catchUps: number;
  /** Times the feed came back after a connection loss (each followed by a catch-up). */
  reconnects: number;
  /** Full reloads the log asked for: a non-product table, too many products, a pruned gap. */
  fullReloads: number;
  changesRead: number;
}

/**
 * Keeps this instance's catalogue current with changes it did not make — an order taken by
 * another instance, an import, an edit of the tables by hand — from the change log
 * (db/change-log.ts, written by the triggers of 0020-catalog-changes): every change after the
 * catalogue's watermark is read, in seq order, and applied in work proportional to it:
 * - stock → those stock rows are read again and patched into the catalogue and the search
 *   index's stock filter (`Catalog.patchStock`);
 * - product → those products are reloaded, priced and replaced in the catalogue and the index
 *   (`Catalog.reloadProducts`; a variant's parent and the sets priced from it with them);
 * - price (a product whose price keys alone changed, a new price history point: migration
 *   0021) → only their prices and history are read and patched in, and the index compares only
 *   its price columns (`Catalog.reloadPrices`) — an import of 10,000 prices costs a fraction of
 *   reloading 10,000 products;
 * - catalog (category, attribute, tax, CMS…), a change to over half the products, or changes
 *   pruned before this instance read them → the whole catalogue is reloaded (said in the log).
 * Then the watermark moves to where the log was read up to. Applying is idempotent, so a change
 * read twice costs time only. The log is read when PostgreSQL's `kf_change` notification arrives
 * (at the writer's commit), when the feed reconnects (catching up from the watermark — no full
 * reload) and every POLL_MS (SQLite; POLL_WITH_FEED_MS on PostgreSQL as a safety net). Orders of
 * this process patch their stock at once and are read again harmlessly.
 */
export class CatalogSync {
  readonly stats: SyncStats = { catchUps: 0, reconnects: 0, fullReloads: 0, changesRead: 0 };
  private timer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private queued: Promise<number> | null = null;
  private last: Promise<unknown> = Promise.resolve();
  private readonly feed: ChangeFeed | null;
  private readonly intervalMs: number;
  private readonly keepMs: number;
  private readonly sliceSkus: number;
  private readonly fullReloadMin: number;
  private readonly log: (message: string) => void;

  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    options: { intervalMs?: number; keepMs?: number; sliceSkus?: number; fullReloadMin?: number; log?: (message: string) => void } = {},
  ) {
    this.log = options.log ?? (() => {});
    this.feed = changeFeedFor(
      db,
      {
        changed: () => this.syncSoon(),
        reconnected: () => {
          this.stats.reconnects += 1;
          this.syncSoon();
        },
      },
      this.log,
    );
    this.intervalMs = options.intervalMs ?? (this.feed ? POLL_WITH_FEED_MS : POLL_MS);
    this.keepMs = options.keepMs ?? KEEP_CHANGES_MS;
    this.sliceSkus = options.sliceSkus ?? SLICE_SKUS;
    this.fullReloadMin = options.fullReloadMin ?? FULL_RELOAD_MIN;
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => this.syncSoon(), this.intervalMs).unref();
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();
    await this.feed?.start();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.timer = null;
    this.pruneTimer = null;
    await this.feed?.stop();
    await this.last.catch(() => {});
  }

  /**
   * Applies every change logged after the catalogue's watermark and committed before this call;
   * answers how many SKUs (stock) and products had changed. Calls during a run share the next run.
   */
  syncOnce(): Promise<number> {
    if (this.queued) return this.queued;
    const next = this.last.then(
      () => this.run(),
      () => this.run(),
    );
    this.queued = next;
    this.last = next;
    return next;
  }

  /** Deletes change rows older than the kept window; answers how many. */
  prune(): Promise<number> {
    return pruneChanges(this.db, this.keepMs).catch((error: Error) => {
      this.log(`catalogue change log: pruning failed (${error.message})`);
      return 0;
    });
  }

  private syncSoon(): void {
    void this.syncOnce().catch((error: Error) => this.log(`catalogue sync: ${error.message}`));
  }

  private run(): Promise<number> {
    this.queued = null;
    return this.catalog.serially(() => this.apply());
  }

  private async apply(): Promise<number> {
    const from = this.catalog.watermark;
    if (!from) return 0; // not loaded yet: the load reads its own watermark
    if (await prunedPast(this.db, from.seq)) return this.reloadAll(`changes after seq ${from.seq} were pruned before this instance read them`);
    const { changes, upTo, truncated } = await readChanges(this.db, from, MAX_ROWS);
    if (changes.length === 0) {
      this.catalog.watermark = upTo;
      return 0;
    }
    this.stats.catchUps += 1;
    this.stats.changesRead += changes.length;
    const stock = new Set<string>();
    const prices = new Set<string>();
    const products = new Set<string>();
    const tables = new Set<string>();
    const byKind = { stock, price: prices, product: products, catalog: tables };
    for (const change of changes) byKind[change.kind].add(change.sku);
    if (truncated) return this.reloadAll(`more than ${MAX_ROWS} changes at once`);
    if (tables.size > 0) return this.reloadAll(`${[...tables].sort().join(', ')} changed`);
    // Products, not SKUs: a configurable's variants are one product (an import of 100,000 rows
    // logged 110,950 SKUs of ~36,000 products and every instance reloaded 100,000 at once).
    const touched = this.productsOf(products);
    if (touched > Math.max(this.fullReloadMin, this.catalog.products.length * FULL_RELOAD_SHARE)) {
      return this.reloadAll(`${touched} products changed`);
    }
    // A large change: smaller slices, paced by the collector, keep its garbage from piling up.
    const large = Math.max(products.size, prices.size, stock.size) > LARGE_CHANGE_SKUS;
    const size = large ? Math.min(this.sliceSkus, LARGE_CHANGE_SLICE_SKUS) : this.sliceSkus;
    const pacer = large ? new HeapPacer() : null;
    let changed = 0;
    try {
      changed += await inSlices([...products], size, pacer, (skus) => this.catalog.reloadProducts(skus));
      // Prices of products not reloaded: their price keys and history patched in (no documents read).
      changed += await inSlices(
        [...prices].filter((sku) => !products.has(sku)),
        size,
        pacer,
        (skus) => this.catalog.reloadPrices(skus),
      );
      // Stock of reloaded products came with them; the rest is read and patched.
      changed += await inSlices(
        [...stock].filter((sku) => !products.has(sku)),
        size,
        pacer,
        (skus) => this.syncSkus(skus),
      );
    } finally {
      pacer?.done();
    }
    this.catalog.watermark = upTo;
    if (products.size > 0 || prices.size > 0) this.catalog.contentSeq = upTo.seq;
    // A large change is rare and costs seconds: the log says how it went, and how long the collector was waited for (heap-pacer.ts).
    if (pacer)
      this.log(
        `catalogue sync: a large change (${products.size} products, ${prices.size} prices, ${stock.size} stock rows) applied in slices of ${size} SKUs, ${pacer.stats.waits} waits for the collector (${Math.round(pacer.stats.ms)} ms)`,
      );
    return changed;
  }

  /** How many products these SKUs are of (a SKU the catalogue does not hold counts as one). */
  private productsOf(skus: Set<string>): number {
    const ids = new Set<number>();
    let unknown = 0;
    for (const sku of skus) {
      const entry = this.catalog.bySkuLookup(sku);
      if (entry) ids.add(entry.product.id);
      else unknown += 1;
    }
    return ids.size + unknown;
  }

  private async reloadAll(reason: string): Promise<number> {
    this.log(`catalogue: ${reason}: reloading the whole catalogue`);
    this.stats.fullReloads += 1;
    await this.catalog.load();
    return this.catalog.products.length;
  }

  /** These SKUs' stock rows, patched where they differ from the catalogue's; answers how many differed. */
  private async syncSkus(skus: string[]): Promise<number> {
    let changed = 0;
    for (let at = 0; at < skus.length; at += 500) {
      const rows = await this.db.kysely
        .selectFrom('stock_item')
        .selectAll()
        .where('sku', 'in', skus.slice(at, at + 500))
        .execute();
      changed += this.patchChanged(rows);
    }
    return changed;
  }

  private patchChanged(rows: StockItemTable[]): number {
    const changed = rows.filter((row) => {
      const entry = this.catalog.bySkuLookup(row.sku);
      if (!entry) return false;
      const known = (entry.child ?? entry.product).stock;
      const fresh = stockInfoOf(row);
      // A configurable parent's is_in_stock is its variants' (patchStock recomputes it), not its row's.
      const computed = !entry.child && entry.product.configurable_children !== undefined;
      return (Object.keys(fresh) as (keyof typeof fresh)[]).some((key) => !(computed && key === 'is_in_stock') && known?.[key] !== fresh[key]);
    });
    if (changed.length > 0) this.catalog.patchStock(changed);
    return changed.length;
  }
}
