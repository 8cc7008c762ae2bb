import type { ChangeFeed } from '../db/change-feed';
import { changeFeedFor } from '../db/change-feed';
import type { Db } from '../db/database';
import type { StockItemTable } from '../db/schema';
import type { Catalog } from './catalog';
import { stockInfoOf } from './stock-row';

/** Without a change feed (SQLite): how often the stock table is compared with the catalogue's copy. */
export const STOCK_SYNC_MS = 10_000;
/** With the feed (PostgreSQL): the comparison is only a safety net. */
export const STOCK_SYNC_WITH_FEED_MS = 60_000;
/** Catalogue changes arrive per statement; an import makes many: one reload after they settle. */
const CATALOG_RELOAD_DELAY_MS = 250;

/**
 * Keeps this instance's catalogue (and through `Catalog.patchStock` the search index's stock
 * filter) current with changes it did not make — an order taken by another API instance, an
 * import, an edit of the tables by hand:
 * - on PostgreSQL the change feed (db/change-feed.ts, `LISTEN`) names the changed SKUs at
 *   commit: their rows are read and patched within milliseconds; any other catalogue table
 *   reloads the catalogue; after the feed reconnects everything is compared once;
 * - every `STOCK_SYNC_MS` (SQLite) or `STOCK_SYNC_WITH_FEED_MS` (PostgreSQL, a safety net) the
 *   stock rows are compared with the in-memory copy and the ones that differ are patched.
 * Orders of this process patch at once and are not waited for.
 */
export class CatalogSync {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private reloadTimer: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  private readonly feed: ChangeFeed | null;
  private readonly intervalMs: number;

  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    options: { intervalMs?: number; log?: (message: string) => void } = {},
  ) {
    const log = options.log ?? (() => {});
    this.feed = changeFeedFor(
      db,
      {
        stock: (skus) => void this.syncSkus(skus).catch((error: Error) => log(`stock sync: ${error.message}`)),
        catalog: () => this.reloadSoon(),
        reconnected: () => {
          void this.syncOnce().catch(() => {});
          this.reloadSoon();
        },
      },
      log,
    );
    this.intervalMs = options.intervalMs ?? (this.feed ? STOCK_SYNC_WITH_FEED_MS : STOCK_SYNC_MS);
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => void this.syncOnce().catch(() => {}), this.intervalMs).unref();
    await this.feed?.start();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    this.timer = null;
    this.reloadTimer = null;
    await this.feed?.stop();
    await this.running?.catch(() => {});
    await this.reloading?.catch(() => {});
  }

  /** One comparison of every stock row; answers how many SKUs had changed. */
  syncOnce(): Promise<number> {
    this.running ??= this.db.kysely
      .selectFrom('stock_item')
      .selectAll()
      .execute()
      .then((rows) => this.patchChanged(rows))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** These SKUs' rows (the feed named them); answers how many had changed. */
  async syncSkus(skus: string[]): Promise<number> {
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

  private reloadSoon(): void {
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      this.reloading = (this.reloading ?? Promise.resolve())
        .then(() => this.catalog.refresh())
        .catch(() => {})
        .finally(() => {
          this.reloading = null;
        });
    }, CATALOG_RELOAD_DELAY_MS);
    this.reloadTimer.unref();
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
