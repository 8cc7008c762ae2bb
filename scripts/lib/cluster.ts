import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadTokenSecret } from '../../api/public/app';
import { loadShopSettings, type ShopSettings } from '../../composition/shop-settings';
import { openDatabase, type Db } from '../../api/public/database';
import { DEFAULT_SEED, type SeedOptions } from '../../api/public/catalog';
import { startBalancer, type Balancer } from './cluster/balancer';
import { ensureDatabase, prepareDatabase } from './cluster/cluster-database';
import { startSynchronousReplica } from './cluster/database-replica';
import { startInstance, type ClusterInstance } from './cluster/instances';
import { endProcess } from './cluster/processes';
import { startPrometheus, type PrometheusServer } from './cluster/prometheus';
import type { RestartPolicy } from './cluster/restart-policy';
import { superviseInstances, type Supervisor, type SupervisorEvent } from './cluster/supervisor';
import { ensureOperatorToken, releaseMissingBuilds } from './local-builds';
import { freePort, startPostgres, type PostgresServer, type StartPostgresOptions, type StartReplicaOptions } from './postgres-server';
import { registryClient } from './registry-client';
import { buildMissing } from './shop';

/**
 * The shop scaled out on one machine (issue #23, docs/scaling.md): N instances of
 * `scripts/cluster-instance.ts` (API + page server, one process each, on their own ports) on one
 * PostgreSQL, behind HAProxy from the distribution (`/usr/sbin/haproxy`; round robin, health
 * checks on `/api/health`, no sticky sessions). Every instance serves the remotes' files from the
 * registry in the database; the builds this checkout has are released through the balancer
 * when the registry serves nothing of a remote yet. `npm run start:cluster`
 * (scripts/start-cluster.ts), the instance-killed test (scripts/test/cluster.test.ts) and
 * `npm run bench:cluster` all start it through here.
 *
 * Everything started is a child process (or the PostgreSQL postmaster, stopped through its data
 * folder): `stop()` ends each by its process id and waits for it. The parts are in cluster/: the
 * database, the instances, the balancer (HAProxy and its configuration), the processes, the
 * supervisor that restarts an instance that ends (`supervise`, on in start:cluster), and
 * Prometheus scraping the instances with the shop's alert rules (`prometheus`, start:cluster's
 * `--prometheus`).
 */
export interface SuperviseOptions {
  /** The restart policy's settings that differ from DEFAULT_RESTART_POLICY (a test's shorter delays). */
  policy?: Partial<RestartPolicy>;
  /** A test's hook: more environment for an instance started again (a bad setting makes it exit at once: a crash loop). */
  restartEnv?: (name: string) => Record<string, string>;
  onEvent?: (event: SupervisorEvent) => void;
}

export interface ClusterOptions {
  /** The shop's settings (VAR_DIR, PUBLIC_HOST, LOG_LEVEL…); its `port` is the balancer's unless `balancerPort` says otherwise. */
  config?: ShopSettings;
  /** How many API instances (default 3). */
  instances?: number;
  /**
   * Warm spares beside them (default 0; start:cluster's CLUSTER_SPARES): started and loaded like
   * the others, checked by the balancer but drained (sent nothing); with `supervise`, a spare
   * takes the place of a serving instance that ends (cluster/supervisor.ts). Needs the balancer.
   */
  spares?: number;
  /** Where the balancer listens: 0 = a free port; default `config.port`. */
  balancerPort?: number;
  /** false: no HAProxy (a benchmark talks to the instances directly). Default true. */
  balancer?: boolean;
  /** The instances' ports; free ones by default. */
  instancePorts?: number[];
  /**
   * An existing database to use (`postgres://…`, or `sqlite:…` for a single instance), migrated and
   * seeded here if needed; otherwise a PostgreSQL server of our own is started with `postgres`.
   */
  databaseUrl?: string;
  /** Our own PostgreSQL: a `dataDir` keeps it (start:cluster: `$VAR_DIR/cluster/postgres`); none = throwaway. */
  postgres?: StartPostgresOptions;
  /**
   * A streaming replica of our own PostgreSQL beside it (start:cluster's `--replica`;
   * cluster/database-replica.ts): every commit waits until the replica has it, the instances'
   * URL lists both servers with `target_session_attrs=read-write`, and `failover()` promotes it.
   * A `dataDir` keeps it (made from the primary when empty). Not with `databaseUrl`.
   */
  replica?: boolean | StartReplicaOptions;
  /** The catalogue an empty database gets (default: npm start's). */
  seed?: SeedOptions;
  /** Runs once after migrating and seeding, before any instance starts (tests set stock here). */
  prepare?: (db: Db) => Promise<void>;
  /** false: API only — no page server in the instances, no builds released (tests, API benchmarks). Default true. */
  pages?: boolean;
  /** Where haproxy.cfg and the logs go; a temporary folder (removed at stop) by default. */
  runDir?: string;
  /** More environment for every instance (LOG_LEVEL=warn for a benchmark…). */
  instanceEnv?: Record<string, string>;
  /**
   * Restart an instance whose process ends while the cluster runs (cluster/supervisor.ts). Default
   * off: the instance-killed test and the benchmark want a dead instance to stay dead.
   */
  supervise?: boolean | SuperviseOptions;
  /**
   * Prometheus from the distribution beside the cluster (cluster/prometheus.ts): scraping every
   * instance's /metrics — which then lets loopback read it (METRICS_ALLOW) — with
   * ops/prometheus/alerts.yml loaded. `port`: where it listens on 127.0.0.1 (a free one by default).
   */
  prometheus?: boolean | { port?: number };
  log?: (line: string) => void;
}

