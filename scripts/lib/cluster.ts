import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isViewable, type Product } from '@kaloryfer/domain';
import pg from 'pg';
import { loadTokenSecret } from '../../api/src/auth/group-token';
import { loadConfig, REPO_ROOT, type Config } from '../../api/src/config';
import { openDatabase, type Db } from '../../api/src/db/database';
import { migrateToLatest } from '../../api/src/db/migrate';
import { DEFAULT_SEED, hasCatalog, seedCatalog, type SeedOptions } from '../../api/src/seed/catalog-seed';
import { freePort, startPostgres, type PostgresServer, type StartPostgresOptions } from './postgres-server';
import { ensureOperatorToken, releaseMissingBuilds } from './local-builds';
import { registryClient } from './registry-client';
import { buildMissing } from './shop';

/**
 * The shop scaled out on one machine (issue #23, docs/scaling.md): N instances of
 * `scripts/cluster-instance.ts` (API + page server, one process each, on their own ports) on one
 * PostgreSQL, behind HAProxy from the distribution (`/usr/sbin/haproxy`; round robin, health
 * checks on `/api/health`, no sticky sessions). Every instance serves the remotes' files from the
 * registry in the database; the builds this checkout has are released through the balancer
 * when the registry serves nothing of a remote yet. `npm run start:cluster` (scripts/start-cluster.ts), the instance-killed test
 * (scripts/test/cluster.test.ts) and `npm run bench:cluster` all start it through here.
 *
 * Everything started is a child process (or the PostgreSQL postmaster, stopped through its data
 * folder): `stop()` ends each by its process id and waits for it.
 */
export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
const INSTANCE_SCRIPT = path.join(REPO_ROOT, 'scripts/cluster-instance.ts');
const DATABASE_NAME = 'kaloryfer';

export interface ClusterOptions {
  /** The shop's settings (VAR_DIR, PUBLIC_HOST, LOG_LEVEL…); its `port` is the balancer's unless `balancerPort` says otherwise. */
  config?: Config;
  /** How many API instances (default 3). */
  instances?: number;
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
  log?: (line: string) => void;
}

export interface ClusterInstance {
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>`: the instance itself, past the balancer. */
  url: string;
  pid: number;
  logFile: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export interface ServerState {
  name: string;
  /** HAProxy's: UP, DOWN, `UP 1/2` (going down), `DOWN 1/2` (going up), MAINT… */
  status: string;
  /** The last health check's result (L7OK, L4CON, L7STS…). */
  check: string;
  /** Requests sent to it, retries and redispatches away from it, 5xx it answered. */
  requests: number;
  retries: number;
  redispatches: number;
  http5xx: number;
}

export interface Balancer {
  url: string;
  port: number;
  pid: number;
  configFile: string;
  /** HAProxy's statistics page (HTML; `;csv` for machines). */
  statsUrl: string;
  /** The backend's servers as HAProxy sees them now, and the backend's own totals as `name: 'BACKEND'`. */
  servers(): Promise<ServerState[]>;
  /** A command of HAProxy's runtime API (`set server instances/api1 state drain`); answers its output. */
  command(line: string): Promise<string>;
  /** Resolves once `test` holds for the servers' states (or rejects after `timeoutMs`). */
  waitUntil(test: (servers: ServerState[]) => boolean, timeoutMs?: number): Promise<ServerState[]>;
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

export interface RunningCluster {
  /** The URL to open: the balancer's (`http://localhost:3000/`), or the only instance's without one. */
  url: string;
  /** The balancer on loopback (`http://127.0.0.1:<port>`), for clients on this machine. */
  balancerUrl: string | null;
  databaseUrl: string;
  /** Our own PostgreSQL server, when the cluster started one. */
  postgres: PostgresServer | null;
  instances: ClusterInstance[];
  balancer: Balancer | null;
  runDir: string;
  /** An operator token of this cluster's registry (kept in `runDir/registry-operator.token`); null without pages. */
  operatorToken: string | null;
  /** Sends a signal to one instance by its process id (the fault test's SIGKILL). */
  signal(instance: ClusterInstance, signal: NodeJS.Signals): void;
  /** Stops everything this cluster started (balancer, instances, PostgreSQL), by process id, and waits. */
  stop(): Promise<void>;
}

/** Does something listen on this loopback port? */
export function portTaken(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves when the child has ended (at once if it already has). */
function exitOf(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'exited')));
}

