import type { Db } from '../db/database';
import type { Catalog } from './catalog';
import { stockInfoOf } from './stock-row';

/** How often the stock table is compared with the catalogue's copy (the bound on a change from elsewhere). */
export const STOCK_SYNC_MS = 10_000;

/**
 * Stock changes this process did not make — an order taken by another API instance on the same
 * PostgreSQL, an import or an admin edit of `stock_item` — reach the catalogue (and through
 * `Catalog.patchStock` the search index's stock filter) within `STOCK_SYNC_MS`: every interval
 * the stock rows are read and the ones that differ from the in-memory copy are patched. Orders
 * of this process patch at once and are not waited for. A new or removed product still needs
 * `Catalog.refresh()` (a restart after an import).
 */
export class StockSync {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly db: Db, private readonly catalog: Catalog, private readonly intervalMs = STOCK_SYNC_MS) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.syncOnce().catch(() => {}), this.intervalMs).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** One comparison; answers how many SKUs had changed. */
  syncOnce(): Promise<number> {
    this.running ??= this.compare().finally(() => { this.running = null; });
    return this.running;
  }

  private async compare(): Promise<number> {
    const rows = await this.db.kysely.selectFrom('stock_item').selectAll().execute();
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