export interface RunningCluster {
  /** The URL to open: the balancer's (`http://localhost:3000/`), or the only instance's without one. */
  url: string;
  /** The balancer on loopback (`http://127.0.0.1:<port>`), for clients on this machine. */
  balancerUrl: string | null;
  databaseUrl: string;
  /** Our own PostgreSQL server, when the cluster started one (after `failover()`, the promoted replica). */
  postgres: PostgresServer | null;
  /** Its streaming replica (`replica`); null without one, and after `failover()` promoted it. */
  replica: PostgresServer | null;
  /**
   * The primary is lost (stopped as a crash would: immediate shutdown, its data kept for a look)
   * and the replica promoted; the instances find it by themselves. Resolves with the promoted server.
   */
  failover(): Promise<PostgresServer>;
  /** The instances serving now (a spare that took an ended one's place is here, that one among `spares`). */
  instances: ClusterInstance[];
  /** The warm spares now. */
  spares: ClusterInstance[];
  balancer: Balancer | null;
  /** Restarts instances that end (`supervise`); null without. */
  supervisor: Supervisor | null;
  /** Prometheus scraping the instances (`prometheus`); null without. */
  prometheus: PrometheusServer | null;
  runDir: string;
  /** An operator token of this cluster's registry (kept in `runDir/registry-operator.token`); null without pages. */
  operatorToken: string | null;
  /** Sends a signal to one instance by its process id — the current one, after a restart (the fault tests' SIGKILL). */
  signal(instance: ClusterInstance, signal: NodeJS.Signals): void;
  /** Stops everything this cluster started (balancer, instances, PostgreSQL), by process id, and waits. */
  stop(): Promise<void>;
}

/** Sets a server's admin state through HAProxy's runtime API, which answers nothing when it did so. */
async function adminState(balancer: Balancer, instance: ClusterInstance, state: 'ready' | 'drain'): Promise<void> {
  const answer = await balancer.command(`set server instances/${instance.name} state ${state}`);
  if (answer) throw new Error(`HAProxy refused to set ${instance.name} ${state}: ${answer}`);
}