/** Sends `signal` to a process id; then SIGKILL if it has not ended within `graceMs`. */
async function endProcess(pid: number, exited: Promise<unknown>, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    return; // gone already
  }
  const ended = await Promise.race([exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref())]);
  if (!ended) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
    await exited;
  }
}

const tail = (file: string, lines = 25) => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};

/** The database the cluster's own PostgreSQL serves the shop from, created on first use. */
async function ensureDatabase(server: PostgresServer): Promise<string> {
  const client = new pg.Client(server.url('postgres'));
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database "${DATABASE_NAME}"`);
  } finally {
    await client.end();
  }
  return server.url(DATABASE_NAME);
}

/** Migrates and seeds once, before any instance starts: instances never race on migrations. */
export async function prepareDatabase(
  url: string,
  seed: SeedOptions,
  prepare: ((db: Db) => Promise<void>) | undefined,
  log: (line: string) => void,
): Promise<void> {
  const db = openDatabase(url);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log(`database: applied ${applied.join(', ')}`);
    if (!(await hasCatalog(db))) {
      const seeded = await seedCatalog(db, seed);
      log(`database: seeded ${seeded.products} products (${seeded.skus} SKUs)`);
    }
    await prepare?.(db);
  } finally {
    await db.close();
  }
}

export interface HaproxyConfigOptions {
  /** host:port the shop is served on. */
  bind: string;
  servers: { name: string; address: string }[];
  /** host:port of the statistics page. */
  stats: string;
  /** The runtime API's Unix socket (`set server instances/api1 state drain`…). */
  socket: string;
}

/**
 * The balancer's configuration. Round robin, no stickiness (carts, sessions and orders live in
 * PostgreSQL; tokens are signed with the shared secret). Health: `GET /api/health` (the process
 * and its database answer) every 500 ms, down after 2 failures, up after 2 passes.
 *
 * A check that does not answer within 2 s fails (`timeout check`): an instance whose database
 * pool is saturated is taken out, but a busy one answering in 600 ms is not.
 *
 * Retries: a request whose connection failed was never sent, so it is always safe to send again
 * — to another server (`option redispatch 1`: every retry moves on). A request that reached an
 * instance which then died without answering (`empty-response`) or hung (`response-timeout`) is
 * sent again only when replaying it cannot do anything twice: reads (GET, HEAD, the catalogue's
 * POST `_search`) and `POST /api/order`, which places an order once per client order id. Every
 * other POST (a cart line added twice would be two lines) gets its 502/504 and the shopper's
 * client decides. HAProxy 2.6 itself would replay any method on those events; `disable-l7-retry`
 * keeps it to connection failures for the rest.
 *
 * Every answer says which instance gave it (`X-Served-By: api2`).
 */
export function haproxyConfig({ bind, servers, stats, socket }: HaproxyConfigOptions): string {
  return `# Written by scripts/lib/cluster.ts for one run of the cluster; docs/scaling.md explains it.
global
  maxconn 4096
  log stdout format raw local0 info
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  log global
  option httplog
  # Only what went wrong is logged: errors, 5xx, retries, redispatches, and servers going up or down.
  option dontlog-normal
  option dontlognull
  option log-health-checks
  option forwardfor
  timeout connect 1s
  timeout client 30s
  timeout server 15s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 5s
  # A crashed instance refuses connections at once (down within ~1 s); a slow health check under load is not a dead instance.
  timeout check 2s

frontend shop
  bind ${bind}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server check inter 500ms fall 2 rise 2 maxconn 256
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
  acl replay_safe method GET HEAD OPTIONS
  acl replay_safe path_end /_search
  acl replay_safe path /api/order
  http-request disable-l7-retry unless replay_safe
  # Which instance answered (operators, and the fault test).
  http-response set-header X-Served-By %s
${servers.map((server) => `  server ${server.name} ${server.address}`).join('\n')}

listen stats
  bind ${stats}
  stats enable
  stats uri /stats
  stats refresh 2s
`;
}

function parseStats(csv: string): ServerState[] {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (row: string[], column: string) => row[columns.indexOf(column)] ?? '';
  return rows
    .map((line) => line.split(','))
    .filter((row) => at(row, 'pxname') === 'instances')
    .map((row) => ({
      name: at(row, 'svname'),
      status: at(row, 'status'),
      check: at(row, 'check_status'),
      requests: Number(at(row, 'stot')) || 0,
      retries: Number(at(row, 'wretr')) || 0,
      redispatches: Number(at(row, 'wredis')) || 0,
      http5xx: Number(at(row, 'hrsp_5xx')) || 0,
    }));
}

/** HAProxy in the foreground (`-db`) as a child of this process, in front of `servers`. */
export async function startBalancer(options: {
  port: number;
  host?: string;
  servers: { name: string; port: number }[];
  runDir: string;
  name?: string;
}): Promise<Balancer> {
  if (!fs.existsSync(HAPROXY_BIN)) throw new Error(`HAProxy not found at ${HAPROXY_BIN}: apt-get install -y haproxy (or set HAPROXY_BIN)`);
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort());
  if (await portTaken(port, host === '0.0.0.0' ? '127.0.0.1' : host))
    throw new Error(`port ${port} is taken: is the shop already running? (CLUSTER_PORT chooses another)`);
  const statsPort = await freePort();
  const name = options.name ?? 'haproxy';
  const configFile = path.join(options.runDir, `${name}.cfg`);
  const socket = path.join(options.runDir, `${name}.sock`);
  fs.writeFileSync(
    configFile,
    haproxyConfig({
      bind: `${host}:${port}`,
      stats: `127.0.0.1:${statsPort}`,
      socket,
      servers: options.servers.map((server) => ({ name: server.name, address: `127.0.0.1:${server.port}` })),
    }),
  );
  const check = spawn(HAPROXY_BIN, ['-c', '-q', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let checkErrors = '';
  check.stderr!.on('data', (chunk) => {
    checkErrors += chunk;
  });
  if ((await exitOf(check)) !== 0) throw new Error(`HAProxy refused ${configFile}:\n${checkErrors}`);

  const logFile = path.join(options.runDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(HAPROXY_BIN, ['-db', '-f', configFile], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  // Its pid in a file too (HAProxy writes none in the foreground): a run killed before it could stop it leaves it to the next (stopLeftoverBalancer).
  const pidFile = path.join(options.runDir, `${name}.pid`);
  fs.writeFileSync(pidFile, `${child.pid}\n`);
  const exited = exitOf(child).then((code) => {
    fs.rmSync(pidFile, { force: true });
    return code;
  });
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
  const servers = async () => {
    const response = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2000) });
    return parseStats(await response.text());
  };
  const waitUntil = async (test: (states: ServerState[]) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    let last: ServerState[] = [];
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`HAProxy ended:\n${tail(logFile)}`);
      try {
        last = await servers();
        if (test(last)) return last;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`HAProxy: servers not as expected after ${timeoutMs} ms: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = net.connect(socket);
      let output = '';
      connection.setEncoding('utf8');
      connection.on('data', (chunk) => {
        output += chunk;
      });
      connection.once('error', reject);
      connection.once('end', () => resolve(output.trim()));
      connection.end(`${line}\n`);
    });
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    configFile,
    statsUrl,
    servers,
    command,
    waitUntil,
    exited,
    stop: () => endProcess(child.pid!, exited, 'SIGTERM', 5000),
  };
  try {
    // Ready: every server passed a health check.
    await balancer.waitUntil((states) => states.filter((s) => s.name !== 'BACKEND').every((s) => s.status === 'UP' && s.check.startsWith('L7OK')));
  } catch (error) {
    await balancer.stop();
    throw error;
  }
  return balancer;
}

