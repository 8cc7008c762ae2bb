import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadShopSettings, type ShopSettings } from '../composition/shop-settings';
import { DEFAULT_SEED } from '../api/public/catalog';
import { REPO_ROOT } from './lib/repo-root';
import { prepareData, type BenchData } from './bench-cluster/bench-data';
import { childrenOf, memoryKb } from './bench-cluster/proc-usage';
import { benchSetup, memoryLine, summaryTable, type Results, type Setup } from './bench-cluster/report';
import { warmUp } from './bench-cluster/run-workload';
import { importWhileBusy, PACED, SATURATING } from './bench-cluster/import-while-busy';
import { failoverWhileBusy } from './bench-cluster/failover-while-busy';
import { killWhileBusy } from './bench-cluster/kill-while-busy';
import { stockPropagation } from './bench-cluster/stock-propagation';
import { startCluster, type RunningCluster } from './lib/cluster';
import { HAPROXY_BIN, startBalancer, type Balancer } from './lib/cluster/balancer';
import type { SupervisorEvent } from './lib/cluster/supervisor';
import { distFoldersOf, LOCAL_REMOTES, WORKSPACES } from './lib/local-builds';
import { postgresBinDir } from './lib/postgres-server';

/**
 * npm run bench:cluster [-- --duration 8 --connections 64 --products 1500 --no-pages --soak 600 [--import-cli] [--kill-at 400] --only order --no-sqlite | --failover]: the shop's throughput
 * scaled out, in one run on this machine (issue #23, docs/scaling.md). Listing, product view,
 * product page (with pages), add to cart and order placing at 64 connections (autocannon, in
 * this process) against
 *
 *   1 instance on SQLite (as npm start) · 1 on PostgreSQL · the same one behind HAProxy ·
 *   2 and 3 behind HAProxy
 *
 * each instance a process of scripts/cluster-instance.ts (API + page server, as
 * `npm run start:cluster` runs them; LOG_LEVEL=warn), PostgreSQL with its production settings
 * (fsync, synchronous commit). Every instance runs each workload once before anything is
 * measured (JIT, caches); each run starts once the instances are idle again. Per run:
 * operations/s, p50 and p99 of the step itself, non-2xx by status; where the CPU went
 * (instances, PostgreSQL, HAProxy, the load generator — all on the same cores — and the machine
 * as a whole, so another process's load shows); what PostgreSQL's sessions were doing (running,
 * waiting for a row lock, holding a transaction open while their instance works). Then: how
 * long a stock change made through one instance takes to reach the in-stock search filter of
 * every instance, and memory per instance after the load. Prints, never asserts.
 *
 * The parts are in bench-cluster/: the data and requests, the workloads, one workload's run and
 * its measuring (/proc, PostgreSQL's sessions), the report, the stock change's propagation.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const DURATION_S = option('duration', 8);
const WARMUP_S = 1;
const CONNECTIONS = option('connections', 64);
const WITH_PAGES = !args.includes('--no-pages');
/** `--only order,listing`: only the workloads whose names start so (and no import row); `--no-sqlite`: PostgreSQL's setups only. */
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',').map((name) => name.trim()) : [];
const WITH_SQLITE = !args.includes('--no-sqlite');
/** `--soak 600`: only issue #37's busy shop — 3 instances behind HAProxy under paced load for this long, a 10,000-row price import a third of the way in. */
const SOAK_S = option('soak', 0);
/** `--import-cli`: the soak's price file goes in through `npm run catalog:import` (its own process) instead of the endpoint. */
const IMPORT_BY_CLI = args.includes('--import-cli');
/**
 * The soak runs as start:cluster does — a warm spare, the supervisor — and SIGKILLs a serving
 * instance this many seconds in (`--kill-at 160`; none by default).
 */
const KILL_AT_S = option('kill-at', 0);
/**
 * `--failover`: only issue #54's database failover — 2 instances behind HAProxy on PostgreSQL with
 * a synchronous replica, 200 order flows a minute (`--orders-per-minute`), the primary killed
 * `--kill-at` (default 20) seconds in and the replica promoted, as long again after.
 */
const FAILOVER = args.includes('--failover');
const ORDERS_PER_MINUTE = option('orders-per-minute', 200);
/** The catalogue's size (parents); npm start's 1,500 by default. `--products 100000` takes minutes to seed and load. */
const PRODUCTS = option('products', DEFAULT_SEED.products);
const SEED = { ...DEFAULT_SEED, products: PRODUCTS };