/** Starts the cluster; on any failure, whatever was started is stopped again before the error is thrown. */
export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const config = options.config ?? loadShopSettings();
  const log = options.log ?? console.log;
  const count = options.instances ?? 3;
  const withPages = options.pages ?? true;
  const withBalancer = options.balancer ?? true;
  if (!Number.isInteger(count) || count < 1 || count > 32) throw new Error(`CLUSTER_INSTANCES must be 1–32, got ${count}`);
  const spareCount = options.spares ?? 0;
  if (!Number.isInteger(spareCount) || spareCount < 0 || spareCount > 8) throw new Error(`CLUSTER_SPARES must be 0–8, got ${spareCount}`);
  if (spareCount > 0 && !withBalancer) throw new Error('spares need the balancer (they wait in it, drained)');
  const temporaryRunDir = !options.runDir;
  const runDir = options.runDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-cluster-'));
  fs.mkdirSync(runDir, { recursive: true });

  const stoppers: (() => Promise<void>)[] = [];
  let postgres: PostgresServer | null = null;
  let replica: PostgresServer | null = null;
  let supervisor: Supervisor | null = null;
  const stopAll = async () => {
    // First: an instance ending from here on (Ctrl-C reaches them too) is part of the stop, not restarted.
    supervisor?.stop();
    for (const stop of stoppers.reverse()) await stop().catch((error: unknown) => log(`stopping: ${String(error)}`));
    stoppers.length = 0;
    if (temporaryRunDir) fs.rmSync(runDir, { recursive: true, force: true });
  };
  try {
    let databaseUrl = options.databaseUrl;
    if (options.replica && databaseUrl) throw new Error('a replica of our own needs our own PostgreSQL: leave out DATABASE_URL');
    if (!databaseUrl) {
      postgres = await startPostgres({ durable: false, ...options.postgres, replicated: Boolean(options.replica) });
      const server = postgres;
      stoppers.push(async () => server.stop());
      log(`postgresql: pid ${server.pid()} on 127.0.0.1:${server.port}, data in ${server.dataDir}`);
      if (options.replica) {
        const replicaOptions = options.replica === true ? {} : options.replica;
        replica = await startSynchronousReplica(server, { durable: options.postgres?.durable ?? false, ...replicaOptions });
        const standby = replica;
        stoppers.push(async () => standby.stop());
        log(`postgresql replica: pid ${standby.pid()} on 127.0.0.1:${standby.port}, streaming from ${server.port}, data in ${standby.dataDir}`);
      }
      databaseUrl = await ensureDatabase(server, replica);
    }
    if (databaseUrl.startsWith('sqlite:') && count > 1) throw new Error('several instances need PostgreSQL (a SQLite file belongs to one process)');
    await prepareDatabase(databaseUrl, options.seed ?? DEFAULT_SEED, options.prepare, log);
    // Generated once here: instances starting together would each write a different secret.
    loadTokenSecret(config.tokenSecret, config.varDir);
    loadTokenSecret(config.paymentKey, config.varDir, 'payment-key');

    if (withPages) buildMissing(log);

    const balancerPort = withBalancer ? (options.balancerPort ?? config.port) || (await freePort()) : 0;
    const publicOrigin =
      options.balancerPort === undefined || options.balancerPort === config.port ? config.publicOrigin : `http://${config.publicHost}:${balancerPort}`;
    const ports = options.instancePorts ?? [];
    for (let i = ports.length; i < count + spareCount; i += 1) ports.push(await freePort());
    const envFor = (name: string, port: number): NodeJS.ProcessEnv => ({
      // glibc keeps an arena of freed memory per thread that allocated (the page server's compression,
      // the thread pool): two arenas held ~40–55 MB less per instance at 100,000 products (docs/scaling.md).
      // A value in the environment or instanceEnv wins.
      MALLOC_ARENA_MAX: '2',
      // The cluster's instances share one catalogue snapshot, beside their logs (not npm start's, of another database).
      CATALOG_SNAPSHOT: path.join(runDir, 'catalog-snapshot.bin'),
      ...process.env,
      ...options.instanceEnv,
      PORT: String(port),
      HOST: config.host,
      PUBLIC_HOST: config.publicHost,
      PUBLIC_URL: withBalancer ? publicOrigin : `http://${config.publicHost}:${port}`,
      VAR_DIR: config.varDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: options.instanceEnv?.LOG_LEVEL ?? config.logLevel,
      // What reaches outside or holds secrets follows `config`, not whatever this process's environment says.
      MAIL_DIR: config.mailDir,
      SMTP_URL: config.smtpUrl ?? '',
      MARKETING_UNSUBSCRIBE_URL: config.marketingUnsubscribeUrl ?? '',
      TOKEN_SECRET: config.tokenSecret ?? '',
      PAYMENT_KEY: config.paymentKey ?? '',
      PUBLIC_ORIGINS: config.publicOrigins.join(','),
      SHELL_DIST: config.shellDist,
      // The gateway's notifications come in through the balancer: any instance takes them, a dead one misses none.
      PAYMENT_NOTIFY_URL: config.paymentNotifyUrl ?? (withBalancer ? `http://127.0.0.1:${balancerPort}/api/payment/notify` : ''),
      CLUSTER_INSTANCE: name,
      CLUSTER_PAGES: withPages ? '1' : '0',
      // Prometheus on this machine reads /metrics without a token; through the balancer a request's
      // address is its client's (TRUST_PROXY, X-Forwarded-For), so this admits no one from elsewhere.
      ...(options.prometheus ? { METRICS_ALLOW: metricsAllowWithLoopback(options.instanceEnv?.METRICS_ALLOW ?? process.env.METRICS_ALLOW) } : {}),
    });
    const started = ports.slice(0, count + spareCount).map((port, i) => startInstance({ name: `api${i + 1}`, port, runDir, env: envFor(`api${i + 1}`, port) }));
    // The records the cluster hands out; the supervisor keeps their pid and exited current (and which serve).
    const records: ClusterInstance[] = started.map(({ ready: _ready, ...instance }) => instance);
    const instances = records.slice(0, count);
    const spares = records.slice(count);
    // SIGINT: close now, answering what is under way (the balancer is stopped first; nothing new comes).
    stoppers.push(async () => {
      await Promise.all(records.map((instance) => endProcess(instance.pid, instance.exited, 'SIGINT', 10_000)));
    });
    await Promise.all(started.map((instance) => instance.ready));
    for (const instance of records)
      log(`${instance.name}${spares.includes(instance) ? ' (spare)' : ''}: pid ${instance.pid} on ${instance.url} (log ${instance.logFile})`);

    let balancer: Balancer | null = null;
    if (withBalancer) {
      balancer = await startBalancer({ port: balancerPort, host: config.host, servers: records, runDir });
      const running = balancer;
      stoppers.push(() => running.stop());
      for (const spare of spares) await adminState(balancer, spare, 'drain');
      await balancer.waitUntil((states) => spares.every((spare) => states.some((state) => state.name === spare.name && state.status === 'DRAIN')));
      log(
        `haproxy: pid ${balancer.pid} on ${balancer.url}, ${instances.length} servers${spares.length > 0 ? ` and ${spares.length} drained spare(s)` : ''}, ` +
          `statistics ${balancer.statsUrl}, config ${balancer.configFile}`,
      );
    }
    let prometheus: PrometheusServer | null = null;
    if (options.prometheus) {
      const port = options.prometheus === true ? undefined : options.prometheus.port;
      prometheus = await startPrometheus({ runDir, targets: records, port });
      const running = prometheus;
      stoppers.push(() => running.stop());
      log(`prometheus: pid ${prometheus.pid} on ${prometheus.url}, scraping ${records.length} instances' /metrics, config ${prometheus.configFile}`);
    }
    if (options.supervise) {
      const supervise = options.supervise === true ? {} : options.supervise;
      const inBalancer = balancer;
      supervisor = superviseInstances({
        instances,
        spares,
        start: (instance) =>
          startInstance({
            name: instance.name,
            port: instance.port,
            runDir,
            env: { ...envFor(instance.name, instance.port), ...supervise.restartEnv?.(instance.name) },
          }),
        policy: supervise.policy,
        // HAProxy takes a server back after two passed checks (`rise 2`, every 500 ms while it is down); a drained one shows DRAIN.
        rejoined: inBalancer
          ? async (instance, role) => {
              const status = role === 'spare' ? 'DRAIN' : 'UP';
              await inBalancer.waitUntil((states) => states.some((state) => state.name === instance.name && state.status === status), 30_000);
            }
          : undefined,
        // The ended one is drained first: when its restart passes its checks it waits as the spare.
        promote: async (spare, ended) => {
          if (!inBalancer) return;
          await adminState(inBalancer, ended, 'drain');
          await adminState(inBalancer, spare, 'ready');
        },
        log,
        onEvent: supervise.onEvent,
      });
    }
    let operatorToken: string | null = null;
    if (withPages) {
      // The builds of this checkout, released like a team's CI would: over HTTP, through the gate, to the whole cluster.
      const db = openDatabase(databaseUrl);
      try {
        operatorToken = await ensureOperatorToken(db, path.join(runDir, 'registry-operator.token'), 'npm run start:cluster (this machine)');
      } finally {
        await db.close();
      }
      await releaseMissingBuilds(registryClient({ shop: balancer?.url ?? instances[0].url, token: operatorToken }), log);
    }
    const running: RunningCluster = {
      url: withBalancer ? `${publicOrigin}/` : `http://${config.publicHost}:${instances[0].port}/`,
      balancerUrl: balancer?.url ?? null,
      databaseUrl,
      postgres,
      replica,
      failover: async () => {
        if (!postgres || !replica) throw new Error('no replica to fail over to: start the cluster with a replica (--replica)');
        const promoted = replica;
        const started = performance.now();
        postgres.halt();
        const haltedMs = performance.now() - started;
        await promoted.promote();
        log(
          `postgresql: primary on ${postgres.port} stopped (${haltedMs.toFixed(0)} ms), replica on ${promoted.port} promoted (${(performance.now() - started - haltedMs).toFixed(0)} ms)`,
        );
        running.postgres = promoted;
        running.replica = null;
        postgres = promoted;
        replica = null;
        return promoted;
      },
      instances,
      spares,
      balancer,
      supervisor,
      prometheus,
      runDir,
      operatorToken,
      signal: (instance, signal) => process.kill(instance.pid, signal),
      stop: stopAll,
    };
    return running;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** METRICS_ALLOW's addresses and loopback's (IPv4, IPv6), once each. */
function metricsAllowWithLoopback(value: string | undefined): string {
  const listed = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return [...new Set([...listed, '127.0.0.1', '::1'])].join(',');
}
