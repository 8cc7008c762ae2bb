import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { BUCKETS } from '../signals';
import type { BrowserObservation, BuildRef, RenderOutcome, SignalListener } from '../signals';
import type { ReplicationFigures } from '../db/replication';

/**
 * This instance's metrics in Prometheus's text format (`GET /metrics`, prom-client;
 * docs/releasing.md, "Signals"): per remote build the page server's renders by outcome and
 * their times, the browsers' page views, mount failures, fallbacks, errors and web vitals; every
 * HTTP answer by method, route pattern and status; the registry's stored files that did not
 * match their published hash; the canary judge's decisions and the running canaries' shares; the
 * catalogue import jobs by outcome; the PostgreSQL pool's connections and replicas; and Node's process
 * metrics. Counters since this process started — Prometheus takes rates; the per-minute history
 * across instances is `mfe_signal`. The alert rules and the dashboard over them: ops/
 * (docs/operations.md).
 */
export class ShopMetrics implements SignalListener {
  readonly registry = new Registry();
  private readonly http = new Histogram({
    name: 'kf_http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly renders = new Counter({
    name: 'kf_mfe_server_renders_total',
    help: "Regions the page server asked a remote build's server code for, by outcome (rendered, failed, late: over budget, shed: not tried)",
    labelNames: ['remote', 'version', 'build', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly renderSeconds = new Histogram({
    name: 'kf_mfe_server_render_seconds',
    help: 'Time of the server renders that succeeded',
    labelNames: ['remote', 'version', 'build'] as const,
    buckets: BUCKETS.renderMs.map((ms) => ms / 1000),
    registers: [this.registry],
  });
  private readonly pageViews = new Counter({
    name: 'kf_mfe_page_views_total',
    help: 'Page views whose route region a build rendered, as browsers reported them',
    labelNames: ['remote', 'version', 'build'] as const,
    registers: [this.registry],
  });
  private readonly browserEvents = new Counter({
    name: 'kf_mfe_browser_events_total',
    help: 'What browsers reported of a build: mount_failure, fallback (to another variant), error (uncaught, thrown by its scripts)',
    labelNames: ['remote', 'version', 'build', 'kind'] as const,
    registers: [this.registry],
  });
  private readonly fileMismatches = new Counter({
    name: 'kf_registry_file_mismatches_total',
    help: "Stored build files (or builds' file lists) found not to match the hash they were published with, on loading or on the periodic sample: answered 503, never served",
    labelNames: ['remote'] as const,
    registers: [this.registry],
  });
  private readonly canaryDecisions = new Counter({
    name: 'kf_canary_decisions_total',
    help: "Canary decisions this instance's judge applied (advance: to the next step, promote: live for everyone, rollback: rolled back as unhealthy); of several instances judging one step, one applies it",
    labelNames: ['remote', 'variant', 'decision'] as const,
    registers: [this.registry],
  });
  private readonly canaryPercent = new Gauge({
    name: 'kf_canary_traffic_percent',
    help: "Share of shoppers a running canary is served to, per remote and variant, as this instance's judge last read it (no series: no canary running)",
    labelNames: ['remote', 'variant'] as const,
    registers: [this.registry],
  });
  private readonly importJobs = new Counter({
    name: 'kf_catalog_import_jobs_total',
    help: 'Catalogue import jobs this instance ended, by outcome: done, refused (the file has problems), failed (stopped with an error, or its runs kept dying: nothing applied), interrupted (the database went away or the instance stopped: run again; or another run had taken it over)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly catalogStart = new Gauge({
    name: 'kf_catalog_start_seconds',
    help: "How long this instance's catalogue took at its start, by where it came from: snapshot (restored and caught up from the change log) or load (the whole catalogue loaded and priced: no snapshot, or one refused)",
    labelNames: ['from'] as const,
    registers: [this.registry],
  });
  private readonly vitals = {
    lcp: this.vital(
      'kf_web_vitals_lcp_seconds',
      'Largest Contentful Paint of page views a build rendered',
      BUCKETS.lcpMs.map((ms) => ms / 1000),
    ),
    inp: this.vital(
      'kf_web_vitals_inp_seconds',
      'Interaction to Next Paint of page views a build rendered',
      BUCKETS.inpMs.map((ms) => ms / 1000),
    ),
    cls: this.vital('kf_web_vitals_cls', 'Cumulative Layout Shift of page views a build rendered', [...BUCKETS.cls]),
  };

  /**
   * This app's series and the process's: one set per process however many apps it runs (tests run
   * hundreds), started on the first read of /metrics — a process nobody scrapes keeps no GC observer.
   */
  private exposed: Registry | null = null;

  render(ref: BuildRef, outcome: RenderOutcome, ms: number): void {
    const labels = labelsOf(ref);
    this.renders.inc({ ...labels, outcome });
    if (outcome === 'rendered') this.renderSeconds.observe(labels, ms / 1000);
  }

  browser(ref: BuildRef, observation: BrowserObservation): void {
    const labels = labelsOf(ref);
    if (observation.pageView) this.pageViews.inc(labels);
    if (observation.mountFailures) this.browserEvents.inc({ ...labels, kind: 'mount_failure' }, observation.mountFailures);
    if (observation.fallbacks) this.browserEvents.inc({ ...labels, kind: 'fallback' }, observation.fallbacks);
    if (observation.errors) this.browserEvents.inc({ ...labels, kind: 'error' }, observation.errors);
    if (observation.lcpMs !== undefined) this.vitals.lcp.observe(labels, observation.lcpMs / 1000);
    if (observation.inpMs !== undefined) this.vitals.inp.observe(labels, observation.inpMs / 1000);
    if (observation.cls !== undefined) this.vitals.cls.observe(labels, observation.cls);
  }

  /** A stored file of the remote's build did not match its published hash (api/src/registry/build-file-cache.ts). */
  fileMismatch(remote: string): void {
    this.fileMismatches.inc({ remote });
  }

  /** The canary judge applied a decision (api/src/registry/canary/canary-controller.ts). */
  canaryDecision(remote: string, variant: string, decision: CanaryDecisionKind): void {
    this.canaryDecisions.inc({ remote, variant, decision });
  }

  /**
   * The canaries running now, as the judge read them: their shares. Their decisions' series start
   * at 0, so a rate over them sees the first decision too.
   */
  canariesRunning(canaries: readonly { remote: string; variant: string; percent: number }[]): void {
    this.canaryPercent.reset();
    for (const { remote, variant, percent } of canaries) {
      this.canaryPercent.set({ remote, variant }, percent);
      for (const decision of CANARY_DECISIONS) this.canaryDecisions.inc({ remote, variant, decision }, 0);
    }
  }

  /** The catalogue was ready at this instance's start, from a snapshot or loaded (api/src/catalog/snapshot/). */
  catalogStarted(from: 'snapshot' | 'load', seconds: number): void {
    this.catalogStart.set({ from }, seconds);
  }

  /** An import job this instance ran or settled ended so (api/src/catalog/import/import-job-worker.ts). */
  importJobEnded(outcome: ImportJobOutcome): void {
    this.importJobs.inc({ outcome });
  }

  /**
   * The PostgreSQL pool's figures, read at each scrape (`db.pool`; SQLite has none):
   * `kf_db_pool_connections{state=in_use|idle}`, `kf_db_pool_max`, `kf_db_pool_waiting`.
   */
  watchPool(read: () => PoolFigures): void {
    new Gauge({
      name: 'kf_db_pool_connections',
      help: "PostgreSQL connections of this instance's pool: in_use (lent to a query or transaction) and idle",
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const figures = read();
        this.set({ state: 'in_use' }, figures.total - figures.idle);
        this.set({ state: 'idle' }, figures.idle);
      },
    });
    new Gauge({
      name: 'kf_db_pool_max',
      help: "The most connections this instance's pool opens (DATABASE_POOL_SIZE)",
      registers: [this.registry],
      collect() {
        this.set(read().max);
      },
    });
    new Gauge({
      name: 'kf_db_pool_waiting',
      help: 'Queries waiting for a connection of the pool now (all connections in use)',
      registers: [this.registry],
      collect() {
        this.set(read().waiting);
      },
    });
  }

  /**
   * The primary's streaming replicas, asked at each scrape (`db.replication`; PostgreSQL only):
   * `kf_db_replica_expected` (1: commits wait for a replica — start:cluster `--replica`),
   * `kf_db_replicas_streaming`, `kf_db_replication_lag_seconds` (the furthest behind replica's
   * replay lag). NaN while the database cannot be asked (the scrape still answers).
   */
  watchReplication(read: () => Promise<ReplicationFigures | null>): void {
    // One query per scrape for the three series: the first one's collect asks (prom-client
    // collects in the order they were made), the other two read its answer.
    let asked: Promise<ReplicationFigures | null> | null = null;
    const ask = () => (asked = read().catch(() => null));
    const gauge = (name: string, help: string, value: (figures: ReplicationFigures) => number, first = false) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const now = await (first ? ask() : (asked ?? ask()));
          // NaN: not known now (no comparison holds, so no alert fires on it; a graph shows a gap).
          this.set(now ? value(now) : NaN);
        },
      });
    gauge(
      'kf_db_replica_expected',
      'Whether commits on the primary wait for a streaming replica (synchronous_standby_names set): 1 or 0',
      (now) => Number(now.expected),
      true,
    );
    gauge('kf_db_replicas_streaming', 'Replicas streaming from the primary now (pg_stat_replication)', (now) => now.streaming);
    gauge(
      'kf_db_replication_lag_seconds',
      "The furthest behind replica's replay lag, seconds (pg_stat_replication.replay_lag; 0 when caught up)",
      (now) => now.lagSeconds,
    );
  }

  /** Counts every answer, by the route's pattern (never the raw URL: bounded series). Install before the routes. */
  countRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.http.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }

  /** The figures in Prometheus's text format: this instance's and Node's process metrics. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    this.exposed ??= Registry.merge([this.registry, processRegistry()]);
    return { contentType: this.exposed.contentType, text: await this.exposed.metrics() };
  }

  private vital(name: string, help: string, buckets: number[]) {
    return new Histogram({ name, help, labelNames: ['remote', 'version', 'build'] as const, buckets, registers: [this.registry] });
  }
}

export type CanaryDecisionKind = 'advance' | 'promote' | 'rollback';
const CANARY_DECISIONS: readonly CanaryDecisionKind[] = ['advance', 'promote', 'rollback'];
export type ImportJobOutcome = 'done' | 'refused' | 'failed' | 'interrupted';

/** A connection pool's figures now: connections open, of them idle, queries waiting for one, the most it opens. */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

let processMetrics: Registry | null = null;

/** Node's process metrics (CPU, memory, event loop, GC), collected once per process. */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'kf_' });
  }
  return processMetrics;
}

const labelsOf = (ref: BuildRef) => ({ remote: ref.remote, version: ref.version, build: ref.build.slice(0, 16) });