async function main() {
  const started = Date.now();
  const withPages =
    WITH_PAGES &&
    fs.existsSync(path.join(REPO_ROOT, 'shell/dist/index.html')) &&
    LOCAL_REMOTES.every((remote) => distFoldersOf(path.join(REPO_ROOT, WORKSPACES[remote])).length > 0);
  const haproxyVersion = execFileSync(HAPROXY_BIN, ['-v'], { encoding: 'utf8' })
    .split('\n')[0]
    .replace(/ - https.*/, '');
  const postgresVersion = execFileSync(path.join(postgresBinDir(), 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  console.log(
    `Cluster benchmark: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${haproxyVersion}, ${postgresVersion}`,
  );
  console.log(
    `${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per workload; catalogue ${PRODUCTS} products; instances ${withPages ? 'API + page server' : 'API only'}, LOG_LEVEL=warn; the load generator runs on the same cores`,
  );

  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-bench-cluster-'));
  const env: NodeJS.ProcessEnv = { ...process.env, VAR_DIR: varDir, LOG_LEVEL: 'warn', PORT: '0' };
  for (const name of ['PUBLIC_URL', 'PUBLIC_ORIGINS', 'DATABASE_URL', 'MAIL_DIR', 'SMTP_URL', 'PAYMENT_NOTIFY_URL']) delete env[name];
  const config: ShopSettings = loadShopSettings(env);
  const common = { config, pages: withPages, seed: SEED, instanceEnv: { LOG_LEVEL: 'warn' }, log: (line: string) => console.log(`  ${line}`) };
  const data: BenchData = { buy: [], probes: [], views: [], importSkus: [], withPages: WITH_PAGES, pages: [] };
  const results: Results = new Map();
  const bench = async (setup: Setup) => {
    results.set(setup.name, await benchSetup(setup, data, { connections: CONNECTIONS, warmupS: WARMUP_S, durationS: DURATION_S }, ONLY));
  };
  let cluster: RunningCluster | null = null;
  let balancer: Balancer | null = null;
  // Ctrl-C or SIGTERM: what was started is stopped (by process id) before leaving.
  let interrupted = false;
  const interrupt = () => {
    if (interrupted) return;
    interrupted = true;
    console.log('\nstopping…');
    void (async () => {
      await balancer?.stop();
      await cluster?.stop();
      fs.rmSync(varDir, { recursive: true, force: true });
      process.exit(130);
    })();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    if (FAILOVER) {
      console.log('\nstarting PostgreSQL with a synchronous streaming replica, 2 instances behind HAProxy…');
      cluster = await startCluster({
        ...common,
        instances: 2,
        balancerPort: 0,
        postgres: { durable: true },
        replica: { durable: true },
        prepare: (db) => prepareData(db, data),
      });
      const beforeS = KILL_AT_S || 20;
      await failoverWhileBusy(cluster, { ordersPerMinute: ORDERS_PER_MINUTE, beforeS, afterS: beforeS, skus: data.buy });
      return;
    }
    if (SOAK_S > 0) {
      console.log('\nstarting PostgreSQL, 3 instances and a warm spare behind HAProxy, supervised (as start:cluster)…');
      const events: SupervisorEvent[] = [];
      cluster = await startCluster({
        ...common,
        instances: 3,
        spares: 1,
        balancerPort: 0,
        supervise: { onEvent: (event) => events.push(event) },
        postgres: { durable: true },
        prepare: (db) => prepareData(db, data),
      });
      if (!cluster.operatorToken) throw new Error('--soak needs the registry operator token: run `npm run build` first (instances with pages)');
      console.log('\nMemory after the start (RSS now, and its peak):');
      for (const instance of [...cluster.instances, ...cluster.spares]) console.log(memoryLine(`${instance.name} (PostgreSQL)`, instance.pid));
      console.log('  warming up the serving instances…');
      await warmUp(cluster.instances, data, CONNECTIONS, ONLY);
      const running = cluster;
      await Promise.all([
        importWhileBusy({
          balancerUrl: cluster.balancerUrl!,
          instances: [...cluster.instances],
          token: cluster.operatorToken,
          data,
          durationS: SOAK_S,
          load: PACED,
          via: IMPORT_BY_CLI ? { cli: true, databaseUrl: cluster.databaseUrl! } : { endpoint: true },
        }),
        KILL_AT_S > 0 ? killWhileBusy(running, events, KILL_AT_S) : Promise.resolve(),
      ]);
      console.log('\nMemory after the load (RSS now, and its peak):');
      for (const instance of cluster.instances) console.log(memoryLine(`${instance.name} (PostgreSQL)`, instance.pid));
      for (const instance of cluster.spares) console.log(memoryLine(`${instance.name} (spare)`, instance.pid));
      return;
    }
    // 1 instance on SQLite, as npm start runs the shop.
    let sqliteMemory: string | null = null;
    if (WITH_SQLITE) {
      console.log('\nstarting 1 instance on SQLite…');
      cluster = await startCluster({
        ...common,
        instances: 1,
        balancer: false,
        databaseUrl: `sqlite:${path.join(varDir, 'kaloryfer.sqlite')}`,
        prepare: (db) => prepareData(db, data),
      });
      const [sqlite] = cluster.instances;
      console.log('  warming up…');
      await warmUp(cluster.instances, data, CONNECTIONS, ONLY);
      await bench({
        name: '1 × SQLite',
        url: sqlite.url,
        processes: { instances: [sqlite.pid], postgres: null, haproxy: null },
        instances: [sqlite],
        databaseUrl: null,
      });
      sqliteMemory = memoryLine(`${sqlite.name} (SQLite)`, sqlite.pid);
      await cluster.stop();
      cluster = null;
    }

    // 3 instances on one PostgreSQL; the balancer in front of 1, 2, then all 3 of them.
    console.log('\nstarting PostgreSQL and 3 instances…');
    cluster = await startCluster({ ...common, instances: 3, balancer: false, postgres: { durable: true }, prepare: (db) => prepareData(db, data) });
    const postmaster = cluster.postgres!.pid();
    console.log('  warming up…');
    await warmUp(cluster.instances, data, CONNECTIONS, ONLY);
    const [first] = cluster.instances;
    await bench({
      name: '1 × PostgreSQL',
      url: first.url,
      processes: { instances: [first.pid], postgres: postmaster, haproxy: null },
      instances: cluster.instances,
      databaseUrl: cluster.databaseUrl,
    });
    for (const count of [1, 2, 3]) {
      const servers = cluster.instances.slice(0, count);
      balancer = await startBalancer({ port: 0, servers, runDir: cluster.runDir, name: `haproxy-${count}` });
      await bench({
        name: `${count} × PG + HAProxy`,
        url: balancer.url,
        processes: { instances: servers.map((s) => s.pid), postgres: postmaster, haproxy: balancer.pid },
        instances: cluster.instances,
        databaseUrl: cluster.databaseUrl,
      });
      if (count === 3) {
        console.log('\nMemory after the load (RSS now, and its peak):');
        if (sqliteMemory) console.log(sqliteMemory);
        for (const instance of cluster.instances) console.log(memoryLine(`${instance.name} (PostgreSQL)`, instance.pid));
        console.log(memoryLine('haproxy', balancer.pid));
        const pgProcesses = postmaster ? [postmaster, ...childrenOf(postmaster)] : [];
        console.log(
          `  ${'postgresql'.padEnd(22)} PSS ${(pgProcesses.reduce((sum, pid) => sum + memoryKb(pid, 'Pss'), 0) / 1024).toFixed(0).padStart(5)} MB   (${pgProcesses.length} processes, shared buffers counted once)`,
        );
      }
      await balancer.stop();
      balancer = null;
    }
    await stockPropagation(cluster.instances, data.probes);
    if (ONLY.length > 0) console.log('\nImport while busy: skipped (--only)');
    else if (cluster.operatorToken) {
      balancer = await startBalancer({ port: 0, servers: cluster.instances, runDir: cluster.runDir, name: 'haproxy-import' });
      await importWhileBusy({
        balancerUrl: balancer.url,
        instances: cluster.instances,
        token: cluster.operatorToken,
        data,
        durationS: Math.max(DURATION_S, 12),
        load: SATURATING,
      });
      await balancer.stop();
      balancer = null;
    } else
      console.log('\nImport while busy: skipped (it needs the registry operator token, made when the instances run with pages: run `npm run build` first)');
    summaryTable(results, CONNECTIONS);
  } finally {
    await balancer?.stop();
    await cluster?.stop();
    fs.rmSync(varDir, { recursive: true, force: true });
  }
  console.log(`\n(${Math.round((Date.now() - started) / 1000)} s in all)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
