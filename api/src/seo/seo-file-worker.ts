import type { Catalog } from '../catalog';
import { prunedPast, readChanges, type Watermark } from '../db/change-log';
import type { Db } from '../db/database';
import type { SeoFileTimings } from '../config';
import { FEEDS, generateFiles, RunStopped } from './seo-file-generator';
import { everythingPlan, isEmptyPlan, planOf, type SeoFilePlan } from './seo-file-plan';
import { HEARTBEAT_MS, SeoFileStore } from './seo-file-store';

/** How often the writer looks at its catalogue's watermark (a memory read). */
const TICK_MS = 1_000;
/** How often an instance that does not write looks whether the writer's lease ran out. */
const FOLLOWER_LOOK_MS = 5_000;
/** After a failed run (the database away): the next try waits this long. */
const RETRY_MS = 10_000;
/** How often the writer removes the parts of versions no longer served (seo-file-store.ts, `collect`). */
const COLLECT_EVERY_MS = 60_000;
/** More change rows than this since the files' watermark: everything is written again (as cheap by then). */
const MAX_CHANGE_ROWS = 200_000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const sameWatermark = (a: Watermark | null, b: Watermark | null) => a !== null && b !== null && a.seq === b.seq && a.pending.join() === b.pending.join();

export interface SeoRunReport {
  at: string;
  reasons: string[];
  /** Files whose text changed (written with new bytes). */
  written: string[];
  /** Files written again whose text came out the same (their ETag and time kept). */
  unchanged: string[];
  dropped: string[];
  ms: number;
  /** Each part as it was stored, in the run's order: its time and when it was stored. */
  stages: { part: string; ms: number; storedAt: string }[];
}

export interface SeoFileWorkerOptions {
  db: Db;
  catalog: Catalog;
  /** The shop's public origin (PUBLIC_URL's): every URL in a file starts with it. */
  origin: string;
  /** The shop's clock: the feeds' prices are the catalogue's for its day. */
  clock: () => Date;
  timings: SeoFileTimings;
  log: { info(message: string): void; warn(message: string): void };
}

/**
 * Keeps the stored SEO files current (docs/seo.md, "How the files are kept fresh"). Every
 * instance runs one; the one holding the writer's lease (seo-file-store.ts) writes:
 * - at start, when no files are stored yet: everything, at once (the routes answer 503 until then);
 * - after catalogue changes — seen as its catalogue's watermark moving (catalog-sync.ts applies
 *   the change log) — once `debounceMs` passed without another change, or at the latest
 *   `maxDelayMs` after the first one waiting, and never within `minIntervalMs` of the previous
 *   run: only what the changes touch (seo-file-plan.ts), from its catalogue as it holds it;
 * - on a new day: the feeds.
 * The changes are read from the log between the stored files' watermark and its catalogue's, so
 * whichever instance writes next knows what the last one wrote; the stored watermark is the
 * catalogue's as the run began (a change applied during the run is read again next time). The
 * others look every FOLLOWER_LOOK_MS whether the writer's lease ran out and take over then.
 */
export class SeoFileWorker {
  readonly store: SeoFileStore;
  private instance: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private writer = false;
  private lastLook = 0;
  /** The catalogue watermark last seen, when it moved last, and since when a change waits. */
  private seen: Watermark | null = null;
  private changedAt = 0;
  private waitingSince: number | null = null;
  private lastRunAt = 0;
  private lastCollectAt = 0;
  private retryAt = 0;
  /** The day the stored feeds were priced for, as this writer last saw it. */
  private pricedDay: string | null = null;
  /** The stored state needs a look (start, a new writer, a failed run). */
  private unsure = true;
  /** Runs that wrote, for tests and operators. */
  readonly stats = { runs: 0, failures: 0 };
  lastReport: SeoRunReport | null = null;

  constructor(private readonly options: SeoFileWorkerOptions) {
    this.store = new SeoFileStore(options.db);
  }

  start(instance: string): void {
    this.instance = instance;
    this.stopped = false;
    this.lastLook = 0;
    this.timer = setInterval(() => this.kick(), TICK_MS).unref();
    this.kick();
  }