/**
 * Stops a HAProxy an earlier run left behind in `runDir` (that run was killed before it could stop
 * it): the process named in its pid file, if it is still that HAProxy with that configuration.
 */
export async function stopLeftoverBalancer(runDir: string, name = 'haproxy', log: (line: string) => void = console.log): Promise<void> {
  const pidFile = path.join(runDir, `${name}.pid`);
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim().split('\n')[0]);
  let commandLine = '';
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    // not running
  }
  if (commandLine.includes('haproxy') && commandLine.includes(path.join(runDir, `${name}.cfg`))) {
    log(`HAProxy of an earlier run is still running (pid ${pid}): stopping it`);
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 50 && fs.existsSync(`/proc/${pid}`); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fs.rmSync(pidFile, { force: true });
}

interface StartedInstance extends ClusterInstance {
  ready: Promise<void>;
}

function startInstance(options: { name: string; port: number; env: NodeJS.ProcessEnv; runDir: string }): StartedInstance {
  const logFile = path.join(options.runDir, `${options.name}.log`);
  const out = fs.openSync(logFile, 'a');
  // node itself (not the tsx command, which would run node as its own child): the pid we keep is the instance's.
  const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE_SCRIPT], {
    cwd: REPO_ROOT,
    env: options.env,
    stdio: ['ignore', out, out, 'ipc'],
  });
  fs.closeSync(out);
  const exited = exitOf(child);
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'ready') resolve();
    });
    void exited.then((code) => reject(new Error(`${options.name} ended (${code}) before it was ready:\n${tail(logFile)}`)));
  });
  return { name: options.name, port: options.port, url: `http://127.0.0.1:${options.port}`, pid: child.pid!, logFile, exited, ready };
}

