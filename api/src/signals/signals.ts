import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { BuildSignals } from '@kaloryfer/api-contract';
import type { Db } from '../db/database';
import { PageViewTokens } from './page-view-token';
import { addCounts, BUCKETS, emptyCounts, observe, parseCounts, quantile, type Counts, type HistogramKind } from './histogram';

/** A build as signals name it. */
export interface BuildRef {
  remote: string;
  build: string;
  version: string;
}

/** How a region's server render ended: rendered, threw, over its time budget, or not tried (breaker open, no server code, load shed). */
export type RenderOutcome = 'rendered' | 'failed' | 'late' | 'shed';

/**
 * What one page view's browser reports of one build (the beacon: api/src/signals/signal-routes.ts),
 * as the instance's ledger counts it (beacon-ledger.ts): once per page, a few times per visitor.
 */
export interface BrowserObservation {
  /** This build rendered the page's route region: the page view is its. */
  pageView: boolean;
  mountFailures: number;
  fallbacks: number;
  errors: number;
  /** The page's first error or mount failure of this build: one failing page view. */
  failingView?: boolean;
  /** The page's first fallback from this build: one fallback page view. */
  fallbackView?: boolean;
  /** The visitor's first page view of this build this hour, and their first failing one. */
  newVisitor?: boolean;
  newFailingVisitor?: boolean;
  lcpMs?: number;
  inpMs?: number;
  cls?: number;
}

const COUNTERS = [
  'renders',
  'render_failures',
  'budget_misses',
  'fallbacks',
  'page_views',
  'mount_failures',
  'browser_fallbacks',
  'errors',
  'failing_views',
  'fallback_views',
  'visitors',
  'failing_visitors',
] as const;
type Counter = (typeof COUNTERS)[number];
const HISTOGRAMS = { render_ms: 'renderMs', lcp_ms: 'lcpMs', inp_ms: 'inpMs', cls: 'cls' } as const satisfies Record<string, HistogramKind>;
type HistogramColumn = keyof typeof HISTOGRAMS;

interface MinuteRow extends BuildRef {
  minute: string;
  counters: Record<Counter, number>;
  histograms: Record<HistogramColumn, Counts>;
}

/** What a build did over a window, summed over minutes and instances: the registry's signals answer (the contract's), which the canary's rules read. */
export type { BuildSignals };

/** Told of every observation as it happens (the Prometheus metrics: api/src/metrics). */
export interface SignalListener {
  render(ref: BuildRef, outcome: RenderOutcome, ms: number): void;
  browser(ref: BuildRef, observation: BrowserObservation): void;
}

export const minuteOf = (time: Date): string => time.toISOString().slice(0, 16);

/** A percentile beyond the last bucket is answered as that bucket's bound (read: at least that). */
const bounded = (value: number | null, kind: HistogramKind): number | null => (value === Infinity ? BUCKETS[kind][BUCKETS[kind].length - 1] : value);

/**
 * The signals of every build this instance sees (docs/releasing.md, "Signals"): kept per minute
 * in memory and written to `mfe_signal` every few seconds — this instance's running totals of
 * the minute, under its own instance id, so instances never overwrite each other and a restart
 * loses at most the seconds since the last write. Read back summed over instances and minutes.
 */
export class Signals {
  private readonly rows = new Map<string, MinuteRow>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  readonly instance: string;

