import crypto from 'node:crypto';
import fs from 'node:fs';
import { currentWatermark, prunedPast } from '../../db/change-log';
import type { Db } from '../../db/database';
import type { Catalog } from '../catalog';
import { collectSoon } from '../compact-heap';
import { codeFingerprint } from './code-fingerprint';
import { readSnapshot, readSnapshotHeader, writeSnapshot, type SnapshotHeader } from './snapshot-file';

/** How often an instance looks whether its snapshot should be written again. */
export const CHECK_EVERY_MS = 15_000;
/**
 * A snapshot whose watermark moved (orders' stock, nothing else) is written again after this
 * long: stock is cheap to catch up at start, but the change log keeps an hour (catalog-sync.ts
 * KEEP_CHANGES_MS) and a snapshot older than what it keeps cannot be caught up.
 */
export const REWRITE_AFTER_MS = 20 * 60_000;

/** A writer's lock older than this was left by an instance that died writing (a write is seconds). */
const LOCK_STALE_MS = 5 * 60_000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface SnapshotStart {
  /** The catalogue was restored from the snapshot (then caught up); false: it must be loaded. */
  restored: boolean;
  /** Why not, when there was a snapshot that could not be used. */
  refused?: string;
  ms: number;
}

/**
 * The catalogue at an instance's start: from the snapshot when it may stand for the database,
 * caught up from the change log (`sync`) before anything is served — never a price older than
 * the database's; else (no snapshot, or refused) loaded whole. Answers how it started and how
 * many changes were caught up.
 */
export async function startCatalog(
  catalog: Catalog,
  sync: { syncOnce(): Promise<number> },
  snapshots: CatalogSnapshots | null,
): Promise<SnapshotStart & { caughtUp: number }> {
  const start = (await snapshots?.restore()) ?? { restored: false, ms: 0 };
  if (!start.restored) await catalog.refresh();
  const started = { ...start, caughtUp: start.restored ? await sync.syncOnce() : 0 };
  if (snapshots) snapshots.lastStart = started;
  return started;
}

/**
 * The catalogue's snapshot (docs/catalogue.md, "Starting from a snapshot"): at start an instance
 * restores the catalogue a snapshot kept — priced products and search index, read in one pass —
 * instead of loading and pricing every row and building the index (at 100,000 products ~25 s
 * of one core), and the caller catches it up from the change log before it listens. A snapshot
 * is refused, and the catalogue loaded, when it was written by other code, of another database,
 * for another day's prices, ahead of the database (a restored backup), or so long ago that the
 * change log no longer holds what happened since.
 *
 * While running, each instance writes it again once its catalogue changed (products, prices,
 * tables: not orders' stock alone, which is caught up cheaply) and has been quiet for a check
 * (CHECK_EVERY_MS), or when it is REWRITE_AFTER_MS old and stock moved — unless the file was
 * written since this catalogue's latest change of products or prices (another instance wrote
 * it). One instance writes at a time (a lock file beside it).
 */