/** Starts the cluster; on any failure, whatever was started is stopped again before the error is thrown. */
export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const config = options.config ?? loadConfig();
  const log = options.log ?? console.log;
  const count = options.instances ?? 3;
  const withPages = options.pages ?? true;
  const withBalancer = options.balancer ?? true;
  if (!Number.isInteger(count) || count < 1 || count > 32) throw new Error(`CLUSTER_INSTANCES must be 1–32, got ${count}`);
  const temporaryRunDir = !options.runDir;
  const runDir = options.runDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-cluster-'));
  fs.mkdirSync(runDir, { recursive: true });

  const stoppers: (() => Promise<void>)[] = [];
  let postgres: PostgresServer | null = null;
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch((error: unknown) => log(`stopping: ${String(error)}`));
    stoppers.length = 0;
    if (temporaryRunDir) fs.rmSync(runDir, { recursive: true, force: true });
  };
  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      postgres = await startPostgres(options.postgres ?? { durable: false });
      const server = postgres;
      stoppers.push(async () => server.stop());
      databaseUrl = await ensureDatabase(server);
      log(`postgresql: pid ${server.pid()} on 127.0.0.1:${server.port}, data in ${server.dataDir}`);
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
    for (let i = ports.length; i < count; i += 1) ports.push(await freePort());
    const instances = ports.slice(0, count).map((port, i) => {
      const name = `api${i + 1}`;
      const instance = startInstance({
        name,
        port,
        runDir,
        env: {
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
        },
      });
      return instance;
    });
    // SIGINT: close now, answering what is under way (the balancer is stopped first; nothing new comes).
    stoppers.push(async () => {
      await Promise.all(instances.map((instance) => endProcess(instance.pid, instance.exited, 'SIGINT', 10_000)));
    });
    await Promise.all(instances.map((instance) => instance.ready));
    for (const instance of instances) log(`${instance.name}: pid ${instance.pid} on ${instance.url} (log ${instance.logFile})`);

    let balancer: Balancer | null = null;
    if (withBalancer) {
      balancer = await startBalancer({ port: balancerPort, host: config.host, servers: instances, runDir });
      const started = balancer;
      stoppers.push(() => started.stop());
      log(`haproxy: pid ${balancer.pid} on ${balancer.url}, ${instances.length} servers, statistics ${balancer.statsUrl}, config ${balancer.configFile}`);
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
      instances: instances.map(({ ready: _ready, ...instance }) => instance),
      balancer,
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

/**
 * SKUs a test or benchmark can order many times: simple, listed, managed non-volatile stock, no
 * options or tier prices (priced simply). `qty` given: their stock rows are set to it (call it
 * from `prepare`, before the instances load the catalogue).
 */
export async function plainSkus(db: Db, count: number, qty?: number): Promise<string[]> {
  const stock = await db.kysely
    .selectFrom('stock_item')
    .select('sku')
    .where('manage_stock', '=', 1)
    .where('is_volatile', '=', 0)
    .where('is_in_stock', '=', 1)
    .where('parent_sku', 'is', null)
    .execute();
  const managed = new Set(stock.map((row) => row.sku));
  const rows = await db.kysely.selectFrom('product').select(['sku', 'doc']).where('type_id', '=', 'simple').orderBy('id').execute();
  const skus = rows
    .map((row) => JSON.parse(row.doc) as Product)
    .filter((product) => managed.has(product.sku) && isViewable(product) && !product.custom_options && product.tier_prices.length === 0)
    .slice(0, count)
    .map((product) => product.sku);
  if (skus.length < count) throw new Error(`only ${skus.length} plain SKUs in the catalogue, ${count} wanted`);
  if (qty !== undefined) {
    await db.kysely.updateTable('stock_item').set({ qty, is_in_stock: 1, min_sale_qty: 1, max_sale_qty: 0 }).where('sku', 'in', skus).execute();
  }
  return skus;
}