  /** Mints the page-view tokens a beacon must carry to count (the page server asks: page-view-token.ts). */
  readonly tokens: PageViewTokens;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
    private readonly options: { flushMs?: number; listener?: SignalListener; instance?: string; tokens?: PageViewTokens } = {},
  ) {
    this.instance = options.instance ?? `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    this.tokens = options.tokens ?? new PageViewTokens(randomBytes(32));
  }

  render(ref: BuildRef, outcome: RenderOutcome, ms: number): void {
    const row = this.rowOf(ref);
    if (outcome === 'rendered') {
      row.counters.renders += 1;
      observe(row.histograms.render_ms, 'renderMs', ms);
    } else {
      row.counters.fallbacks += 1;
      if (outcome === 'failed') row.counters.render_failures += 1;
      if (outcome === 'late') row.counters.budget_misses += 1;
    }
    this.options.listener?.render(ref, outcome, ms);
  }

  browser(ref: BuildRef, observation: BrowserObservation): void {
    const row = this.rowOf(ref);
    if (observation.pageView) row.counters.page_views += 1;
    if (observation.failingView) row.counters.failing_views += 1;
    if (observation.fallbackView) row.counters.fallback_views += 1;
    if (observation.newVisitor) row.counters.visitors += 1;
    if (observation.newFailingVisitor) row.counters.failing_visitors += 1;
    row.counters.mount_failures += observation.mountFailures;
    row.counters.browser_fallbacks += observation.fallbacks;
    row.counters.errors += observation.errors;
    if (observation.lcpMs !== undefined) observe(row.histograms.lcp_ms, 'lcpMs', observation.lcpMs);
    if (observation.inpMs !== undefined) observe(row.histograms.inp_ms, 'inpMs', observation.inpMs);
    if (observation.cls !== undefined) observe(row.histograms.cls, 'cls', observation.cls);
    this.options.listener?.browser(ref, observation);
  }

  /**
   * A beacon without a page-view token (forged, or from a page this shop never served): its web
   * vitals reach /metrics, nothing of it reaches the build's stored signals or a canary's decision.
   */
  vitalsOnly(ref: BuildRef, vitals: Pick<BrowserObservation, 'lcpMs' | 'inpMs' | 'cls'>): void {
    this.options.listener?.browser(ref, { pageView: false, mountFailures: 0, fallbacks: 0, errors: 0, ...vitals });
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), this.options.flushMs ?? 5_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes the minutes that changed since the last write; forgets minutes that are over and written. */
  flush(): Promise<void> {
    // One write after the other; a failed one (the database away) leaves its rows for the next.
    const next = this.flushing.catch(() => undefined).then(() => this.write());
    this.flushing = next;
    return next;
  }

  /** Per build of `remote`, its signals over the last `minutes` minutes (this one included). */
  async summary(remote: string, minutes: number): Promise<{ since: string; builds: BuildSignals[] }> {
    const since = new Date(this.clock().getTime() - (minutes - 1) * 60_000);
    return { since: `${minuteOf(since)}:00.000Z`, builds: await this.summarySince(remote, since) };
  }

  /** Per build of `remote`, its signals from `from`'s minute up to now. */
  async summarySince(remote: string, from: Date): Promise<BuildSignals[]> {
    await this.flush();
    const rows = await this.db.kysely.selectFrom('mfe_signal').selectAll().where('remote', '=', remote).where('minute', '>=', minuteOf(from)).execute();
    const byBuild = new Map<string, MinuteRow>();
    for (const stored of rows) {
      const sum = byBuild.get(stored.build) ?? this.emptyRow({ remote, build: stored.build, version: stored.version }, '');
      for (const counter of COUNTERS) sum.counters[counter] += Number(stored[counter]);
      for (const [column, kind] of Object.entries(HISTOGRAMS) as [HistogramColumn, HistogramKind][])
        addCounts(sum.histograms[column], parseCounts(stored[column], kind));
      byBuild.set(stored.build, sum);
    }
    return [...byBuild.values()].map((sum) => summaryOf(sum));
  }

  private rowOf(ref: BuildRef): MinuteRow {
    const minute = minuteOf(this.clock());
    const key = `${minute}|${ref.remote}|${ref.build}`;
    let row = this.rows.get(key);
    if (!row) {
      row = this.emptyRow(ref, minute);
      this.rows.set(key, row);
    }
    this.dirty.add(key);
    return row;
  }

  private emptyRow(ref: BuildRef, minute: string): MinuteRow {
    return {
      ...ref,
      minute,
      counters: Object.fromEntries(COUNTERS.map((counter) => [counter, 0])) as Record<Counter, number>,
      histograms: Object.fromEntries(Object.entries(HISTOGRAMS).map(([column, kind]) => [column, emptyCounts(kind)])) as Record<HistogramColumn, Counts>,
    };
  }

  private async write(): Promise<void> {
    const keys = [...this.dirty];
    this.dirty.clear();
    for (const key of keys) {
      const row = this.rows.get(key)!;
      const values = {
        minute: row.minute,
        remote: row.remote,
        build: row.build,
        instance: this.instance,
        version: row.version,
        ...row.counters,
        ...Object.fromEntries(Object.entries(row.histograms).map(([column, counts]) => [column, JSON.stringify(counts)])),
      } as const;
      try {
        await this.db.kysely
          .insertInto('mfe_signal')
          .values(values as never)
          .onConflict((oc) => oc.columns(['minute', 'remote', 'build', 'instance']).doUpdateSet(values as never))
          .execute();
      } catch (error) {
        this.dirty.add(key); // written with the next flush
        throw error;
      }
    }
    const current = minuteOf(this.clock());
    for (const [key, row] of this.rows) if (row.minute < current && !this.dirty.has(key)) this.rows.delete(key);
  }
}

function summaryOf(sum: MinuteRow): BuildSignals {
  const { counters, histograms } = sum;
  const perView = (count: number) => (counters.page_views > 0 ? count / counters.page_views : null);
  return {
    remote: sum.remote,
    build: sum.build,
    version: sum.version,
    renders: counters.renders,
    renderFailures: counters.render_failures,
    budgetMisses: counters.budget_misses,
    fallbacks: counters.fallbacks,
    renderP50Ms: bounded(quantile(histograms.render_ms, 'renderMs', 0.5), 'renderMs'),
    renderP95Ms: bounded(quantile(histograms.render_ms, 'renderMs', 0.95), 'renderMs'),
    pageViews: counters.page_views,
    mountFailures: counters.mount_failures,
    browserFallbacks: counters.browser_fallbacks,
    errors: counters.errors,
    failingViews: counters.failing_views,
    fallbackViews: counters.fallback_views,
    visitors: counters.visitors,
    failingVisitors: counters.failing_visitors,
    errorRate: perView(counters.failing_views),
    fallbackRate: perView(counters.fallback_views),
    lcpP75Ms: bounded(quantile(histograms.lcp_ms, 'lcpMs', 0.75), 'lcpMs'),
    inpP75Ms: bounded(quantile(histograms.inp_ms, 'inpMs', 0.75), 'inpMs'),
    clsP75: bounded(quantile(histograms.cls, 'cls', 0.75), 'cls'),
  };
}