  /** Stops writing and gives the lease back; a run under way stops at its next file and writes nothing. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.timer = null;
    this.heartbeat = null;
    await this.running?.catch(() => {});
    if (this.writer && this.instance) await this.store.release(this.instance).catch(() => {});
    this.writer = false;
  }

  private kick(): void {
    if (this.stopped || this.running || this.instance === null) return;
    this.running = this.tick(this.instance)
      .catch((error: unknown) => {
        this.stats.failures += 1;
        this.unsure = true;
        this.retryAt = Date.now() + RETRY_MS;
        if (!this.stopped) this.options.log.warn(`SEO files: ${messageOf(error)}`);
      })
      .finally(() => {
        this.running = null;
      });
  }

  private async tick(instance: string): Promise<void> {
    const now = Date.now();
    if (!this.writer) {
      if (now - this.lastLook < FOLLOWER_LOOK_MS && this.lastLook !== 0) return;
      this.lastLook = now;
      const state = await this.store.state();
      const free = state.instance === null || state.instance === instance || state.leaseUntil === null || state.leaseUntil <= new Date().toISOString();
      if (!free || !(await this.store.claim(instance, new Date()))) return;
      this.becomeWriter(instance);
    }
    const { catalog } = this.options;
    const watermark = catalog.watermark;
    if (!watermark || now < this.retryAt) return;
    if (now - this.lastCollectAt >= COLLECT_EVERY_MS) {
      this.lastCollectAt = now;
      await this.store.collect(new Date());
    }
    if (!sameWatermark(this.seen, watermark)) {
      if (this.seen !== null) {
        this.changedAt = now;
        this.waitingSince ??= now;
      }
      this.seen = watermark;
    }
    const newDay = this.pricedDay !== null && this.pricedDay !== dayOf(this.options.clock());
    if (this.unsure) return this.run(instance, watermark);
    if (newDay) return this.run(instance, watermark);
    if (this.waitingSince === null) return;
    const { debounceMs, maxDelayMs, minIntervalMs } = this.options.timings;
    const due = now - this.changedAt >= debounceMs || now - this.waitingSince >= maxDelayMs;
    if (due && now - this.lastRunAt >= minIntervalMs) await this.run(instance, watermark);
  }

  private becomeWriter(instance: string): void {
    this.writer = true;
    this.unsure = true;
    this.options.log.info(`SEO files: this instance (${instance}) writes the sitemaps and feeds`);
    this.heartbeat = setInterval(() => {
      this.store
        .renew(instance, new Date())
        .then((held) => {
          if (!held && this.writer) this.loseLease(instance);
        })
        .catch((error: unknown) => this.options.log.warn(`SEO files: lease not renewed: ${messageOf(error)}`));
    }, HEARTBEAT_MS).unref();
  }

  private loseLease(instance: string): void {
    this.writer = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.options.log.warn(`SEO files: another instance took over writing them from ${instance}`);
  }

  /** One run: what changed since the stored files' watermark, written and stored. */
  private async run(instance: string, watermark: Watermark): Promise<void> {
    const started = performance.now();
    const { db, catalog } = this.options;
    this.waitingSince = null;
    this.lastRunAt = Date.now();
    await catalog.ensureCurrent(); // today's prices in the feeds
    const today = dayOf(this.options.clock());
    const state = await this.store.state();
    this.pricedDay = state.pricedDay;
    let plan: SeoFilePlan;
    if (state.watermark === null || state.generatedAt === null) plan = everythingPlan('no files stored yet');
    else if (state.watermark.seq > watermark.seq) {
      // Another writer's files reflect more than this catalogue holds yet: wait for it.
      this.unsure = true;
      return;
    } else if (await prunedPast(db, state.watermark.seq)) plan = everythingPlan(`changes after seq ${state.watermark.seq} were pruned before they were read`);
    else {
      const { changes, truncated } = await readChanges(db, state.watermark, MAX_CHANGE_ROWS);
      plan = truncated ? everythingPlan(`more than ${MAX_CHANGE_ROWS} changes at once`) : planOf(changes, state.pricedDay !== today);
    }
    this.unsure = false;
    if (isEmptyPlan(plan)) {
      if (!sameWatermark(state.watermark, watermark) || state.pricedDay !== today) {
        await this.store.save(instance, { files: [], drop: [], watermark, pricedDay: today, final: true }, new Date());
      }
      this.pricedDay = today;
      return;
    }
    // In stages, each stored as soon as it is written: the sitemaps, and each feed by itself (one
    // feed's compressed bytes are let go before the next is written). After a change the feeds
    // come first: a price comparison or Google Shopping showing an old price costs orders and
    // disapprovals, a sitemap's lastmod is a crawl hint that can wait a stage (at 100,000
    // products a 10,000-row import's product sitemaps take ~15 s). A shop's first run writes the
    // sitemaps first (the quicker part: its 503s end sooner).
    const feeds = FEEDS.map((feed) => feed.name);
    const stages = plan.everything ? (['sitemaps', ...feeds] as const) : ([...feeds, 'sitemaps'] as const);
    const report: SeoRunReport = { at: '', reasons: plan.reasons, written: [], unchanged: [], dropped: [], ms: 0, stages: [] };
    for (const only of stages) {
      if (only === 'sitemaps' ? !plan.everything && plan.sections.size === 0 && plan.productSkus.size === 0 : !plan.everything && !plan.feeds) continue;
      const stageStarted = performance.now();
      const output = await generateFiles({
        plan,
        only,
        context: { catalog, origin: this.options.origin, now: this.options.clock() },
        productIdOf: (sku) => catalog.bySkuLookup(sku)?.product.id,
        stored: await this.store.metas(),
        sink: this.store,
        at: new Date(),
        stopping: () => this.stopped || !this.writer,
      }).catch((error: unknown) => {
        if (error instanceof RunStopped) return null;
        throw error;
      });
      if (!output) return;
      report.written.push(...output.written);
      report.unchanged.push(...output.files.filter((file) => !file.changed).map((file) => file.name));
      report.dropped.push(...output.drop);
      if (!(await this.store.save(instance, { files: output.files, drop: output.drop, watermark, pricedDay: today, final: false }, new Date()))) {
        this.loseLease(instance);
        return;
      }
      report.stages.push({ part: only, ms: Math.round(performance.now() - stageStarted), storedAt: new Date().toISOString() });
    }
    report.written = [...new Set(report.written)];
    report.unchanged = [...new Set(report.unchanged)].filter((name) => !report.written.includes(name));
    report.at = new Date().toISOString();
    report.ms = Math.round(performance.now() - started);
    if (!(await this.store.save(instance, { files: [], drop: [], watermark, pricedDay: today, report, final: true }, new Date()))) {
      this.loseLease(instance);
      return;
    }
    this.pricedDay = today;
    this.stats.runs += 1;
    this.lastReport = report;
    this.options.log.info(
      `SEO files (${plan.reasons.join('; ')}): ${report.written.length} written, ${report.unchanged.length} unchanged, ${report.dropped.length} dropped in ${report.ms} ms`,
    );
  }
}

const messageOf = (error: unknown) => String((error as Error)?.message ?? error);