export class CatalogSnapshots {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<unknown> = Promise.resolve();
  /** The catalogue's change count at the last check, and at the snapshot last written or found. */
  private seen = -1;
  private kept: { changes: number; seq: number; day: string; at: number } | null = null;
  private catalogId: string | null = null;
  /** How this instance's catalogue started (startCatalog): for the log, tests and benchmarks. */
  lastStart: (SnapshotStart & { caughtUp: number }) | null = null;

  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly file: string,
    private readonly options: { clock: () => Date; log: { info(message: string): void; warn(message: string): void } },
  ) {}

  /** At start (before the catalogue is loaded): the catalogue from the snapshot, if it may be used. */
  async restore(): Promise<SnapshotStart> {
    const started = performance.now();
    const header = readSnapshotHeader(this.file);
    if (!header) return { restored: false, ms: performance.now() - started };
    const refused = await this.refusal(header);
    if (refused) {
      this.options.log.info(`catalogue snapshot ${this.file} not used: ${refused}`);
      return { restored: false, refused, ms: performance.now() - started };
    }
    let read: ReturnType<typeof readSnapshot>;
    try {
      read = readSnapshot(this.file);
    } catch (error) {
      const reason = `unreadable (${(error as Error).message})`;
      this.options.log.warn(`catalogue snapshot ${this.file} not used: ${reason}`);
      return { restored: false, refused: reason, ms: performance.now() - started };
    }
    if (!read) return { restored: false, ms: performance.now() - started };
    try {
      await this.catalog.serially(() => this.catalog.restore(read.state));
    } catch (error) {
      // Read whole but not what this code keeps (it checked the fingerprint: a damaged file): loaded instead.
      const reason = `unusable (${(error as Error).message})`;
      this.options.log.warn(`catalogue snapshot ${this.file} not used: ${reason}`);
      return { restored: false, refused: reason, ms: performance.now() - started };
    }
    this.kept = { changes: this.changes(), seq: read.header.watermark.seq, day: read.header.pricedDay, at: Date.parse(read.header.writtenAt) };
    this.seen = this.kept.changes;
    return { restored: true, ms: performance.now() - started };
  }

  /** Why this snapshot may not stand for the database now; null when it may (then caught up from the change log). */
  private async refusal(header: SnapshotHeader): Promise<string | null> {
    if (header.code !== codeFingerprint()) return 'written by another build of the shop';
    if (header.catalog !== (await this.id())) return 'taken of another database';
    const today = dayOf(this.options.clock());
    if (header.pricedDay !== today) return `priced for ${header.pricedDay}, today is ${today}`;
    const now = await currentWatermark(this.db);
    if (header.watermark.seq > now.seq)
      return `ahead of the database's change log (seq ${header.watermark.seq} > ${now.seq}: a database restored from a backup?)`;
    if (await prunedPast(this.db, header.watermark.seq)) return `the change log no longer holds the changes after it (seq ${header.watermark.seq})`;
    return null;
  }

  /** Starts the checks that write the snapshot again (the first soon after start). */
  start(): void {
    if (this.timer) return;
    // Instances started together check at different moments: the first to write, the others find it written.
    this.timer = setTimeout(() => this.check(), Math.round(CHECK_EVERY_MS * (0.5 + Math.random()))).unref();
  }

  /** Stops the checks, after a write under way has ended. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.writing;
  }

  /** Writes the snapshot now if the catalogue differs from the one last written (tests, `check`); answers whether it wrote. */
  writeIfChanged(): Promise<boolean> {
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => {});
    return run;
  }

  private check(): void {
    const changes = this.changes();
    // Quiet: no change since the last check (an import in slices is not written halfway).
    const quiet = changes === this.seen;
    this.seen = changes;
    const next = () => {
      if (this.timer) this.timer = setTimeout(() => this.check(), CHECK_EVERY_MS).unref();
    };
    if (!quiet || !this.due()) return next();
    this.writeIfChanged()
      .catch((error: Error) => this.options.log.warn(`catalogue snapshot ${this.file} not written: ${error.message}`))
      .finally(next);
  }

  /** The catalogue's own changes (loads, products and prices reloaded): stock patches are not counted. */
  private changes(): number {
    const { fullReloads, incrementalUpdates } = this.catalog.stats;
    return fullReloads + incrementalUpdates;
  }

  private due(): boolean {
    const watermark = this.catalog.watermark;
    if (!watermark) return false;
    const kept = this.kept;
    if (!kept) return true;
    if (kept.changes !== this.changes() || kept.day !== dayOf(this.options.clock())) return true;
    return watermark.seq > kept.seq && this.options.clock().getTime() - kept.at >= REWRITE_AFTER_MS;
  }

  private async write(): Promise<boolean> {
    if (!this.due()) return false;
    const changes = this.changes();
    const catalog = await this.id();
    // One writer at a time: the others look again at their next check (and find it written).
    const unlock = await this.lock();
    if (!unlock) return false;
    try {
      return await this.writeLocked(changes, catalog);
    } finally {
      await unlock();
    }
  }

  private async writeLocked(changes: number, catalog: string): Promise<boolean> {
    const written = readSnapshotHeader(this.file);
    const code = codeFingerprint();
    // Everything after the awaits: the state is taken and serialized in one step.
    const state = this.catalog.state();
    if (!state) return false;
    const at = this.options.clock();
    // Another instance wrote it since this catalogue's latest change (orders' stock may have moved
    // the watermark on since: caught up at a start) and not long ago: nothing to add.
    if (
      written &&
      written.code === code &&
      written.catalog === catalog &&
      written.pricedDay === state.pricedDay &&
      written.watermark.seq >= this.catalog.contentSeq &&
      at.getTime() - Date.parse(written.writtenAt) < REWRITE_AFTER_MS
    ) {
      this.kept = { changes, seq: written.watermark.seq, day: written.pricedDay, at: Date.parse(written.writtenAt) };
      return false;
    }
    const started = performance.now();
    const header = await writeSnapshot(this.file, state, { code, catalog }, at);
    // Its serialized state (~300 MB at 100,000 products) is returned once a full collection runs: one now, beside the event loop.
    collectSoon();
    this.kept = { changes, seq: header.watermark.seq, day: header.pricedDay, at: at.getTime() };
    this.options.log.info(
      `catalogue snapshot written: ${header.products} products at seq ${header.watermark.seq} in ${Math.round(performance.now() - started)} ms`,
    );
    return true;
  }

  /** The writer's lock (`<file>.lock`, made exclusively); null while another instance holds it — unless it is LOCK_STALE_MS old (its writer died). */
  private async lock(retry = true): Promise<(() => Promise<void>) | null> {
    const lock = `${this.file}.lock`;
    try {
      await (await fs.promises.open(lock, 'wx')).close();
      return () => fs.promises.rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await fs.promises.stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs < LOCK_STALE_MS) return null;
      if (!retry) return null;
      await fs.promises.rm(lock, { force: true });
      return this.lock(false);
    }
  }

  /** This database's catalogue id (catalog_meta `catalog_id`, made by the first instance that asks). */
  private async id(): Promise<string> {
    if (this.catalogId) return this.catalogId;
    await this.db.kysely
      .insertInto('catalog_meta')
      .values({ key: 'catalog_id', value: crypto.randomUUID() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await this.db.kysely.selectFrom('catalog_meta').select('value').where('key', '=', 'catalog_id').executeTakeFirstOrThrow();
    this.catalogId = row.value;
    return row.value;
  }
}
